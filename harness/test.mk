# SPDX-License-Identifier: GPL-2.0
# 'make test': every test stage, one KTAP document, one closing line
# 'N passed, N failed' (see harness/ktap_stages.py).  Stages, in order:
#   host       the engine built into a host program (harness/host.mk)
#   unit       unit tests of the scenario runner, of this harness and of bench/
#   gdb-unit   unit tests of the gdb commands' output (no gdb)
#   TARGET...  for each of TARGETS (default: all, see harness/target.mk) the
#              scenario suite booted on that target; its kernel is built
#              first, and a build that fails fails this stage
#   T-lockdep-selftests
#              lockdep's selftests with DEPT's verdict on each case, on
#              the lockdep-selftests variant of target T's kernel
#   soak-T     a smoke of make soak: a Debian userspace on target T's
#              kernel, a few stress-ng stressors (harness/soak.mk)
#   gdb-T      the gdb commands against target T's kernel, stopped at the
#              report of dept-article-xyz
# Which targets have the last three stages, their target files say
# ([tests]: harness/targets.py): today UML, and x86_64 for gdb.
#   kunit      the kernel's kunit.py parse reads every stage's KTAP
# The wall time of each stage (and of each target's build) is printed
# before the closing line.

comma := ,
TARGETS ?= $(ALL_TARGETS)
TEST_TARGETS := $(subst $(comma), ,$(TARGETS))
TEST_OUT := $(BUILD_DIR)/test
# DEPT's gdb commands, tested on the targets whose file says so (one
# host process and one QEMU guest: the two ways gdb attaches), with their
# default kernels
GDB_TEST_TARGETS := $(if $(VARIANT),,$(filter $(GDB_TARGETS),$(TEST_TARGETS)))
# lockdep's own selftests with DEPT's verdict beside lockdep's on every
# case (the lockdep-selftests variant, harness/test-full.mk), on the
# targets whose file says so (the fastest kernel to build and boot), so
# that every make test prints how far DEPT agrees with lockdep
SELFTEST_STAGES := $(if $(VARIANT),,$(patsubst %,%-lockdep-selftests,\
	$(filter $(LOCKDEP_SELFTESTS_TARGETS),$(TEST_TARGETS))))
# the soak's path, from the Debian root disk to its verdict, kept alive
SOAK_SMOKE_STAGES := $(if $(VARIANT),,$(patsubst %,soak-%,\
	$(filter $(SOAK_SMOKE_TARGETS),$(TEST_TARGETS))))
TEST_STAGES := host unit gdb-unit $(TEST_TARGETS) \
	$(SELFTEST_STAGES) $(SOAK_SMOKE_STAGES) $(GDB_TEST_TARGETS:%=gdb-%)

stage-host := $(MAKE) -s --no-print-directory host-test-ktap
# every unit test module of the harness and of bench/
UNIT_TESTS := $(subst /,.,$(patsubst %.py,%,$(wildcard harness/*_test.py \
	bench/*_test.py)))
stage-unit := DEPT_TREE=$(TREE) python3 -m harness.ktap_unittest $(UNIT_TESTS)
# $(call ktap-skip,NAME,REASON): a KTAP document of one skipped test
ktap-skip = python3 -m harness.ktap skip $(call quote,$(1)) $(call quote,$(2))
# A target the variant is not built for is one skipped test, not built.
$(foreach t,$(ALL_TARGETS),$(eval stage-$(t) = $$(if $$($(t)_SKIP),\
	$$(call ktap-skip,$(t)-$$(VARIANT),$$($(t)_SKIP)),$$(call run-scenarios,$(t)))))
$(foreach t,$(ALL_TARGETS),$(eval build-$(t) := $(if $($(t)_SKIP),,\
	$(MAKE) -s --no-print-directory $(t)-prepared)))
stage-gdb-unit := $(MAKE) -s --no-print-directory gdb-unit-ktap
$(foreach t,$(ALL_TARGETS),$(eval \
	stage-gdb-$(t) := $(MAKE) -s --no-print-directory gdb-test-ktap TARGET=$(t)))

quote = '$(subst ','\'',$(1))'

# $(call run-stages,STAGES): harness/ktap_stages.py running each of STAGES
# (its build-STAGE first, if it has one) and then the kunit stage, the
# kernel's kunit.py parse reading every stage's KTAP (make test and make
# test-full)
run-stages = python3 -m harness.ktap_stages $(TEST_OUT) \
	$(foreach s,$(1),$(if $(build-$(s)),--build $(call quote,$(s)=$(build-$(s))))) \
	$(foreach s,$(1),$(call quote,$(s)=$(stage-$(s)))) \
	$(call quote,kunit=python3 -m harness.check_kunit_parse \
		$(TREE)/tools/testing/kunit/kunit.py $(1:%=$(TEST_OUT)/%.ktap))

.PHONY: test
test: tree
	$(call check-targets,$(TEST_TARGETS))
	@$(call run-stages,$(TEST_STAGES))
