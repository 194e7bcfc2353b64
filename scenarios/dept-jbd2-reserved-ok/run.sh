#!/bin/sh
# The scenario's disk is an external ext4 journal (mkfs.ext4 -O
# journal_dev): the module opens it as a jbd2 journal of its own.
insmod /scenario/dept_jbd2_reserved_ok.ko \
	journal_dev="${HARNESS_DISK0:?no disk attached}" || exit 1
