#!/usr/bin/env python3
"""Writes a CUDA file with N inject sites (default 1000), 4 operands each.

Usage: gen_sites.py [N] [--form macro|comment] > sites.cu
Shared by the 1,000-site lit case and the rewrite benchmark.
"""
import sys


def generate(count, form):
    out = ["#include <ptx_inject.h>", "",
           "__global__ void many(float *io, int n) {",
           "  float a = io[0], b = io[1], c = io[2];",
           "  int k = n;"]
    for i in range(count):
        if form == "comment":
            out += ["  /* PTX_INJECT s%d" % i, "     in f32 a", "     mod b",
                    "     out c", "     mod k", "  */"]
        else:
            out.append('  PTX_INJECT("s%d", PTX_IN(a), PTX_MOD(F32, b), '
                       'PTX_OUT(c), PTX_MOD(k));' % i)
        out.append("  a = a + c;")
    out += ["  io[0] = a + b + c + k;", "}", ""]
    return "\n".join(out)


def main(argv):
    count, form = 1000, "macro"
    args = list(argv[1:])
    if "--form" in args:
        i = args.index("--form")
        form = args[i + 1]
        del args[i:i + 2]
    if args:
        count = int(args[0])
    sys.stdout.write(generate(count, form))


if __name__ == "__main__":
    main(sys.argv)
