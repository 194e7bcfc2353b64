# SPDX-License-Identifier: GPL-2.0
# 'make bench': what DEPT costs, measured and printed (bench/).
#
#   make bench [TARGETS=um,x86_64] [BENCH_RUNS=5] [BENCH_COLD=1]
#              [BENCH_HARNESS_TARGETS=um] [BENCH_NO_HARNESS=1]
#              [BENCH_NO_WORKLOAD=1]
#                  in-kernel figures per target (DEPT on, DEPT off with
#                  dept=off, the floor variant without lock debugging,
#                  lockdep alone, DEPT alone where it builds),
#                  the soak's kernel under stress-ng in the same three
#                  columns (workload), host figures under callgrind,
#                  memory, the harness's own times; a table,
#                  $(BENCH_OUT)/results.json and chart.svg, and the
#                  tables in docs/bench-results.md (the latest run only)
#   make bench-compare OLD=path/to/results.json
#                  each figure of the latest results against OLD's
#   make bench-profile
#                  the benchmark on UML under the host's perf, DEPT on and
#                  off: the functions with the most samples, and the
#                  shares of DEPT's engine, lockdep and the rest
#   make bench-unit  the unit tests of bench/, KTAP

BENCH_OUT := $(BUILD_DIR)/bench
# bench/ takes its commands as shell words: one quoted word each
quote = '$(subst ','\'',$(1))'
# $(call check-targets,NAMES): stop unless every name is a known target.
check-targets = $(if $(filter-out $(ALL_TARGETS),$(1)),$(error unknown \
	target(s) $(filter-out $(ALL_TARGETS),$(1)); known: $(ALL_TARGETS)))
BENCH_RUNS ?= 5
# the default target (harness/targets.py): its edit loop is timed, its
# kernel profiled, and it is measured when TARGETS does not say
BENCH_TARGET := $(DEFAULT_TARGET)
BENCH_TARGETS := $(or $(subst $(comma), ,$(TARGETS)),$(BENCH_TARGET))
# The kernels of the in-kernel columns besides the target's own: the
# floor (no lock debugging), lockdep alone (no DEPT) and, where the series
# allows it, DEPT alone (no PROVE_LOCKING); test-full leaves them out
# (harness/test_stages.py)
BENCH_VARIANT := floor
BENCH_DEBS := gnuplot-nox valgrind

