"""Prints the kernels (.text.NAME sections) of each cubin given, one line
per cubin: "NAME.cubin: k1 k2 ...", names sorted. Reads the ELF64 section
headers and their name table; exits non-zero on a file that is not ELF64."""
import os
import struct
import sys

for path in sys.argv[1:]:
    with open(path, "rb") as f:
        data = f.read()
    if data[:5] != b"\x7fELF\x02":
        print("%s: not an ELF64 image" % os.path.basename(path))
        sys.exit(1)
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
    names_at, = struct.unpack_from("<Q", data, shoff + shstrndx * shentsize + 0x18)
    kernels = []
    for i in range(shnum):
        name_off, = struct.unpack_from("<I", data, shoff + i * shentsize)
        end = data.index(b"\0", names_at + name_off)
        name = data[names_at + name_off:end].decode()
        if name.startswith(".text."):
            kernels.append(name[len(".text."):])
    print("%s: %s" % (os.path.basename(path), " ".join(sorted(kernels))))
