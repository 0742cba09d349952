#!/usr/bin/env python3
"""Runs 1,000 random Stack PTX programs in examples/variants' packed kernel
(2 kernels x 8 sites) and checks every output against the CPU interpreter.

    python examples/gpu/run_variants.py [--programs 1000] [--ptx kernel.ptx]
        [--compare-unpacked]

Prints programs run per second, the mean module load time, the CPU/GPU
agreement and, with --compare-unpacked, the same programs run one module
per program (the launch overhead packing saves). Exit status 0 when every
program ran and matched. Needs a GPU and cuda.core (docs/gpu.md).
"""

import argparse
import os
import subprocess
import sys
import tempfile
import time

import numpy as np

import ptxinject
from ptxinject import gpu
from ptxinject.variants import stack_registers

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def kernel_ptx(path):
    if path:
        with open(path, "rb") as f:
            return f.read()
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "kernel.ptx")
        subprocess.run(["nvcc", "-ptx", "-arch=sm_80",
                        os.path.join(ROOT, "examples", "variants", "kernel.asm.cu"), "-o", out],
                       check=True)
        with open(out, "rb") as f:
            return f.read()


def summary(name, ran):
    loads = ran.report["load_ms"]
    return (f"{name}: ran {ran.report['programs_run']} of {ran.report['programs']} programs in "
            f"{ran.report['modules']} modules, {ran.report['launches']} launches, "
            f"{ran.report['wall_s']:.3f} s ({ran.report['programs_per_s']:.0f} programs/s; "
            f"module load {np.mean(loads) if loads else 0:.3f} ms on average)")


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--programs", type=int, default=1000)
    p.add_argument("--length", type=int, default=24, help="instructions per random program")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--n", type=int, default=4096, help="elements per program")
    p.add_argument("--ptx", help="the kernel's PTX (default: nvcc on kernel.asm.cu)")
    p.add_argument("--compare-unpacked", action="store_true")
    a = p.parse_args()

    module = ptxinject.Module.parse(kernel_ptx(a.ptx))
    registers = stack_registers(module, "inject_0")  # x, y in; z out
    # Programs the CPU interpreter models (no special registers), so every
    # one can be checked.
    variation = ptxinject.stack.Variation(None, 2, arch="sm_80", interpreted_only=True,
                                          special_registers=False)
    programs = list(variation.random(a.programs, a.length, a.seed))

    rng = np.random.default_rng(a.seed)
    xs = rng.uniform(-4, 4, a.n).astype(np.float32)
    ys = rng.uniform(-4, 4, a.n).astype(np.float32)
    launch = gpu.Launch([xs, ys, gpu.Output("z", np.float32, (a.n,)), np.int32(a.n)],
                        block=(256,), grid=(None, (a.n + 255) // 256))

    started = time.perf_counter()
    compiled = ptxinject.compile_variants(module, programs, pack=16, dedup=False)
    print(f"compiled {len(programs)} programs into {len(compiled.modules)} modules "
          f"({time.perf_counter() - started:.2f} s), {len(compiled.failures)} failed")
    with gpu.Runner(launch, module=module) as runner:
        ran = runner.run(compiled)
        print(summary("packed", ran))
        report = gpu.check(ran, programs, registers, {"x": xs, "y": ys})
        print(f"check: {len(report.checked)} checked, {len(report.mismatches)} mismatched, "
              f"{len(report.unchecked)} not checked")
        for m in report.mismatches[:10]:
            print(f"  {m}")
        if a.compare_unpacked:
            single = ptxinject.compile_variants(module, programs, inject="inject_0", dedup=False)
            alone = runner.run(single)
            print(summary("one module per program", alone))
            print(f"packed / unpacked programs per second: "
                  f"{ran.report['programs_per_s'] / max(alone.report['programs_per_s'], 1e-9):.1f}x")
    for f in ran.failures[:10]:
        print(f"  program {f.program} ({f.stage}): {f.message}")
    return 0 if not ran.failures and report.ok else 1


if __name__ == "__main__":
    sys.exit(main())