# the host program: the runtime of the host build, the engine, bench/host
BENCH_HOST_BIN := $(BENCH_OUT)/host/dept-host-bench
BENCH_HOST_OBJS := $(BENCH_OUT)/host/dept.o \
	$(patsubst $(HOST_DIR)/%.c,$(BENCH_OUT)/host/%.o,$(wildcard $(HOST_DIR)/runtime/*.c)) \
	$(BENCH_OUT)/host/dept_host_bench.o

# Every object without DRD's client requests (HOST_UNANNOTATED, see
# host/annotate.h): the host shim wraps every READ_ONCE(), WRITE_ONCE()
# and atomic in them, some 50 instructions each under callgrind, where
# the kernel spends one.  That holds for the engine and for the hooks of
# <linux/dept.h> inlined into their callers, the runtime's and the
# benchmark's code: the engine's figures count the engine.
$(BENCH_OUT)/host/dept.o: $(HOST_ENGINE) | host-deps
	@mkdir -p $(dir $@)
	@echo "  CC      $< (unannotated)" >&2
	@$(HOST_CC) $(HOST_CFLAGS) -DHOST_UNANNOTATED -c -o $@ $<

$(BENCH_OUT)/host/runtime/%.o: $(HOST_DIR)/runtime/%.c | host-deps
	@mkdir -p $(dir $@)
	@echo "  CC      $< (unannotated)" >&2
	@$(HOST_CC) $(HOST_CFLAGS) -DHOST_UNANNOTATED -c -o $@ $<

$(BENCH_OUT)/host/dept_host_bench.o: bench/host/dept_host_bench.c | host-deps
	@mkdir -p $(dir $@)
	@echo "  CC      $< (unannotated)" >&2
	@$(HOST_CC) $(HOST_CFLAGS) -DHOST_UNANNOTATED -I$(HOST_SCENARIOS) -c -o $@ $<

$(BENCH_HOST_BIN): $(BENCH_HOST_OBJS)
	@echo "  LD      $@" >&2
	@$(HOST_CC) -o $@ $^ $(HOST_LDLIBS)

-include $(BENCH_HOST_OBJS:.o=.d)

# $(call bench-runner,T,VARIANT,COLUMN,KERNEL PARAMETERS): the scenario
# runner booting scenarios/dept-bench (only-for bench: named, as the suite
# leaves it out) on T's kernel VARIANT
bench-runner = $(HARNESS) scenarios --target $(1) $(if $(2),--variant $(2)) \
	--work $(BENCH_OUT)/runs/$(1)/$(3) --only dept-bench \
	$(if $(4),--cmdline $(4))
bench-build = $(MAKE) -s --no-print-directory $(1)-prepared $(if $(2),VARIANT=$(2))
# $(call bench-column,T,COLUMN,VARIANT,KERNEL PARAMETERS)
bench-column = --build $(call quote,$(1):$(2)=$(call bench-build,$(1),$(3))) \
	--boot $(call quote,$(1):$(2):$(BENCH_OUT)/runs/$(1)/$(2)=$(call \
		bench-runner,$(1),$(3),$(2),$(4)))

# The cost on real work (bench/workload.py): the soak's kernel of each
# target (make soak) booted from its Debian root disk with the stressors of
# BENCH_WORKLOAD_STEPS for BENCH_WORKLOAD_MINUTES in all, DEPT on, then
# dept=off, then its floor (harness/soak.mk: the same configuration
# without DEPT and lockdep), BENCH_RUNS times; BENCH_NO_WORKLOAD=1 leaves
# it out.  Stressors of the kernel's locking that every target runs.
BENCH_WORKLOAD_STEPS := stress-ng/pipe stress-ng/fork stress-ng/futex \
	stress-ng/flock stress-ng/open stress-ng/dentry stress-ng/mmap stress-ng/switch
BENCH_WORKLOAD_MINUTES := 1
# $(call bench-soak,T,floor or nothing): the tool's soak of T, its kernel
# or its floor
bench-soak = $(HARNESS) soak --target $(1) $(if $(2),--floor)
# $(call bench-workload-column,T,COLUMN,floor or nothing,BOOT MODE)
bench-workload-column = --workload-build $(call quote,$(1):$(2)=$(call \
		bench-soak,$(1),$(3)) --build-only) \
	--workload $(call quote,$(1):$(2):$(BENCH_OUT)/workload/$(1)/$(2)=$(call \
		bench-soak,$(1),$(3)) --no-build --work $(BENCH_OUT)/workload/$(1)/$(2) \
		--minutes $(BENCH_WORKLOAD_MINUTES) --boots $(4) \
		--steps $(subst $() ,$(comma),$(strip $(BENCH_WORKLOAD_STEPS))))
bench-workload = $(foreach t,$(BENCH_TARGETS),\
	$(call bench-workload-column,$(t),on,,dept-on) \
	$(call bench-workload-column,$(t),off,,dept-off) \
	$(call bench-workload-column,$(t),floor,floor,dept-on))

# The harness's own times: touch the engine in the tree, rebuild, run
# BENCH_TARGET's suite to its final line as make run does, the long tail
# skipped (edit-to-verdict, measured warm: after one unmeasured run, as in
# a loop); the rebuild alone (edit-to-kernel); the whole suite, long tail
# included, whose guests print DEPT's pools at their end
# (suite-full, HARNESS_DEPT_STATS: the memory after the suite, read from
# their consoles in a work directory of its own, which the warm 'make
# test' does not overwrite); 'make test TARGETS=T' with nothing to
# rebuild (warm), for T in BENCH_HARNESS_TARGETS (default BENCH_TARGET: each takes
# half an hour or more); with BENCH_COLD=1 the same from an empty build
# directory and an empty ccache directory of its own (cold: every object
# compiled).
BENCH_HARNESS_TARGETS ?= $(BENCH_TARGET)
BENCH_EDIT_BUILD := touch $(TREE)/kernel/dependency/dept.c && \
	$(call bench-build,$(BENCH_TARGET))
BENCH_SUITE_WORK := $(BENCH_OUT)/runs/$(BENCH_TARGET)/suite
# $(call bench-suite,WORK DIR): the default kernel's suite, as make run
bench-suite = $(HARNESS) scenarios --target $(BENCH_TARGET) --work $(1) --summary
BENCH_EDIT := $(BENCH_EDIT_BUILD) && $(call \
	bench-suite,$(BENCH_OUT)/runs/$(BENCH_TARGET)/edit) --quick
BENCH_SUITE := $(call bench-suite,$(BENCH_SUITE_WORK)) --cmdline HARNESS_DEPT_STATS=1
bench-make-test = $(MAKE) -s --no-print-directory test TARGETS=$(1) \
	$(if $(2),BUILD_DIR=$(2))
BENCH_COLD_DIR := $(BENCH_OUT)/cold
# absolute: kbuild compiles in the kernel's output directory, where a
# relative CCACHE_DIR names another cache (empty too, but not this one)
BENCH_COLD_CCACHE := $(abspath $(BENCH_OUT)/cold-ccache)
# $(call bench-timed,NAME,T,COMMAND,WHY NOT): COMMAND timed, or WHY NOT
bench-timed = $(if $(4),--missing $(call quote,harness:$(1):$(2):wall:s=not \
	measured: $(4)),--harness $(call quote,$(1):$(2)=$(3)))
bench-harness = $(call bench-timed,edit-to-verdict,$(BENCH_TARGET),$(BENCH_EDIT)) \
	$(call bench-timed,edit-to-kernel,$(BENCH_TARGET),$(BENCH_EDIT_BUILD)) \
	$(call bench-timed,suite-full,$(BENCH_TARGET),$(BENCH_SUITE)) \
	$(foreach t,$(BENCH_TARGETS), \
		$(call bench-timed,make-test-warm,$(t),$(call bench-make-test,$(t)),$(if \
			$(filter $(t),$(BENCH_HARNESS_TARGETS)),,BENCH_HARNESS_TARGETS=$(t) \
			measures it)) \
		$(call bench-timed,make-test-cold,$(t),rm -rf $(BENCH_COLD_DIR) \
			$(BENCH_COLD_CCACHE) && CCACHE_DIR=$(BENCH_COLD_CCACHE) \
			$(call bench-make-test,$(t),$(BENCH_COLD_DIR)),$(if $(and \
			$(BENCH_COLD),$(filter $(t),$(BENCH_HARNESS_TARGETS))),,BENCH_COLD=1 \
			measures it on BENCH_HARNESS_TARGETS (the tree and the kernel \
			from scratch, an empty ccache))))

# make bench-profile: BENCH_TARGET's kernel (a host process: UML) with
# DEPT, booted under perf by
# bench/profile.py, the guest prepared (not booted) by the runner; its
# parts are the functions of the engine's and of lockdep's objects.
BENCH_PROFILE := $(BENCH_OUT)/profile
BENCH_PROFILE_DEBS := linux-perf binutils
bench-objects = $$(ls $(addprefix $($(BENCH_TARGET)_OUT)/,$(1)) | paste -sd,)

.PHONY: bench bench-compare bench-unit bench-deps bench-profile
bench-deps:
	@harness/install-deps.sh $(BENCH_DEBS) >&2

bench: tree bench-deps $(BENCH_HOST_BIN)
	$(call check-targets,$(BENCH_TARGETS))
	$(if $(VARIANT),$(error make bench builds the variants it compares; \
		no VARIANT=))
	@mkdir -p $(BENCH_OUT)
	@[ ! -f $(BENCH_OUT)/results.json ] || \
		cp $(BENCH_OUT)/results.json $(BENCH_OUT)/previous.json
	@python3 -m bench run --out $(BENCH_OUT) \
		--document docs/bench-results.md --runs $(BENCH_RUNS) \
		--host $(BENCH_HOST_BIN) \
		$(foreach t,$(BENCH_TARGETS),$(call bench-column,$(t),on,,) \
			$(call bench-column,$(t),off,,dept=off) \
			$(call bench-column,$(t),floor,$(BENCH_VARIANT),) \
			$(call bench-column,$(t),lockdep,lockdep,) \
			$(if $(filter dept-alone,$(VARIANTS)),$(call \
				bench-column,$(t),alone,dept-alone,))) \
		$(if $(BENCH_NO_WORKLOAD),,$(bench-workload)) \
		$(if $(BENCH_NO_HARNESS),,$(bench-harness) --warm-up edit-to-verdict \
			--suite $(BENCH_TARGET)=$(BENCH_SUITE_WORK))

# OLD defaults to the run before the latest one
bench-compare:
	@python3 -m bench compare \
		$(or $(OLD),$(BENCH_OUT)/previous.json) $(BENCH_OUT)/results.json

bench-profile: tree
	@harness/install-deps.sh $(BENCH_PROFILE_DEBS) >&2
	$(if $(VARIANT),$(error make bench-profile profiles the $(BENCH_TARGET) kernel; no VARIANT=))
	@$(call bench-build,$(BENCH_TARGET))
	@mkdir -p $(BENCH_PROFILE)
	@$(call bench-runner,$(BENCH_TARGET),,profile,) --boot-command-to \
		$(BENCH_PROFILE)/boot.json > /dev/null
	@python3 -m bench profile --out $(BENCH_PROFILE) \
		--boot $(BENCH_PROFILE)/boot.json --column on --column off:dept=off \
		--part dept=$(call bench-objects,kernel/dependency/*.o) \
		--part lockdep=$(call bench-objects,kernel/locking/lockdep.o)

bench-unit:
	@python3 -m harness.ktap_unittest bench.bench_test
