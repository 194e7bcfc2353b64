# SPDX-License-Identifier: GPL-2.0
#
# gdb on dept-host-test, stopped at the first DEPT report (make gdb-host).
# Every case runs in a child process: gdb follows the first one, which
# is the case selected on the command line (HOST_TEST=suite.case).
set pagination off
set confirm off
set follow-fork-mode child
set detach-on-fork on
# the breakpoint is in the engine, which the child has not loaded yet
set breakpoint pending on
break print_circle
run
