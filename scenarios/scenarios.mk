# SPDX-License-Identifier: GPL-2.0
# Running the scenario suite on a target (TARGET, default the target whose
# file says default, um; see harness/target.mk): one fresh boot per
# scenario, KTAP on stdout.
#   SCENARIOS=a,b       run only these (make test)
#   SCENARIO=name       run only this one and show its whole console (make run)
#   LONG=1              make run: the long tail too (expect: 'long'), which
#                       make run skips by default and make test always runs
#   SCENARIO_DIR=d1:d2  folders of scenarios (default: scenarios)
#   KVM=1               QEMU targets: try KVM, fall back to TCG if the guest
#                       does not boot
#   JOBS=N              prepare and boot up to N scenarios at once; the
#                       output is the same. Default: twice the number of
#                       CPUs, at most 8, on a target whose file says
#                       parallel (um: its guests mostly wait), else 1 (QEMU
#                       targets, whose TCG guests are CPU-bound and whose
#                       timeouts are tuned for one guest at a time)
#                       (docs/performance.md, "Scenarios side by side")

TARGET ?= $(DEFAULT_TARGET)
SCENARIO_DIR ?= scenarios
SCENARIO_ONLY := $(or $(SCENARIO),$(SCENARIOS))
scenario-jobs = $(or $(JOBS),$(if $($(1)_PARALLEL),$(shell n=$$((2 * $$(nproc))); echo $$((n < 8 ? n : 8))),1))

# $(call scenario-runner,TARGET,KERNEL DIR,WORK DIR): the scenario runner
# on the kernel TARGET built in KERNEL DIR, its guests and consoles in
# WORK DIR; which scenarios it runs, the caller says
scenario-runner = python3 -m harness \
	--target $($(1)_TOML) --tree $(TREE) --out $(2) \
	--kernel $(2)/$($(1)_IMAGE) --work $(3) \
	--gen-init-cpio $(GEN_INIT_CPIO) --busybox $($(1)_BUSYBOX) \
	--user-cc $($(1)_USER_CC) --make-args '$($(1)_MAKE_ARGS)' \
	$(foreach d,$(subst :, ,$(SCENARIO_DIR)),--scenario-dir $(d)) \
	$(if $(KVM),--kvm) --jobs $(call scenario-jobs,$(1))
# $(call run-scenarios,TARGET,EXTRA RUNNER OPTIONS): the suite, or
# SCENARIO(S), on TARGET's kernel
run-scenarios = $(call scenario-runner,$(1),$($(1)_OUT),$($(1)_RUNS)) \
	$(if $(SCENARIO_ONLY),--only $(SCENARIO_ONLY)) $(2)

# $(call check-targets,NAMES): stop unless every name is a known target.
check-targets = $(if $(filter-out $(ALL_TARGETS),$(1)),$(error unknown \
	target(s) $(filter-out $(ALL_TARGETS),$(1)); known: $(ALL_TARGETS)))

.PHONY: run scenarios-prepared
scenarios-prepared:
	$(call check-targets,$(TARGET))
	@$(MAKE) -s --no-print-directory $(TARGET)-prepared

run: scenarios-prepared
	@$(call run-scenarios,$(TARGET),--show-reports --summary \
		$(if $(SCENARIO),--show-console) $(if $(GRAPH),--graph) \
		$(if $(or $(LONG),$(SCENARIO_ONLY)),,--quick))

# dept-graph (harness/dept_graph.py) on /proc/dept_deps saved to a file or on
# a console with a dump of dept-edges: GRAPH_FROM=path, AROUND=class1,class2
# and DEPTH=N for a neighbourhood, OUT= the picture (default graph.svg)
.PHONY: dept-graph
dept-graph:
	$(if $(GRAPH_FROM),,$(error dept-graph needs GRAPH_FROM=file))
	@python3 -m harness.dept_graph $(GRAPH_FROM) \
		$(foreach c,$(subst $(comma), ,$(AROUND)),--around $(c)) \
		$(if $(DEPTH),--depth $(DEPTH)) $(if $(OUT),--out $(OUT))

# dept-report (harness/report_cli.py) on a saved console: CONSOLE=path,
# VMLINUX= and MODULES=dir1:dir2 to decode frames, OUT= where the files go
# (default beside the console), CROSS_COMPILE= for a foreign kernel's
# objects, JSON=1 for the JSON of every report on stdout.
.PHONY: dept-report
dept-report: tree
	$(if $(CONSOLE),,$(error dept-report needs CONSOLE=path/to/console.log))
	@python3 -m harness.report_cli $(CONSOLE) \
		--tree $(TREE) $(if $(VMLINUX),--vmlinux $(VMLINUX)) \
		$(foreach d,$(subst :, ,$(MODULES)),--modules $(d)) \
		$(if $(OUT),--out $(OUT)) $(if $(CROSS_COMPILE),--cross-compile \
		$(CROSS_COMPILE)) $(if $(JSON),--json)
