"""Kernel names of a cubin, read from its ELF section headers (.text.<kernel>)."""

import struct


def kernel_names(image: bytes):
    assert image[:4] == b"\x7fELF", "not an ELF file"
    assert image[4] == 2, "not a 64-bit ELF file"
    (shoff,) = struct.unpack_from("<Q", image, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", image, 0x3A)
    sections = []
    for i in range(shnum):
        name, _type, _flags, _addr, offset, size = struct.unpack_from("<IIQQQQ", image, shoff + i * shentsize)
        sections.append((name, offset, size))
    _, str_off, str_size = sections[shstrndx]
    strtab = image[str_off : str_off + str_size]
    names = []
    for name, _, _ in sections:
        end = strtab.index(b"\0", name)
        text = strtab[name:end].decode()
        if text.startswith(".text."):
            names.append(text[len(".text."):])
    return sorted(names)
