# SPDX-License-Identifier: GPL-2.0
# 'make full-config-builds': the series on full configurations, out of
# 'make test' (each build takes tens of minutes on two cores).
#
#   make full-config-builds [FULL_CONFIGS=x86_64-y,arm64-n] [FULL_CONFIG_W1=n]
#
# For each ARCH-DEPT of FULL_CONFIGS (default: x86_64 and arm64, each with
# CONFIG_DEPT=y and =n), harness/full-config.sh configures
# $(BUILD_DIR)/full/ARCH-dept-DEPT from the architecture's defconfig plus
# harness/full-config/*.config (every subsystem the series touches) and
# the fragment its target file names (full_config), builds
# it, then rebuilds with W=1 the objects of the C files the series touches
# and fails on a warning on a line the series added.  Each build prints its
# wall time.  ARCH-floor, not among the defaults, is the same configuration
# without DEPT and lockdep: make bench's floor of the soak kernel.

# the targets whose file names a full configuration (FULL_CONFIG_TARGETS)
FULL_CONFIG_ALL := $(foreach t,$(FULL_CONFIG_TARGETS),$(t)-y $(t)-n $(t)-floor)
FULL_CONFIG_DEFAULT := $(foreach t,$(FULL_CONFIG_TARGETS),$(t)-y $(t)-n)
FULL_CONFIGS ?= $(FULL_CONFIG_DEFAULT)
FULL_CONFIG_LIST := $(subst $(comma), ,$(FULL_CONFIGS))
FULL_CONFIG_W1 ?= y

full-arch = $(word 1,$(subst -, ,$(1)))
full-dept = $(word 2,$(subst -, ,$(1)))

.PHONY: full-config-builds $(FULL_CONFIG_ALL:%=full-config-%)
full-config-builds: $(FULL_CONFIG_LIST:%=full-config-%)

$(FULL_CONFIG_ALL:%=full-config-%): full-config-%: tree
	$(if $(filter $*,$(FULL_CONFIG_ALL)),,$(error unknown full config $*; known: $(FULL_CONFIG_ALL)))
	@harness/full-config.sh $(TREE) $(BUILD_DIR)/full/$(call full-arch,$*)-dept-$(call full-dept,$*) \
		$(call full-arch,$*) $(call full-dept,$*) $(KBUILD_JOBS) \
		$(FULL_CONFIG_W1) $($(call full-arch,$*)_FULL_CONFIG) \
		-- $($(call full-arch,$*)_MAKE_ARGS)
