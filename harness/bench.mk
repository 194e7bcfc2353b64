# SPDX-License-Identifier: GPL-2.0
# 'make bench': what DEPT costs, measured and printed (bench/).
#
#   make bench [TARGETS=um,x86_64] [BENCH_RUNS=5] [BENCH_COLD=1]
#              [BENCH_HARNESS_TARGETS=um,x86_64] [BENCH_NO_HARNESS=1]
#              [BENCH_NO_KERNEL=1] [BENCH_NO_WORKLOAD=1] [BENCH_NO_HOST=1]
#              [BENCH_DOCUMENT=docs/bench-results.md]
#                  in-kernel figures per target (DEPT on, DEPT off with
#                  dept=off, the floor variant without lock debugging,
#                  lockdep alone, DEPT alone where it builds),
#                  the soak's kernel under stress-ng in the same three
#                  columns (workload), host figures under callgrind,
#                  memory, the harness's own times; a table,
#                  $(BENCH_OUT)/results.json and chart.svg, and the
#                  tables in docs/bench-results.md (the latest run only;
#                  BENCH_DOCUMENT= another file, for a run of some groups)
#   make bench-compare OLD=path/to/results.json
#                  each figure of the latest results against OLD's
#   make bench-profile [TARGET=x86_64]
#                  the benchmark on TARGET's kernel (default: the default
#                  target), DEPT on and off, under the sampler of its
#                  file's [profile] table (the host's perf, QEMU's gdb
#                  stub): the functions with the most samples, and the
#                  shares of DEPT's engine, lockdep and the rest
#   make bench-unit  the unit tests of bench/, KTAP

BENCH_OUT := $(BUILD_DIR)/bench
BENCH_RUNS ?= 5
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

# What make bench measures and how (the columns, the workload, the
# harness's own times: harness/bench_plan.py) is the tool's, python3 -m
# harness bench; BENCH_HARNESS_TARGETS (default the default target) are
# those whose make test it times.
BENCH_HARNESS_TARGETS ?=

# make bench-profile: TARGET's kernel with DEPT, its guest prepared by the
# runner and sampled by bench/profile.py; its parts are the functions of
# the engine's objects with DEPT's hooks elsewhere (dept_*, __dept_*:
# the folio lock's in mm/filemap.c), and those of lockdep's object.
BENCH_PROFILE := $(BENCH_OUT)/profile/$(TARGET)
BENCH_PROFILE_DEBS := linux-perf binutils
bench-objects = $$(ls $(addprefix $($(TARGET)_OUT)/,$(1)) | paste -sd,)

.PHONY: bench bench-compare bench-unit bench-deps bench-profile
bench-deps:
	@harness/install-deps.sh $(BENCH_DEBS) >&2

bench: tree bench-deps $(BENCH_HOST_BIN)
	$(if $(VARIANT),$(error make bench builds the variants it compares; \
		no VARIANT=))
	@$(HARNESS) bench $(if $(TARGETS),--targets $(TARGETS)) \
		--runs $(BENCH_RUNS) --host $(BENCH_HOST_BIN) \
		$(if $(BENCH_HARNESS_TARGETS),--harness-targets $(BENCH_HARNESS_TARGETS)) \
		$(if $(BENCH_COLD),--cold) $(if $(BENCH_NO_KERNEL),--no-kernel) \
		$(if $(BENCH_NO_WORKLOAD),--no-workload) \
		$(if $(BENCH_NO_HOST),--no-host) \
		$(if $(BENCH_NO_HARNESS),--no-harness) \
		$(if $(BENCH_DOCUMENT),--document $(BENCH_DOCUMENT))

# OLD defaults to the run before the latest one
bench-compare:
	@python3 -m bench compare \
		$(or $(OLD),$(BENCH_OUT)/previous.json) $(BENCH_OUT)/results.json

bench-profile: tree
	@harness/install-deps.sh $(BENCH_PROFILE_DEBS) >&2
	$(if $(VARIANT),$(error make bench-profile profiles the $(TARGET) kernel; no VARIANT=))
	@$(MAKE) -s --no-print-directory $(TARGET)-prepared
	@mkdir -p $(BENCH_PROFILE)
	@python3 -m bench profile --target-file $($(TARGET)_TOML) \
		--prepare "$(HARNESS) scenarios --target $(TARGET) --work $(BENCH_OUT)/runs/$(TARGET)/profile" \
		--kernel-out $($(TARGET)_OUT) --out $(BENCH_PROFILE) \
		--column on --column off:dept=off \
		--part "dept=$(call bench-objects,kernel/dependency/*.o),dept_*,__dept_*" \
		--part lockdep=$(call bench-objects,kernel/locking/lockdep.o)

bench-unit:
	@python3 -m harness.ktap_unittest bench.bench_test
