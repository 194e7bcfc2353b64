# SPDX-License-Identifier: GPL-2.0
#
# The DEPT engine compiled unchanged into a host program, tested
# natively, under valgrind's memcheck and under DRD: the shim that makes
# the host one more architecture (arch-glue/host: headers, runtime, link
# script), the engine's cases in C (scenarios/host), the stages that run
# them (harness/host_stages.py).  Included from the top Makefile.
#
#   make host-test [SEED=n]        the three stages, then "N passed, N failed"
#   make host-test-ktap [SEED=n]   the same as one KTAP document, no summary
#   make gdb-host [HOST_TEST=suite.case] [SEED=n]
#                                  gdb stopped at the first DEPT report
#   make host-build                just the program

# the shim: the host as one more architecture (arch-glue/host/README.md)
HOST_DIR	:= arch-glue/host
# the engine's cases, a scenario folder of their own (no expect file: the
# scenario runner does not take it for a guest scenario)
HOST_SCENARIOS	:= scenarios/host
HOST_OUT	?= $(or $(BUILD_DIR),build)/host
HOST_BIN	:= $(HOST_OUT)/dept-host-test
HOST_CC		?= $(if $(shell command -v ccache),ccache gcc,gcc)

HOST_CFLAGS	:= -std=gnu11 -D_GNU_SOURCE -O2 -g -fno-omit-frame-pointer -pthread \
		   -Wall -Wextra -Wno-unused-parameter -Wno-sign-compare \
		   -Wno-missing-field-initializers \
		   -include $(HOST_DIR)/include/linux/kconfig.h \
		   -include $(HOST_DIR)/include/linux/compiler_types.h \
		   -I$(HOST_DIR)/include -Isrc/include -Isrc/kernel/dependency \
		   -MMD -MP
HOST_LDLIBS	:= -pthread -lelf -Wl,-T,$(HOST_DIR)/event_sites.lds

HOST_ENGINE	:= src/kernel/dependency/dept.c
HOST_OBJS	:= $(HOST_OUT)/obj/dept.o \
		   $(patsubst $(HOST_DIR)/runtime/%.c,$(HOST_OUT)/obj/runtime/%.o,\
			$(wildcard $(HOST_DIR)/runtime/*.c)) \
		   $(patsubst $(HOST_SCENARIOS)/%.c,$(HOST_OUT)/obj/scenarios/%.o,\
			$(wildcard $(HOST_SCENARIOS)/*.c))

# what the host stages need from Debian, installed only when missing
HOST_DEBS	:= valgrind libelf-dev gdb python3

.PHONY: host-build host-test host-test-ktap gdb-host host-deps

host-deps:
	@harness/install-deps.sh $(HOST_DEBS) >&2

host-build: $(HOST_BIN)

# Quiet, on standard error: host-test-ktap's standard output is KTAP only.
$(HOST_BIN): $(HOST_OBJS) $(HOST_DIR)/event_sites.lds
	@echo "  LD      $@" >&2
	@$(HOST_CC) -o $@ $(HOST_OBJS) $(HOST_LDLIBS)

$(HOST_OUT)/obj/dept.o: $(HOST_ENGINE) | host-deps
	@mkdir -p $(dir $@)
	@echo "  CC      $<" >&2
	@$(HOST_CC) $(HOST_CFLAGS) -c -o $@ $<

$(HOST_OUT)/obj/runtime/%.o: $(HOST_DIR)/runtime/%.c | host-deps
	@mkdir -p $(dir $@)
	@echo "  CC      $<" >&2
	@$(HOST_CC) $(HOST_CFLAGS) -c -o $@ $<

$(HOST_OUT)/obj/scenarios/%.o: $(HOST_SCENARIOS)/%.c | host-deps
	@mkdir -p $(dir $@)
	@echo "  CC      $<" >&2
	@$(HOST_CC) $(HOST_CFLAGS) -c -o $@ $<

-include $(HOST_OBJS:.o=.d)

HOST_STAGES = python3 -m harness.host_stages --binary $(HOST_BIN) \
	      --out $(HOST_OUT) $(if $(SEED),--seed $(SEED))

host-test: $(HOST_BIN)
	@$(HOST_STAGES) --summary

host-test-ktap: $(HOST_BIN)
	@$(HOST_STAGES)

# --timeout 0: no alarm kills the case while gdb holds it
HOST_GDB_SCRIPTS := $(wildcard gdb-scripts/dept-gdb.py)

gdb-host: $(HOST_BIN)
	gdb -q $(HOST_GDB_SCRIPTS:%=-x %) -x harness/host.gdb \
		--args $(HOST_BIN) --timeout 0 $(if $(SEED),--seed $(SEED)) \
		$(or $(HOST_TEST),patterns.article_xyz)
