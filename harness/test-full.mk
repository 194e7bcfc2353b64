# SPDX-License-Identifier: GPL-2.0
# 'make test-full': what 'make test' runs (the host, unit and gdb stages,
# the scenario suite on each target's default kernel), plus the suite on
# every kernel variant of harness/variants/ on every target: one stage
# T-VARIANT each, its kernel built first in $(BUILD_DIR)/T-VARIANT.  A
# variant that is not built for a target (its "# skip" line) is one skipped
# test with its reason; a variant runs the scenarios its "# scenarios" line
# names, or all.  make bench's kernels (the floor, lockdep alone, DEPT
# alone) are not test kernels.  TARGETS and SCENARIOS narrow it as they do 'make test'.  One
# KTAP document, one closing line "N passed, N failed[, N skipped]".

FULL_VARIANTS := $(filter-out $(BENCH_VARIANTS),$(VARIANTS))
FULL_VARIANT_STAGES := $(foreach v,$(FULL_VARIANTS),$(TEST_TARGETS:%=%-$(v)))
FULL_STAGES := host unit gdb-unit $(TEST_TARGETS) \
	$(FULL_VARIANT_STAGES) $(GDB_TEST_TARGETS:%=gdb-%)

$(foreach v,$(FULL_VARIANTS),$(foreach t,$(ALL_TARGETS),$(eval \
	stage-$(t)-$(v) := $(MAKE) -s --no-print-directory scenarios-ktap \
		TARGET=$(t) VARIANT=$(v))))
$(foreach v,$(FULL_VARIANTS),$(foreach t,$(ALL_TARGETS),$(eval \
	build-$(t)-$(v) := $(if $(call variant-skip,$(t),$(v)),, \
		$(MAKE) -s --no-print-directory $(t)-prepared VARIANT=$(v)))))

.PHONY: test-full scenarios-ktap
# The scenario suite of TARGET (with VARIANT) as KTAP, its kernel as it is.
scenarios-ktap:
	@$(stage-$(TARGET))

test-full: tree
	$(call check-targets,$(TEST_TARGETS))
	$(if $(VARIANT),$(error make test-full runs every variant; no VARIANT=))
	@$(call run-stages,$(FULL_STAGES))
