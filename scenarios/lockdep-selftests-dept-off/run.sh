#!/bin/sh
# The selftests ran at boot; this boot is the reference: DEPT was off.
dmesg | grep -q 'DEPT: switched off by dept=off' ||
	{ echo "lockdep-selftests-dept-off: DEPT was not off"; exit 1; }
echo "lockdep-selftests-dept-off: selftests ran with DEPT off"
