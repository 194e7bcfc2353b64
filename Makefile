# SPDX-License-Identifier: GPL-2.0
# DEPT, the dependency tracker: build it into kernels and test it.
# 'make help' lists the targets.

BUILD_DIR ?= build
export BUILD_DIR

.DEFAULT_GOAL := help

include harness/deps.mk
include harness/tree.mk
include harness/target.mk
include scenarios/scenarios.mk
include harness/test.mk
include harness/host.mk
include gdb-scripts/gdb.mk
include harness/kunit.mk
include harness/bench.mk
include harness/full-config.mk
include harness/soak.mk

.PHONY: help
help:
	@echo 'make run            build the kernel of TARGET (default um) if needed,'
	@echo '                    boot it once per scenario, show the kernel reports'
	@echo '                    and a summary (SCENARIO=name: only that one, with'
	@echo '                    its whole console); each DEPT report also as'
	@echo '                    report-N.json, .svg and .png beside the console'
	@echo 'make dept-report CONSOLE=log  the reports of a saved console: summary,'
	@echo '                    JSON, picture (VMLINUX=, MODULES=d1:d2 decode frames)'
	@echo 'make dept-graph GRAPH_FROM=file  DEPT'"'"'s graph (/proc/dept_deps or a'
	@echo '                    console) as a picture (AROUND=class DEPTH=N OUT=g.svg);'
	@echo '                    make run GRAPH=1 saves it beside each console'
	@echo 'make test           all tests on all targets: KTAP, then "N passed, N failed"'
	@echo '                    (TARGETS=um,x86_64: only these targets;'
	@echo '                    SCENARIOS=a,b: only these scenarios;'
	@echo '                    STAGES=unit,um: only these stages)'
	@echo 'make test-full      make test, plus the suite on every kernel variant'
	@echo '                    of harness/variants/ on every target (long)'
	@echo 'make deps           install the missing Debian packages'
	@echo 'make tree           prepare $(TREE): linux-source + the series + src/'
	@echo 'make series-export  write the commits of $(TREE) back as patches'
	@echo 'make checkpatch     checkpatch.pl --strict on every patch of the series'
	@echo 'make T-config       configure $(BUILD_DIR)/T for target T ($(ALL_TARGETS))'
	@echo 'make T-kernel       build the kernel of target T'
	@echo 'make host-test      the engine as a host program under valgrind'
	@echo 'make gdb            boot a guest under gdb with the DEPT commands loaded'
	@echo '                    (SCENARIO=name: stop at its DEPT report)'
	@echo 'make kunit-run      the KUnit suite of DEPT run by kunit.py of the kernel (UML)'
	@echo 'make bench          what DEPT costs: figures with DEPT on, off and'
	@echo '                    without lock debugging (TARGETS as for test,'
	@echo '                    default um); table, JSON, chart in $(BUILD_DIR)/bench'
	@echo 'make bench-compare  the latest figures against OLD=path/to/results.json'
	@echo 'make bench-profile  the benchmark on UML under perf, DEPT on and off:'
	@echo '                    where the time goes, function by function'
	@echo 'make bench-unit     the unit tests of bench/ (KTAP)'
	@echo 'make soak           a whole kernel of TARGET under a Debian userspace and'
	@echo '                    stress-ng, DEPT on and dept=off: each step with its'
	@echo '                    reports (SOAK_MINUTES=12, SOAK_BOOTS, SOAK_STEPS;'
	@echo '                    consoles and results.json in $(BUILD_DIR)/soak/T)'
	@echo 'make soak-report    the latest soak of each target, added to docs/soak.md'
	@echo 'make full-config-builds  the series on x86_64 and arm64 defconfig plus'
	@echo '                    what it touches, DEPT=y and n, W=1 on its files'
	@echo '                    (FULL_CONFIGS=x86_64-y,arm64-n: only these; long)'
	@echo 'run, test, test-full, soak, bench and gdb call the tool python3 -m harness'
	@echo '(python3 -m harness --dry-run test: what make test would run)'
	@echo 'Variables: BUILD_DIR (default build), SERIES=none (pristine tree),'
	@echo '           SCENARIO_DIR=dir1:dir2 (scenario folders, default scenarios),'
	@echo '           TARGET (default um), TARGETS (default all), KVM=1 (QEMU: try'
	@echo '           KVM, fall back to TCG), KBUILD_JOBS (default 3),'
	@echo '           JOBS=N (scenarios booted at once; um: 2 x CPUs, at most 8;'
	@echo '           QEMU: 1),'
	@echo '           VARIANT=name (a kernel variant: $(VARIANTS))'
