# SPDX-License-Identifier: GPL-2.0
# Running the scenario suite on a target (TARGET, default the target whose
# file says default, um): one fresh boot per scenario, every kernel report
# in full, a summary and the closing line (python3 -m harness run).
#   SCENARIOS=a,b       run only these
#   SCENARIO=name       run only this one and show its whole console
#   LONG=1              the long tail too (expect: 'long'), which make run
#                       skips by default and make test always runs
#   GRAPH=1             DEPT's graph beside each console
# and, for every command of the tool (make test, bench, soak, gdb too):
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

# the command-line tool (harness/cli.py) with make's variables as options
HARNESS = python3 -m harness --build-dir $(BUILD_DIR) \
	$(if $(filter-out file,$(origin TARGET_FILES)),--target-files \
		'$(TARGET_FILES)') \
	$(if $(JOBS),--jobs $(JOBS)) $(if $(KVM),--kvm) \
	$(foreach d,$(subst :, ,$(SCENARIO_DIR)),--scenario-dir $(d))

.PHONY: run
run: tree
	@$(HARNESS) run --target $(TARGET) $(if $(VARIANT),--variant $(VARIANT)) \
		$(if $(SCENARIO),--scenario $(SCENARIO)) \
		$(if $(SCENARIOS),--scenarios $(SCENARIOS)) \
		$(if $(LONG),--long) $(if $(GRAPH),--graph)

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
