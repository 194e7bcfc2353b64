#!/bin/sh
# Processes that check their vector registers across switches; expect
# wants the program's last line and no report of any detector.
/scenario/fp_state 4 5000 || exit 1
