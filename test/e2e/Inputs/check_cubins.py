"""Checks an output folder of `ptxinject variants`: exactly N cubins, each an
ELF64 image. Prints one line per problem and exits non-zero on any."""
import os
import sys

folder, expected = sys.argv[1], int(sys.argv[2])
names = sorted(n for n in os.listdir(folder) if n.endswith(".cubin"))
problems = []
if len(names) != expected:
    problems.append("expected %d cubins, found %d" % (expected, len(names)))
for n in names:
    with open(os.path.join(folder, n), "rb") as f:
        head = f.read(5)
    if head[:4] != b"\x7fELF" or head[4:5] != b"\x02":
        problems.append("%s is not an ELF64 image" % n)
for p in problems:
    print("check_cubins: " + p)
print("cubins: %d elf" % (len(names) - sum("ELF" in p for p in problems)))
sys.exit(1 if problems else 0)
