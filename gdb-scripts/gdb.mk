# SPDX-License-Identifier: GPL-2.0
# DEPT's gdb commands on a target (TARGET, default um); see
# docs/gdb.md.
#   make gdb [SCENARIO=name]  boot a scenario's guest (default: a plain boot)
#                             under gdb, stopped before the kernel starts;
#                             with SCENARIO, gdb stops at DEPT's report
#                             (python3 -m harness gdb); TARGET=host: the
#                             engine as a host program (harness/host.mk)
# make test runs the commands' unit tests (stage gdb-unit) and, on the
# targets whose file says so, the commands in gdb against the target's
# kernel (stage gdb-T, booting scenarios/dept-article-xyz-proc).  What gdb
# needs of a target is the [gdb] table of its target file.

# the debugger of targets of another architecture (qemu-config/arm64.toml)
DEPS_PACKAGES += gdb-multiarch

.PHONY: gdb
ifeq ($(TARGET),host)
gdb: gdb-host
else
gdb: tree
	@$(HARNESS) gdb --target $(TARGET) $(if $(SCENARIO),--scenario $(SCENARIO))
endif
