# SPDX-License-Identifier: GPL-2.0
# 'make soak': a whole kernel under a real userspace and real work.
#
#   make soak TARGET=um|x86_64|arm64 [SOAK_MINUTES=12]
#             [SOAK_BOOTS=dept-on] [SOAK_STEPS=stress-ng/pipe,module/*]
#
# python3 -m harness soak builds the kernel of the soak (per target, its
# file's build.soak: 'full' for the full configuration with CONFIG_DEPT=y,
# harness/full-config.mk; 'variant' for the target's kernel with
# harness/variants/soak.config) and the root file system.  Its root disk is
# a Debian root file system made from Debian's packages
# (harness/rootfs.sh, cached in $(BUILD_DIR)/rootfs/DEB_ARCH.tar and made
# again when scenarios/soak/packages changes) with the kernel's modules and
# the workload of scenarios/soak.  harness/soak.py boots it once with DEPT
# on and once with dept=off (SOAK_BOOTS), each for SOAK_MINUTES of work
# (SOAK_STEPS: only these steps), and keeps every run's consoles and
# results.json in $(BUILD_DIR)/soak/T, named by the time of the run.
#
# make test runs a smoke of this path (stage soak-T, for each T whose
# target file says soak_smoke): the target's own kernel, which has no soak
# kernel to build, one boot with DEPT on, a few stressors that kernel can
# run (harness/commands.py).

SOAK_MINUTES ?= 12
SOAK_BOOTS ?=
SOAK_STEPS ?=
ROOTFS_DIR := $(BUILD_DIR)/rootfs
# mmdebstrap makes the root file system; depmod (kmod) indexes the modules
# that modules_install puts on it
DEPS_PACKAGES += mmdebstrap kmod

$(ROOTFS_DIR)/%.tar: scenarios/soak/packages harness/rootfs.sh | deps
	@harness/rootfs.sh $* scenarios/soak/packages $@

.PHONY: soak soak-kernel
# the soak's kernel and root file system, built
soak-kernel: tree
	@$(HARNESS) soak --target $(TARGET) --build-only

soak: tree
	@$(HARNESS) soak --target $(TARGET) --minutes $(SOAK_MINUTES) \
		$(if $(SOAK_BOOTS),--boots $(SOAK_BOOTS)) \
		$(if $(SOAK_STEPS),--steps '$(SOAK_STEPS)') --summary

# docs/soak.md, the soaks' history: what the latest soak of each target
# saw, rendered from their results.json (harness/soak_results.py) and
# added to its end
.PHONY: soak-report
soak-report:
	@python3 -m harness.soak_results --append docs/soak.md \
		$(wildcard $(ALL_TARGETS:%=$(BUILD_DIR)/soak/%/results.json))
	@echo "soak-report: docs/soak.md"
