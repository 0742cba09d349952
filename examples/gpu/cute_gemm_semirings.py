#!/usr/bin/env python3
"""Runs the CuTe GEMM (examples/cute-gemm) with a few semirings injected at
its multiply-accumulate site and checks each C against a NumPy GEMM with
the same semiring.

    python examples/gpu/cute_gemm_semirings.py [--size 256] [--ptx gemm.ptx]

The site "mma" has registers c (mod), a and b; a program leaves the new c.
The kernel clears its accumulators to 0 and accumulates k in order, so the
NumPy reference starts from 0 and walks k in order too. Needs a GPU,
cuda.core and, without --ptx, nvcc and CuTe (utils/install-cute). Exit
status 0 when every semiring's C matched.
"""

import argparse
import os
import subprocess
import sys
import tempfile

import numpy as np

import ptxinject
from ptxinject import gpu

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

# name: (Stack PTX program over c, a, b; the NumPy step; ulp allowed)
SEMIRINGS = {
    "plus-times": ("a b c fma.rn.ftz.f32", lambda a, b, c: (a.astype(np.float64) * b + c), 0),
    "max-plus": ("a b add.ftz.f32 c max.ftz.f32", lambda a, b, c: np.maximum(a + b, c), 0),
    "min-plus": ("a b add.ftz.f32 c min.ftz.f32", lambda a, b, c: np.minimum(a + b, c), 0),
    "l1": ("a b sub.ftz.f32 abs.ftz.f32 c add.ftz.f32", lambda a, b, c: np.abs(a - b) + c, 0),
}


def gemm_ptx(path):
    if path:
        with open(path, "rb") as f:
            return f.read()
    include = os.path.join(ROOT, "build", "deps", "cutlass", "include")
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "gemm.ptx")
        subprocess.run(["nvcc", "-ptx", "-arch=sm_80", "-I", include, "-I",
                        ptxinject.include_dir(),
                        os.path.join(ROOT, "examples", "cute-gemm", "gemm.asm.cu"), "-o", out],
                       check=True)
        with open(out, "rb") as f:
            return f.read()


def reference(step, a, b):
    """C (M x N) of the semiring: c = step(a[m, k], b[n, k], c) for k in order, f32."""
    c = np.zeros((a.shape[0], b.shape[0]), np.float32)
    for k in range(a.shape[1]):
        c = step(a[:, k][:, None], b[:, k][None, :], c).astype(np.float32)
    return c


def ulp_apart(x, y):
    def ordered(v):
        i = v.view(np.int32).astype(np.int64)
        return np.where(i >= 0, i, -(i & 0x7FFFFFFF))
    return np.abs(ordered(x) - ordered(y))


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--size", type=int, default=256, help="M = N (a multiple of 128); K = size / 2")
    p.add_argument("--ptx", help="gemm.asm.cu's PTX (default: nvcc with CuTe)")
    a = p.parse_args()
    m = n = a.size
    k = a.size // 2
    if m % 128 or k % 8:
        p.error("--size must be a multiple of 128")
    module = ptxinject.Module.parse(gemm_ptx(a.ptx))
    names = list(SEMIRINGS)
    programs = [SEMIRINGS[s][0] for s in names]
    compiled = ptxinject.compile_variants(module, programs, inject="mma", dedup=False)
    if compiled.failures:
        for f in compiled.failures:
            print(f"{names[f.program]}: {f.message}")
        return 1

    rng = np.random.default_rng(1)
    A = rng.uniform(-1, 1, (m, k)).astype(np.float32)  # A[m, k]
    B = rng.uniform(-1, 1, (n, k)).astype(np.float32)  # B^T[n, k]
    # Column-major buffers: A (M x K), B^T (N x K), C (M x N).
    args = [np.int32(m), np.int32(n), np.int32(k), np.float32(1.0),
            np.asfortranarray(A).ravel(order="K"), np.int32(m),
            np.asfortranarray(B).ravel(order="K"), np.int32(n), np.float32(0.0),
            gpu.Output("C", np.float32, (m * n,)), np.int32(m)]
    launch = gpu.Launch(args, block=(256,), grid=(m // 128, n // 128))
    ran = gpu.run(compiled, launch, layout={"mma": ("cute_gemm_nt_f32", 0)})
    ok = True
    for i, name in enumerate(names):
        if i not in ran.runs:
            failure = next(f for f in ran.failures if f.program == i)
            print(f"{name}: did not run ({failure.stage}: {failure.message})")
            ok = False
            continue
        got = ran.output(i, "C").reshape(n, m).T  # column-major C
        want = reference(SEMIRINGS[name][1], A, B)
        apart = ulp_apart(got, want)
        worst = np.unravel_index(int(np.argmax(apart)), apart.shape)
        good = apart.max() <= SEMIRINGS[name][2] + 4
        ok &= bool(good)
        print(f"{name}: {'matches' if good else 'differs from'} NumPy (max {int(apart.max())} ulp "
              f"at C{tuple(int(w) for w in worst)}: GPU {got[worst]!r}, NumPy {want[worst]!r}); "
              f"{ran.runs[i].time_ms:.3f} ms")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
