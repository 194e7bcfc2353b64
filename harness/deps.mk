# SPDX-License-Identifier: GPL-2.0
# The Debian packages every target needs, installed when missing.

DEPS_PACKAGES := linux-source-6.12 gcc make bc bison flex libelf-dev \
	libssl-dev cpio busybox-static ccache gdb valgrind python3

.PHONY: deps
deps:
	@harness/install-deps.sh $(DEPS_PACKAGES)
