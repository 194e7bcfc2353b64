#!/bin/sh
# Forking processes killed mid-fork, round after round; expect wants the
# program's last line and no report of any detector.
/scenario/fork_killed 10 || exit 1
