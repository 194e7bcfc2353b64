# SPDX-License-Identifier: GPL-2.0
# 'make test' and 'make test-full': every test stage, one KTAP document,
# one closing line 'N passed, N failed[, N skipped]'.  The stages and
# their order are the tool's (harness/test_stages.py): the host program,
# the unit tests, the suite on each target, lockdep's selftests, the
# soak's smoke and the gdb commands where a target's file says so, and
# kunit.py parse over all of it; test-full adds the suite on every
# kernel variant of harness/variants/ on every target (long).
#   TARGETS=um,x86_64   only these targets (default: all)
#   SCENARIOS=a,b       only these scenarios
#   STAGES=a,b          only these stages (e.g. unit,gdb-unit; kunit.py
#                       parse still checks them)
#   VARIANT=name        make test: the suite on that variant's kernels

comma := ,
TARGETS ?=

.PHONY: test test-full
test: tree
	@$(HARNESS) test $(if $(TARGETS),--targets $(TARGETS)) \
		$(if $(SCENARIOS),--scenarios $(SCENARIOS)) \
		$(if $(STAGES),--stages $(STAGES)) \
		$(if $(VARIANT),--variant $(VARIANT))

test-full: tree
	$(if $(VARIANT),$(error make test-full runs every variant; no VARIANT=))
	@$(HARNESS) test-full $(if $(TARGETS),--targets $(TARGETS)) \
		$(if $(SCENARIOS),--scenarios $(SCENARIOS)) \
		$(if $(STAGES),--stages $(STAGES))
