# SPDX-License-Identifier: GPL-2.0
# The prepared kernel tree, shared by all targets (see harness/prepare-tree.sh).

TREE := $(BUILD_DIR)/linux
TREE_STAMP := $(TREE).stamp
# SERIES=none prepares the pristine tree plus src/'s new files.
SERIES ?= default
KBUILD_JOBS ?= 3
GEN_INIT_CPIO := $(BUILD_DIR)/tools/gen_init_cpio

# The recipe always runs; it only touches the tree and the stamp on change,
# and make compares the stamp's mtime after it ran.
$(TREE_STAMP): FORCE | deps
	@harness/prepare-tree.sh $(TREE) $(SERIES)

.PHONY: tree series-export checkpatch FORCE
tree: $(TREE_STAMP)

series-export: | deps
	@harness/series-export.sh $(TREE)

checkpatch: tree
	@harness/checkpatch-series.sh $(TREE)

$(GEN_INIT_CPIO): $(TREE_STAMP)
	@mkdir -p $(dir $@)
	gcc -O2 -o $@ $(TREE)/usr/gen_init_cpio.c
