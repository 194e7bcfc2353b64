# SPDX-License-Identifier: GPL-2.0
# The kernel targets.  Each is described once, by its target file
# (um-config/*.toml, qemu-config/*.toml: harness/targets.py documents
# them), which python3 -m harness.targets turns into
# $(BUILD_DIR)/targets[-VARIANT].mk for the kernel VARIANT names (below); that
# sets, for a target T:
#   T_ARCH           ARCH= of the kernel build
#   T_CROSS_COMPILE  CROSS_COMPILE= of the kernel build (empty: the host's)
#   T_DEB_ARCH       Debian architecture of the guest's userspace
#   T_FOREIGN        1 if that is not the host's architecture
#   T_IMAGE          the image the guest boots, relative to the output dir
#   T_FRAGMENTS      config fragments, later ones winning: what every guest
#                    kernel needs (scenarios/guest), the target's own, the
#                    variant's
#   T_TOML           its target file
#   T_PACKAGES       the Debian packages it needs besides DEPS_PACKAGES
#   T_SOAK           the kernel make soak boots: full (the full configuration
#                    with DEPT, harness/full-config.mk) or variant (the
#                    target with harness/variants/soak.config)
#   T_FULL_CONFIG    the fragment of its full configuration (or empty)
#   T_OUT, T_RUNS    where its kernel is built, where its scenarios run
#   T_KERNEL         the image in T_OUT
#   T_BUSYBOX        the static busybox of its guests
#   T_USER_CC        the C compiler of its guests' programs
#   T_MAKE_ARGS      the arguments of its kernel and module builds
#   T_SKIP           why VARIANT is not built for it (empty: it is)
# and calls $(call target,T), which defines the rules:
#   make T-config    configure T_OUT from the fragments (configure-kernel.sh)
#   make T-kernel    build the kernel (Kbuild decides what is out of date)
#   make T-prepared  everything a scenario run on T needs
# It also lists targets by what make test runs on them besides the suite
# (GDB_TARGETS, LOCKDEP_SELFTESTS_TARGETS, SOAK_SMOKE_TARGETS), the targets
# with a full configuration (FULL_CONFIG_TARGETS), the one used when none
# is named (DEFAULT_TARGET), and the kernel variants (VARIANTS).
#
# VARIANT=NAME builds a variant of every target (harness/variants.py):
# harness/variants/NAME.config is applied after the target's own
# fragments, and the kernel is built in $(BUILD_DIR)/T-NAME; VARIANT=A+B
# applies the fragments of A, then of B.

ALL_TARGETS :=
KBUILD_CCACHE ?= ccache
export KBUILD_CCACHE
VARIANT ?=

define target
ALL_TARGETS += $(1)
DEPS_PACKAGES += $$($(1)_PACKAGES)
$(1)_CONFIG_STAMP := $$($(1)_OUT)/.config-stamp

# The host's busybox-static serves guests of the host's architecture.
ifneq ($$($(1)_FOREIGN),)
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
# when it changes (a target file, BUILD_DIR, TARGET_FILES): make reads it
# again only then.  TARGET_FILES: the target files (tests name others).
# One file per VARIANT, each replaced by a rename of a file of the run's
# own: make test builds one kernel while a stage of another runs make.
TARGET_FILES ?= $(wildcard um-config/*.toml qemu-config/*.toml)
TARGETS_MK := $(BUILD_DIR)/targets$(VARIANT:%=-%).mk
$(TARGETS_MK): FORCE
	@mkdir -p $(dir $@)
	@python3 -m harness.targets make --build-dir $(BUILD_DIR) \
		--variant '$(VARIANT)' --ccache '$(KBUILD_CCACHE)' \
		$(TARGET_FILES) > $@.$$$$.tmp && \
	{ cmp -s $@.$$$$.tmp $@ && rm $@.$$$$.tmp || mv $@.$$$$.tmp $@; }
include $(TARGETS_MK)
