"""1,000 random Stack PTX programs compiled to cubins on every core, each
distinct program once (random programs repeat themselves once dead code is
gone): result.places[p] says which module and site hold program p's code.

    python examples/python/random_variants.py [--count 1000] [--pack 8] [--out-dir DIR]
"""

import argparse
import os

import numpy as np

import ptxinject
from ptxinject import stack
from cuda_source import cuda_to_ptx

SLOTS = 8
SOURCE = "#include <ptx_inject.h>\n" + r"""
extern "C" __global__ void search(const float *xs, const float *ys, float *zs, int n) {
  int i = blockIdx.y * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float x = xs[i], y = ys[i], z = 0.0f;
  switch (blockIdx.x) {   // block x picks the slot: one program per slot
""" + "".join(f'  case {s}: PTX_INJECT("slot_{s}", PTX_IN(x), PTX_IN(y), PTX_OUT(z)); break;\n' for s in range(SLOTS)) + r"""
  }
  zs[blockIdx.x * n + i] = z;
}
"""

parser = argparse.ArgumentParser()
parser.add_argument("--count", type=int, default=1000)
parser.add_argument("--length", type=int, default=32)
parser.add_argument("--pack", type=int, default=SLOTS)
parser.add_argument("--jobs", type=int, default=0)
parser.add_argument("--out-dir")
args = parser.parse_args()

module = ptxinject.Module.parse(cuda_to_ptx(SOURCE))
regs = ptxinject.variants.stack_registers(module, "slot_0")   # [('x','F32'), ('y','F32'), ('z','F32')]
iset = stack.InstructionSet.builtin()
rows = [iset.random_program(args.length, regs, seed) for seed in range(args.count)]
programs = np.zeros((args.count, max(map(len, rows))), dtype=np.uint64)
for i, row in enumerate(rows):
    programs[i, : len(row)] = row

result = ptxinject.compile_variants(module, programs, pack=args.pack, jobs=args.jobs, progress=True)
rep = result.report
print(f"{rep['variants']} programs ({rep['unique_programs']} distinct, duplicate rate "
      f"{100 * rep['duplicate_rate']:.1f}%) in {rep['modules']} modules ({rep['backend']}, "
      f"{rep['threads']} threads): {rep['variants'] / rep['wall_seconds']:.0f} programs/s, "
      f"{len(result.failures)} failures")
place = result.places[args.count - 1]
print(f"program {place.program} runs program {place.same_as}'s code: module {place.module}, "
      f"site {place.inject}")
assert all(m.cubin[:4] == b"\x7fELF" for m in result.modules)
if args.out_dir:
    os.makedirs(args.out_dir, exist_ok=True)
    for m in result.modules:
        with open(os.path.join(args.out_dir, f"module_{m.index:04d}.cubin"), "wb") as f:
            f.write(m.cubin)
    print("cubins in", args.out_dir)
