#!/bin/sh
# The visitor waits for the keeper's event and leaves; then the keeper
# closes a cycle through that wait.
insmod /scenario/dept_names_keeper.ko || exit 1
insmod /scenario/dept_names_visitor.ko || exit 1
rmmod dept_names_visitor || exit 1
echo 1 > /sys/module/dept_names_keeper/parameters/close_cycle || exit 1
rmmod dept_names_keeper
