"""kill -9 of `ptxinject variants` in the middle of a batch, then the same
command again: prints what a user would check.

  kill_and_rerun.py PTXINJECT KERNEL.ptx CACHE OUT

The manifest left by the killed run must hold whole rows only, every ok row
naming a cubin that is in OUT and is an ELF file; the rerun with the same
cache must find every program those rows name in the cache."""
import os
import re
import signal
import subprocess
import sys
import time

tool, kernel, cache, out = sys.argv[1:5]
command = [tool, "variants", kernel, "--random", "400", "--seed", "11",
           "--backend", "ptxas", "-j", "1", "--cache", cache, "--out-dir", out,
           "--no-progress"]
manifest = os.path.join(out, "manifest.tsv")

child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
deadline = time.time() + 120
rows = 0
while time.time() < deadline and child.poll() is None:
    try:
        with open(manifest, "rb") as f:
            rows = f.read().count(b"\n") - 1
    except FileNotFoundError:
        rows = 0
    if rows >= 20:
        break
    time.sleep(0.02)
if child.poll() is not None:
    print("kill_and_rerun: the run ended before it was killed")
    sys.exit(1)
os.kill(child.pid, signal.SIGKILL)
child.wait()

with open(manifest, "rb") as f:
    text = f.read()
lines = text.split(b"\n")
print("whole lines:", "yes" if text.endswith(b"\n") else "no")
body = [line.decode().split("\t") for line in lines[1:-1]]
print("fields:", sorted({len(fields) for fields in body}))
ok = [fields for fields in body if fields[3] == "ok"]
missing = [f[1] for f in ok
           if not open(os.path.join(out, f[1]), "rb").read(4) == b"\x7fELF"]
print("ok rows before the kill:", "some" if ok else "none")
print("cubins the rows name that are not ELF files:", len(missing))

rerun = subprocess.run(command, capture_output=True, text=True)
hits = int(re.search(r"cache hits: +(\d+) of", rerun.stdout).group(1))
print("rerun exit:", rerun.returncode)
print("rerun finds every program the killed run reported:",
      "yes" if hits >= len({f[0] for f in ok}) else f"no ({hits} < {len(ok)})")
