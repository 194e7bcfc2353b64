# SPDX-License-Identifier: GPL-2.0
#
# The DEPT engine compiled unchanged into a host program, tested
# natively, under valgrind's memcheck and under DRD.  The host's file,
# arch-glue/host/host.toml, names the shim that makes the host one more
# architecture (HOST_DIR: headers, runtime, link script), the engine's
# cases in C (HOST_SCENARIOS), the program, its packages (HOST_DEBS), the
# stages make test runs (HOST_TEST_STAGES, harness/host_stages.py) and
# make gdb-host's case (HOST_GDB_CASE); harness/targets.py writes them
# into $(BUILD_DIR)/targets[-VARIANT].mk.  Included from the top Makefile.
#
#   make host-test [SEED=n]        the three stages, then "N passed, N failed"
#   make host-test-ktap [SEED=n]   the same as one KTAP document, no summary
#   make gdb-host [HOST_TEST=suite.case] [SEED=n]
#                                  gdb stopped at the first DEPT report
#   make host-build                just the program

HOST_OUT	?= $(or $(BUILD_DIR),build)/host
HOST_BIN	:= $(HOST_OUT)/$(HOST_PROGRAM)
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
	      --out $(HOST_OUT) --stages $(HOST_TEST_STAGES) \
	      $(if $(SEED),--seed $(SEED))

host-test: $(HOST_BIN)
	@$(HOST_STAGES) --summary

host-test-ktap: $(HOST_BIN)
	@$(HOST_STAGES)

# --timeout 0: no alarm kills the case while gdb holds it
HOST_GDB_SCRIPTS := $(wildcard gdb-scripts/dept-gdb.py)

gdb-host: $(HOST_BIN)
	gdb -q $(HOST_GDB_SCRIPTS:%=-x %) -x harness/host.gdb \
		--args $(HOST_BIN) --timeout 0 $(if $(SEED),--seed $(SEED)) \
		$(or $(HOST_TEST),$(HOST_GDB_CASE))
