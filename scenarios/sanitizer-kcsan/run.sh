#!/bin/sh
# KCSAN checked itself at boot (CONFIG_KCSAN_SELFTEST) and is on; then
# the module races for one second.
grep -qx 'enabled: 1' /sys/kernel/debug/kcsan ||
	{ echo "sanitizer-kcsan: KCSAN is not on"; exit 1; }
insmod /scenario/sanitizer_kcsan.ko || exit 1
rmmod sanitizer_kcsan
