# SPDX-License-Identifier: GPL-2.0
# The arm64 target, cross-built and run under qemu-system-aarch64
# (harness/target.mk reads this data).

arm64_ARCH := arm64
arm64_CROSS_COMPILE := aarch64-linux-gnu-
arm64_DEB_ARCH := arm64
arm64_IMAGE := arch/arm64/boot/Image
arm64_FRAGMENTS := $(GUEST_FRAGMENTS) qemu-config/arm64.config \
	qemu-config/arm64-block.config qemu-config/arm64-v16-subsystems.config
arm64_TOML := qemu-config/arm64.toml
arm64_PACKAGES := qemu-system-arm gcc-aarch64-linux-gnu libc6-dev-arm64-cross
arm64_SOAK := full
$(eval $(call target,arm64))
