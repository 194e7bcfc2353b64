#!/bin/sh
# KCSAN checked itself at boot (CONFIG_KCSAN_SELFTEST); it is on now.
grep -qx 'enabled: 1' /sys/kernel/debug/kcsan ||
	{ echo "sanitizer-kcsan: KCSAN is not on"; exit 1; }
echo "sanitizer-kcsan: KCSAN on"
