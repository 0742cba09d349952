"""Makes a prelude stamp vouch for the current state of one file, as a stamp
gone wrong would: the PCH, built from the file's old text, stays in use.

usage: vouch.py CACHE_DIR FILE
"""
import glob
import os
import sys

cache, path = sys.argv[1], os.path.abspath(sys.argv[2])
st = os.stat(path)
for stamp in glob.glob(os.path.join(cache, "prelude-*.stamp")):
    with open(stamp) as f:
        lines = f.read().split("\n")
    for i, line in enumerate(lines):
        if line.startswith("file ") and line.split(" ", 5)[5] == path:
            lines[i] = "file %d %d %d %d %s" % (
                st.st_size, st.st_mtime_ns, st.st_dev, st.st_ino, path)
    with open(stamp, "w") as f:
        f.write("\n".join(lines))
