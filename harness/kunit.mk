# SPDX-License-Identifier: GPL-2.0
# DEPT's KUnit suite run by the kernel's own tool, kunit.py, against the
# prepared tree: it configures a UML kernel from kernel/dependency/.kunitconfig
# in a build directory of its own, builds it (with our compiler cache),
# boots it and parses the suite's KTAP.  The same suite also runs in the
# scenario suite (dept-kunit) on every target.

KUNIT_OUT := $(BUILD_DIR)/kunit

.PHONY: kunit-run
kunit-run: $(TREE_STAMP)
	@cd $(TREE) && python3 tools/testing/kunit/kunit.py run \
		--kunitconfig=kernel/dependency \
		--build_dir=$(abspath $(KUNIT_OUT)) \
		--make_options='CC=$(strip $(KBUILD_CCACHE) gcc)' \
		--jobs=$(KBUILD_JOBS) --timeout=300
