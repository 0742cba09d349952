#!/usr/bin/env python3
"""Write a C++ source that fails to preprocess where a compiler offers more
C++ features than NVRTC does.

Usage: nvrtc_feature_checks.py -o CHECKS.cu [--lib PATH] [-- NVRTC OPTIONS...]
         < MACRO-DUMP

MACRO-DUMP is a compiler's `-dM -E` output; every __cpp_* macro it names is a
candidate. NVRTC (through nvrtc_compile.py) reports its own value of each,
under the given options (a -std= among them). CHECKS.cu then holds, for each
candidate, an #error that fires when the compiler reading it defines the
macro and NVRTC does not, or defines a higher value than NVRTC's: there a
header would take a path NVRTC never takes. A lower value is the reading
compiler's own limit, not an extension, and passes.
"""
import argparse
import os
import re
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nvrtc_compile  # noqa: E402


def nvrtc_values(names, lib, options):
    """{name: value or None} as NVRTC predefines them under options."""
    probe = []
    for i, name in enumerate(names):
        # Every feature-test macro is a positive date; 0 stands for "absent".
        probe.append('#ifdef %s\nextern "C" __device__ long long probe_%d = %s;\n'
                     '#else\nextern "C" __device__ long long probe_%d = 0;\n#endif\n'
                     % (name, i, name, i))
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "feature_probe.cu")
        ptx = os.path.join(tmp, "feature_probe.ptx")
        with open(src, "w") as f:
            f.write("".join(probe))
        argv = [src, "-o", ptx] + (["--lib", lib] if lib else []) + ["--"] + options
        if nvrtc_compile.main(argv) != 0:
            raise SystemExit("error: NVRTC could not compile the feature probe")
        with open(ptx) as f:
            text = f.read()
    # A zero-initialized global has no initializer in PTX.
    found = {int(m.group(1)): int(m.group(2) or 0)
             for m in re.finditer(r"\bprobe_(\d+)(?:\s*=\s*(\d+))?\s*;", text)}
    if len(found) != len(names):
        raise SystemExit("error: the probe's PTX holds %d of %d values"
                         % (len(found), len(names)))
    return {name: found[i] or None for i, name in enumerate(names)}


def main(argv):
    argv, options = nvrtc_compile.split_options(argv)
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("-o", dest="output", required=True)
    p.add_argument("--lib", default=os.environ.get("NVRTC_LIBRARY"))
    a = p.parse_args(argv)
    names = sorted(set(re.findall(r"^#define (__cpp_\w+) ", sys.stdin.read(), re.M)))
    if not names:
        raise SystemExit("error: no __cpp_ macro in the dump on stdin")
    values = nvrtc_values(names, a.lib, options)
    out = ["// %d feature-test macros against NVRTC (%s)\n"
           % (len(names), " ".join(options) or "default options"),
           # The rewriter copies a file no site reaches without parsing it;
           # naming the site macro makes it read these checks.
           "// Read by the rewriter's parse: this file names PTX_INJECT.\n"]
    for name in names:
        v = values[name]
        if v is None:
            out.append('#ifdef %s\n#error "%s is defined; NVRTC does not define it"\n'
                       '#endif\n' % (name, name))
        else:
            out.append('#if defined(%s) && %s > %dL\n#error "%s is above NVRTC\'s %dL"\n'
                       '#endif\n' % (name, name, v, name, v))
    with open(a.output, "w") as f:
        f.write("".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
