# SPDX-License-Identifier: GPL-2.0
# 'make test': every test stage, one KTAP document, one closing line
# 'N passed, N failed' (see harness/ktap_stages.py).  Stages, in order:
#   host       the engine built into a host program (when host.mk exists)
#   unit       unit tests of the scenario runner and of this harness
#   $(TARGET)  the scenario suite booted on the target; its kernel is built
#              first, and a build that fails fails this stage
#   kunit      the kernel's kunit.py parse reads every stage's KTAP

TEST_OUT := $(BUILD_DIR)/test
HOST_STAGE := $(if $(wildcard arch-glue/host/host.mk),host)
TEST_STAGES := $(HOST_STAGE) unit $(TARGET)

stage-host := $(MAKE) -s --no-print-directory host-test-ktap
stage-unit := PYTHONPATH=scenarios:harness python3 -m runner.ktap_unittest \
	runner.runner_test ktap_stages_test
stage-$(TARGET) := $(MAKE) -s --no-print-directory scenarios-prepared >&2 && \
	$(call run-scenarios,$(TARGET))
stage-kunit := python3 harness/check_kunit_parse.py \
	$(TREE)/tools/testing/kunit/kunit.py $(TEST_STAGES:%=$(TEST_OUT)/%.ktap)

.PHONY: test
test: tree
	@python3 harness/ktap_stages.py $(TEST_OUT) \
		$(foreach s,$(TEST_STAGES) kunit,'$(s)=$(subst ','\'',$(stage-$(s)))')
