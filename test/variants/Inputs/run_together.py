"""Starts the commands separated by '---' at the same time and waits for all;
exits with the first non-zero status. Used to run two processes that share
one cache folder."""
import subprocess
import sys

commands, current = [], []
for arg in sys.argv[1:]:
    if arg == "---":
        commands.append(current)
        current = []
    else:
        current.append(arg)
commands.append(current)
running = [subprocess.Popen(c, stdout=subprocess.DEVNULL) for c in commands]
codes = [p.wait() for p in running]
print("exit codes: " + " ".join(str(c) for c in codes))
sys.exit(next((c for c in codes if c), 0))
