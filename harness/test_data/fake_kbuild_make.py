#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""make as the runner's module builds see kbuild, for their unit tests:
each object an obj-m line of M/Kbuild names, or of the Kbuild of a
folder it names, gets a .cmd file listing its source and a .ko.  The
command line is appended to $FAKE_MAKE_LOG; $FAKE_MAKE_FAIL fails the
run before anything is built."""

import os
import sys


def objects(folder):
	with open(os.path.join(folder, 'Kbuild'), encoding='utf-8') as kbuild:
		for line in kbuild:
			if line.startswith('obj-m'):
				yield from line.split('=', 1)[1].split()


def build(folder):
	for obj in objects(folder):
		if obj.endswith('/'):
			build(os.path.join(folder, obj))
			continue
		stem = obj[:-len('.o')]
		with open(os.path.join(folder, f'.{stem}.o.cmd'), 'w',
			  encoding='utf-8') as cmd:
			cmd.write(f'deps_{obj} := \\\n'
				  f'  {os.path.join(folder, stem + ".c")} \\\n\n')
		with open(os.path.join(folder, f'{stem}.ko'), 'w',
			  encoding='utf-8'):
			pass


with open(os.environ['FAKE_MAKE_LOG'], 'a', encoding='utf-8') as log:
	log.write(' '.join(sys.argv[1:]) + '\n')
if os.environ.get('FAKE_MAKE_FAIL'):
	sys.exit(2)
build(next(arg[len('M='):] for arg in sys.argv if arg.startswith('M=')))
