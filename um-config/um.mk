# SPDX-License-Identifier: GPL-2.0
# The UML target: a host process (harness/target.mk reads this data).

um_ARCH := um
um_CROSS_COMPILE :=
um_DEB_ARCH := $(HOST_DEB_ARCH)
um_IMAGE := linux
um_FRAGMENTS := $(GUEST_FRAGMENTS) $(sort $(wildcard um-config/*.config))
um_TOML := um-config/target.toml
um_PACKAGES :=
um_SOAK := variant
$(eval $(call target,um))
