# SPDX-License-Identifier: GPL-2.0
# The kernel targets.  Each is described once, by its target file
# (um-config/*.toml, qemu-config/*.toml: harness/targets.py documents
# them), which python3 -m harness.targets turns into
# $(BUILD_DIR)/targets.mk; that sets, for a target T:
#   T_ARCH           ARCH= of the kernel build
#   T_CROSS_COMPILE  CROSS_COMPILE= of the kernel build (empty: the host's)
#   T_DEB_ARCH       Debian architecture of the guest's userspace (busybox)
#   T_IMAGE          the image the guest boots, relative to the output dir
#   T_FRAGMENTS      config fragments, later ones win: GUEST_FRAGMENTS (what
#                    every guest kernel needs), then the target's own
#   T_TOML           its target file
#   T_PACKAGES       the Debian packages it needs besides DEPS_PACKAGES
#   T_SOAK           the kernel make soak boots: full (the full configuration
#                    with DEPT, harness/full-config.mk) or variant (the
#                    target with harness/variants/soak.config)
#   T_FULL_CONFIG    the fragment of its full configuration (or empty)
#   T_PARALLEL       1 if its guests may boot side by side, two per CPU
# and calls $(call target,T), which defines from that data:
#   T_OUT, T_RUNS, T_KERNEL, T_MAKE_ARGS, T_BUSYBOX, T_USER_CC
#   make T-config    configure T_OUT from the fragments (configure-kernel.sh)
#   make T-kernel    build the kernel (Kbuild decides what is out of date)
#   make T-prepared  everything a scenario run on T needs
# It also lists targets by what make test runs on them besides the suite
# (GDB_TARGETS, LOCKDEP_SELFTESTS_TARGETS, SOAK_SMOKE_TARGETS), the targets
# with a full configuration (FULL_CONFIG_TARGETS), and the one used when
# none is named (DEFAULT_TARGET).
#
# VARIANT=NAME builds a variant of every target: harness/variants/NAME.config
# is applied after the target's own fragments, and the kernel is built in
# $(BUILD_DIR)/T-NAME (scenario runs in $(BUILD_DIR)/runs/T-NAME), with the
# same tree and compiler cache.  Adding a variant is adding its fragment.
# Comments in the fragment may say where it does not apply and what it runs:
#   # skip T1 T2: REASON   targets it is not built for, and why: there
#                          make T-kernel stops and make test SKIPs T with
#                          REASON
#   # scenarios: A B       the scenarios make test runs on it (default all)
# VARIANT=A+B applies the fragments of A, then of B (make bench's floor of
# the soak kernel: soak+floor); its kernel is built in $(BUILD_DIR)/T-A+B.

ALL_TARGETS :=
GUEST_FRAGMENTS := $(sort $(wildcard scenarios/guest/*.config))
HOST_DEB_ARCH := $(shell dpkg --print-architecture)
KBUILD_CCACHE ?= ccache

VARIANTS := $(patsubst harness/variants/%.config,%,$(wildcard harness/variants/*.config))
VARIANT ?=
# $(call variant-parts,NAME): the variants NAME joins with '+'
variant-parts = $(subst +, ,$(1))
ifneq ($(filter-out $(VARIANTS),$(call variant-parts,$(VARIANT))),)
$(error unknown VARIANT=$(VARIANT); known: $(VARIANTS), or several joined by +)
endif
# $(call variant-dir,T,NAME): the directory name of target T's variant NAME
variant-dir = $(1)$(if $(2),-$(2))
# $(call variant-skip,T,NAME): why variant NAME is not built for target T
# (empty when it is, or without a variant)
variant-skip = $(strip $(foreach v,$(call variant-parts,$(2)),$(shell sed -nE \
	's/^# skip( [a-z0-9_]+)* $(1)( [a-z0-9_]+)*: //p' harness/variants/$(v).config)))
# $(call variant-scenarios,NAME): the scenarios variant NAME runs, a comma
# list (empty: all of them); of joined variants, the first one's
variant-scenarios = $(if $(1),$(shell sed -n 's/^# scenarios: //p' \
	harness/variants/$(firstword $(call variant-parts,$(1))).config | tr ' ' ','))
SCENARIOS ?= $(call variant-scenarios,$(VARIANT))

define target
ALL_TARGETS += $(1)
DEPS_PACKAGES += $$($(1)_PACKAGES)
$(1)_FRAGMENTS += $$(patsubst %,harness/variants/%.config,$$(call variant-parts,$$(VARIANT)))
$(1)_OUT := $$(BUILD_DIR)/$$(call variant-dir,$(1),$$(VARIANT))
$(1)_RUNS := $$(BUILD_DIR)/runs/$$(call variant-dir,$(1),$$(VARIANT))
$(1)_KERNEL := $$($(1)_OUT)/$$($(1)_IMAGE)
$(1)_USER_CC := $$($(1)_CROSS_COMPILE)gcc
$(1)_MAKE_ARGS := ARCH=$$($(1)_ARCH) \
	$$(if $$($(1)_CROSS_COMPILE),CROSS_COMPILE=$$($(1)_CROSS_COMPILE)) \
	CC="$$(strip $$(KBUILD_CCACHE) $$($(1)_USER_CC))"
$(1)_CONFIG_STAMP := $$($(1)_OUT)/.config-stamp
$(1)_SKIP := $$(call variant-skip,$(1),$$(VARIANT))

# The host's busybox-static serves guests of the host's architecture.
ifeq ($$($(1)_DEB_ARCH),$$(HOST_DEB_ARCH))
$(1)_BUSYBOX := /bin/busybox
else
$(1)_BUSYBOX := $$(BUILD_DIR)/busybox/$$($(1)_DEB_ARCH)/busybox
DEPS_FOREIGN_ARCHS += $$($(1)_DEB_ARCH)
$$($(1)_BUSYBOX): | deps
	@harness/fetch-busybox.sh $$($(1)_DEB_ARCH) $$@
endif

$$($(1)_CONFIG_STAMP): $$($(1)_FRAGMENTS) $$(TREE_STAMP) harness/configure-kernel.sh
	$$(if $$($(1)_SKIP),$$(error variant $$(VARIANT) is not built for $(1): $$($(1)_SKIP)))
	@harness/configure-kernel.sh $$(TREE) $$($(1)_OUT) $$($(1)_FRAGMENTS) \
		-- $$($(1)_MAKE_ARGS)
	@touch $$@

.PHONY: $(1)-config $(1)-kernel $(1)-prepared
$(1)-config: $$($(1)_CONFIG_STAMP)

$(1)-kernel: $$($(1)_CONFIG_STAMP)
	@echo "$(1): building $$($(1)_KERNEL)"
	@$$(MAKE) -s -C $$(TREE) O=$$(abspath $$($(1)_OUT)) $$($(1)_MAKE_ARGS) \
		-j$$(KBUILD_JOBS) all scripts_gdb

$(1)-prepared: $(1)-kernel $$(GEN_INIT_CPIO) $$($(1)_BUSYBOX)
endef

# The targets' make data, written again on every run but replaced only
# when it changes (a target file, or TARGET_FILES): make reads it again
# only then.  TARGET_FILES: the target files (tests name others).
TARGET_FILES ?= $(wildcard um-config/*.toml qemu-config/*.toml)
TARGETS_MK := $(BUILD_DIR)/targets.mk
$(TARGETS_MK): FORCE
	@mkdir -p $(dir $@)
	@python3 -m harness.targets make $(TARGET_FILES) > $@.tmp
	@cmp -s $@.tmp $@ && rm $@.tmp || mv $@.tmp $@
include $(TARGETS_MK)
