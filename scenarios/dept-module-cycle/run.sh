#!/bin/sh
# Load and unload the module 20 times; its classes, mutex_a and comp_b,
# must be in DEPT's graph while it is loaded and gone once it is unloaded.
module_classes() {
	grep -E '^\[[^]]*\] (mutex_a|comp_b):[0-9]+$' /proc/dept_deps
}

loaded_classes() {
	module_classes > /tmp/classes
	grep -q ' mutex_a:' /tmp/classes && grep -q ' comp_b:' /tmp/classes
}

i=0
while [ $i -lt 20 ]; do
	i=$((i + 1))
	insmod /scenario/dept_module_cycle.ko || exit 1
	loaded_classes ||
		{ echo "dept-module-cycle: load $i: the module's classes are not in /proc/dept_deps"; exit 1; }
	rmmod dept_module_cycle || exit 1
	if module_classes; then
		echo "dept-module-cycle: unload $i left classes of the module"
		exit 1
	fi
done
echo "dept-module-cycle: $i loads, no class of the module left"
