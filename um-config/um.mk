# SPDX-License-Identifier: GPL-2.0
# The UML target: its kernel, configured from um-config/*.config, and how
# the scenario runner boots it (um-config/target.toml).

um_OUT := $(BUILD_DIR)/um
um_KERNEL := $(um_OUT)/linux
um_TOML := um-config/target.toml
um_MAKE_ARGS := ARCH=um CC="$(KBUILD_CC)"
um_FRAGMENTS := $(sort $(wildcard um-config/*.config))
um_CONFIG_STAMP := $(um_OUT)/.config-stamp

$(um_CONFIG_STAMP): $(um_FRAGMENTS) $(TREE_STAMP) harness/configure-kernel.sh
	@harness/configure-kernel.sh $(TREE) $(um_OUT) $(um_FRAGMENTS) -- $(um_MAKE_ARGS)
	@touch $@

.PHONY: um-config um-kernel
um-config: $(um_CONFIG_STAMP)

# Kbuild decides what is out of date; nothing changed, nothing rebuilt.
um-kernel: $(um_CONFIG_STAMP)
	@echo "um: building $(um_KERNEL)"
	@$(MAKE) -s -C $(TREE) O=$(abspath $(um_OUT)) $(um_MAKE_ARGS) \
		-j$(KBUILD_JOBS) all scripts_gdb
