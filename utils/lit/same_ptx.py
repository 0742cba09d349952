#!/usr/bin/env python3
"""same_ptx.py A.ptx B.ptx: succeed when two PTX files hold the same code up
to the numbering of the compiler's virtual registers (%r12, %f3, %rd7, %p1
... renumbered in order of first use), comments, blank lines, whitespace
and lines that are only a brace (a stub's own scope); else print the first
difference and fail. Used to show that a stub baked into CUDA source
compiles to what the runtime renders into the PTX."""
import re
import sys

VIRTUAL = re.compile(r"%(rd|rs|r|fd|f|hh|h|p|b)([0-9]+)\b")


def normalized(path):
    names, counts = {}, {}

    def rename(m):
        if m.group(0) not in names:
            kind = m.group(1)
            counts[kind] = counts.get(kind, 0) + 1
            names[m.group(0)] = "%%%s#%d" % (kind, counts[kind])
        return names[m.group(0)]

    lines = []
    with open(path) as f:
        for raw in f:
            line = raw.split("//", 1)[0].strip()
            if not line or line in ("{", "}"):
                continue
            lines.append(VIRTUAL.sub(rename, " ".join(line.split())))
    return lines


if len(sys.argv) != 3:
    sys.exit("usage: same_ptx.py A.ptx B.ptx")
a, b = normalized(sys.argv[1]), normalized(sys.argv[2])
for i, (x, y) in enumerate(zip(a, b)):
    if x != y:
        sys.exit("same_ptx.py: line %d differs:\n  %s: %s\n  %s: %s"
                 % (i + 1, sys.argv[1], x, sys.argv[2], y))
if len(a) != len(b):
    sys.exit("same_ptx.py: %s has %d lines, %s %d" % (sys.argv[1], len(a), sys.argv[2], len(b)))
print("same_ptx.py: same code, %d lines" % len(a))
