# SPDX-License-Identifier: GPL-2.0
# 'make soak': a whole kernel under a real userspace and real work.
#
#   make soak TARGET=um|x86_64|arm64 [SOAK_MINUTES=12]
#             [SOAK_BOOTS=dept-on] [SOAK_STEPS=stress-ng/pipe,module/*]
#
# The kernel of the soak is, per target, T_SOAK: 'full' for the full
# configuration with CONFIG_DEPT=y (harness/full-config.mk), 'variant' for
# the target's kernel with harness/variants/soak.config.  Its root disk is
# a Debian root file system made from Debian's packages
# (harness/rootfs.sh, cached in $(BUILD_DIR)/rootfs/DEB_ARCH.tar and made
# again when scenarios/soak/packages changes) with the kernel's modules and
# the workload of scenarios/soak.  harness/soak.py boots it once with DEPT
# on and once with dept=off (SOAK_BOOTS), each for SOAK_MINUTES of work
# (SOAK_STEPS: only these steps), and keeps every console and results.json
# in $(BUILD_DIR)/soak/T.
#
# make test runs a smoke of this path (stage soak-T, for each T whose
# target file says soak_smoke): the target's own kernel, which has no soak
# kernel to build, one boot with DEPT on, the few stressors of
# SOAK_SMOKE_STEPS that kernel can run.

SOAK_MINUTES ?= 12
SOAK_BOOTS ?=
SOAK_STEPS ?=
SOAK_SMOKE_STEPS := stress-ng/pipe,stress-ng/fork,stress-ng/aio,stress-ng/aiol,stress-ng/flock,stress-ng/futex
ROOTFS_DIR := $(BUILD_DIR)/rootfs
# mmdebstrap makes the root file system; depmod (kmod) indexes the modules
# that modules_install puts on it
DEPS_PACKAGES += mmdebstrap kmod

# $(call soak-out,T[,floor]): the build folder of target T's soak kernel, or
# of its floor (the same configuration without DEPT and lockdep: make bench)
soak-out = $(if $(filter full,$($(1)_SOAK)),$(BUILD_DIR)/full/$(1)-dept-$(or \
	$(2),y),$(BUILD_DIR)/$(1)-soak$(if $(2),+$(2)))
# $(call soak-build,T[,floor]): the command building that kernel
soak-build = $(MAKE) -s --no-print-directory $(if $(filter full,$($(1)_SOAK)),\
	full-config-$(1)-$(or $(2),y) FULL_CONFIG_W1=n,VARIANT=soak$(if \
	$(2),+$(2)) $(1)-kernel)
# $(call run-soak,T,KERNEL OUT,WORK,OPTIONS): harness/soak.py on target T
run-soak = python3 -m harness.soak --target $($(1)_TOML) \
	--name $(1) --tree $(TREE) --kernel-out $(2) --kernel $(2)/$($(1)_IMAGE) \
	--rootfs $(ROOTFS_DIR)/$($(1)_DEB_ARCH).tar --work $(3) \
	--make-args '$($(1)_MAKE_ARGS)' --user-cc '$($(1)_USER_CC)' \
	$(if $(KVM),--kvm) $(4)

$(foreach t,$(SOAK_SMOKE_TARGETS),$(eval stage-soak-$(t) = $$(call \
	run-soak,$(t),$$($(t)_OUT),$$(BUILD_DIR)/soak/$(t)-smoke,--minutes 1 \
	--boots dept-on --steps $$(SOAK_SMOKE_STEPS))))
$(foreach t,$(SOAK_SMOKE_TARGETS),$(eval build-soak-$(t) = $$(MAKE) -s \
	--no-print-directory $(t)-prepared $$(ROOTFS_DIR)/$$($(t)_DEB_ARCH).tar))

$(ROOTFS_DIR)/%.tar: scenarios/soak/packages harness/rootfs.sh | deps
	@harness/rootfs.sh $* scenarios/soak/packages $@

.PHONY: soak soak-kernel
soak-kernel:
	$(call check-targets,$(TARGET))
	$(if $($(TARGET)_SOAK),,$(error target $(TARGET) has no soak kernel ($(TARGET)_SOAK)))
	@$(call soak-build,$(TARGET))

soak: soak-kernel $(ROOTFS_DIR)/$($(TARGET)_DEB_ARCH).tar
	@$(call run-soak,$(TARGET),$(call soak-out,$(TARGET)),$(BUILD_DIR)/soak/$(TARGET),\
		--minutes $(SOAK_MINUTES) $(if $(SOAK_BOOTS),--boots $(SOAK_BOOTS)) \
		$(if $(SOAK_STEPS),--steps '$(SOAK_STEPS)') --summary)

# docs/soak.md: what the latest soak of each target saw, rendered from
# their results.json (harness/soak_results.py)
.PHONY: soak-report
soak-report:
	@python3 -m harness.soak_results \
		$(wildcard $(ALL_TARGETS:%=$(BUILD_DIR)/soak/%/results.json)) > docs/soak.md
	@echo "soak-report: docs/soak.md"
