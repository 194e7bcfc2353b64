# SPDX-License-Identifier: GPL-2.0
# The Debian packages every target needs, installed when missing; each
# target adds its own (harness/target.mk), and the foreign architectures
# whose busybox its guests run.

DEPS_PACKAGES := linux-source-6.12 gcc make bc bison flex libelf-dev \
	libssl-dev cpio busybox-static ccache gdb valgrind python3 e2fsprogs \
	graphviz python3-jsonschema
DEPS_FOREIGN_ARCHS :=

.PHONY: deps
deps:
	@harness/install-deps.sh \
		$(foreach a,$(sort $(DEPS_FOREIGN_ARCHS)),--foreign-arch $(a)) \
		$(sort $(DEPS_PACKAGES))
