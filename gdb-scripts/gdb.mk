# SPDX-License-Identifier: GPL-2.0
# DEPT's gdb commands on a target (TARGET, default um); see
# docs/gdb.md.
#   make gdb [SCENARIO=name]  boot a scenario's guest (default: a plain boot)
#                             under gdb, stopped before the kernel starts;
#                             with SCENARIO, gdb stops at DEPT's report
#   make gdb-unit-ktap        unit tests of the commands' output, no gdb
#                             (one KTAP document)
#   make gdb-test-ktap        the commands in gdb against the target's
#                             kernel (one KTAP document per TARGET)
#
# What gdb needs of a target is the [gdb] table of its target file
# ($(TARGET)_TOML); the kernel, its output dir and how to boot it are the
# target's own ($(TARGET)_OUT, ...), and the guest is built by the
# scenario runner.  The tests boot
# scenarios/dept-article-xyz-proc (only-for gdb): dept-article-xyz, then
# /proc/dept_deps.

# the debugger of targets of another architecture (qemu-config/arm64.toml)
DEPS_PACKAGES += gdb-multiarch

GDB_TARGET_FILE = $($(TARGET)_TOML)
GDB_WORK = $(BUILD_DIR)/runs/gdb-$(TARGET)
GDB_PYTHONPATH = gdb-scripts

# $(call gdb-session,WORK DIR): the gdb_session.py command line; the
# runner prepares the guest in WORK DIR too
gdb-session = python3 gdb-scripts/gdb_session.py \
	--gdb-target $(GDB_TARGET_FILE) --out $($(TARGET)_OUT) --work $(1) \
	--prepare '$(subst ','\'',$(call scenario-runner,$(TARGET),$($(TARGET)_OUT),$(1)))'

.PHONY: gdb-target-check
gdb-target-check:
	$(call check-targets,$(TARGET))
	$(if $(shell grep -qsx '\[gdb\]' $(GDB_TARGET_FILE) </dev/null && echo y),,$(error \
		TARGET=$(TARGET): gdb does not know how to reach it (no [gdb] \
		table in $(GDB_TARGET_FILE))))

.PHONY: gdb gdb-unit-ktap gdb-test-ktap
ifeq ($(TARGET),host)
# the engine as a host program (harness/host.mk)
gdb: gdb-host
else
gdb: gdb-target-check scenarios-prepared
	@$(call gdb-session,$(GDB_WORK)) \
		$(if $(SCENARIO),--scenario $(SCENARIO) --report)
endif

gdb-unit-ktap:
	@PYTHONPATH=$(GDB_PYTHONPATH) python3 -m harness.ktap_unittest \
		dept.render_test gdb_session_test

gdb-test-ktap: gdb-target-check scenarios-prepared
	@PYTHONPATH=$(GDB_PYTHONPATH) \
		DEPT_GDB_SESSION='$(subst ','\'',$(call gdb-session,$(GDB_WORK)/test))' \
		DEPT_GDB_WORK=$(GDB_WORK)/test \
		python3 -m harness.ktap_unittest report_test
