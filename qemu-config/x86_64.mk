# SPDX-License-Identifier: GPL-2.0
# The x86_64 target, under qemu-system-x86_64 (harness/target.mk reads this
# data).

x86_64_ARCH := x86_64
x86_64_CROSS_COMPILE :=
x86_64_DEB_ARCH := amd64
x86_64_IMAGE := arch/x86/boot/bzImage
x86_64_FRAGMENTS := $(GUEST_FRAGMENTS) qemu-config/x86_64.config \
	qemu-config/x86_64-block.config qemu-config/x86_64-v16-subsystems.config
x86_64_TOML := qemu-config/x86_64.toml
x86_64_PACKAGES := qemu-system-x86
x86_64_SOAK := full
$(eval $(call target,x86_64))
