"""Damages a variants cache folder: `cubin` truncates the first cached cubin
(by name) to half its size, `entry` cuts the last line off the first entry.
Prints what it damaged."""
import os
import sys

cache, what = sys.argv[1], sys.argv[2]
if what == "cubin":
    folder = os.path.join(cache, "cubins")
    path = os.path.join(folder, sorted(os.listdir(folder))[0])
    with open(path, "rb") as f:
        data = f.read()
    with open(path, "wb") as f:
        f.write(data[: len(data) // 2])
else:
    entries = os.path.join(cache, "entries")
    sub = os.path.join(entries, sorted(os.listdir(entries))[0])
    path = os.path.join(sub, sorted(os.listdir(sub))[0])
    with open(path) as f:
        lines = f.read().splitlines(True)
    with open(path, "w") as f:
        f.write("".join(lines[:-1]))
print("damaged " + what)
