#!/usr/bin/env python3
"""exit_status.py STATUS COMMAND...: run COMMAND; succeed only when it exits
with STATUS and writes exactly one line on stderr that says what was wrong,
which it prints on stdout for FileCheck. Notes ("...: note: ...") and
indented details may come with it."""
import subprocess
import sys

if len(sys.argv) < 3:
    sys.exit("usage: exit_status.py STATUS COMMAND...")
want = int(sys.argv[1])
run = subprocess.run(sys.argv[2:], stdout=subprocess.DEVNULL,
                     stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
lines = run.stderr.decode("utf-8", "replace").splitlines()
if run.returncode != want:
    sys.exit("exit_status.py: %r exited with %d, expected %d; stderr:\n%s"
             % (sys.argv[2:], run.returncode, want, "\n".join(lines)))
errors = [l for l in lines
          if l.strip() and not l[0].isspace() and ": note: " not in l]
if len(errors) != 1:
    sys.exit("exit_status.py: %r wrote %d error lines, expected one:\n%s"
             % (sys.argv[2:], len(errors), "\n".join(lines)))
print(errors[0])
