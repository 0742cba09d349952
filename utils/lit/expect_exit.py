#!/usr/bin/env python3
"""expect_exit.py STATUS COMMAND...: run COMMAND with its output passed
through; succeed only when it exits with STATUS. Golden checks use distinct
statuses (0 equal, 1 different, 2 error), which lit's `not` cannot tell apart."""
import subprocess
import sys

if len(sys.argv) < 3:
    sys.exit("usage: expect_exit.py STATUS COMMAND...")
want = int(sys.argv[1])
got = subprocess.call(sys.argv[2:])
if got != want:
    sys.stderr.write("expect_exit.py: '%s' exited with %d, expected %d\n"
                     % (sys.argv[2], got, want))
    sys.exit(1)
