# SPDX-License-Identifier: GPL-2.0
# DEPT, the dependency tracker: build it into kernels and test it.
# 'make help' lists the targets.

BUILD_DIR ?= build
export BUILD_DIR

.DEFAULT_GOAL := help

include harness/deps.mk
include harness/tree.mk
include um-config/um.mk
include scenarios/scenarios.mk
include harness/test.mk
-include arch-glue/host/host.mk

.PHONY: help
help:
	@echo 'make run            build the UML kernel if needed, boot it once per'
	@echo '                    scenario, show the kernel reports and a summary'
	@echo '                    (SCENARIO=name: only that one, with its whole console)'
	@echo 'make test           all tests: KTAP, then "N passed, N failed"'
	@echo '                    (SCENARIOS=a,b: only these scenarios)'
	@echo 'make deps           install the missing Debian packages'
	@echo 'make tree           prepare $(TREE): linux-source + the series + src/'
	@echo 'make series-export  write the commits of $(TREE) back as patches'
	@echo 'make um-config      configure $(um_OUT) from um-config/*.config'
	@echo 'make um-kernel      build the UML kernel $(um_KERNEL)'
	$(if $(HOST_STAGE),@echo 'make host-test      the engine as a host program under valgrind')
	@echo 'Variables: BUILD_DIR (default build), SERIES=none (pristine tree),'
	@echo '           SCENARIO_DIR=dir1:dir2 (scenario folders, default scenarios),'
	@echo '           TARGET (default um), KBUILD_JOBS (default 3)'
