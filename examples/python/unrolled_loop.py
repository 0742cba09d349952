"""A site inside an unrolled loop: the compiler copies it, the runtime sees one
inject with several sites, and one stub goes to every copy.

    python examples/python/unrolled_loop.py
"""

import ptxinject
from ptxinject import stack
from cuda_source import cuda_to_ptx

SOURCE = r"""
#include <ptx_inject.h>
extern "C" __global__ void unrolled(const float *xs, float *out) {
  float acc = 0.0f;
#pragma unroll
  for (int k = 0; k < 8; ++k) {
    float v = xs[threadIdx.x * 8 + k];
    PTX_INJECT("step", PTX_MOD(acc), PTX_IN(v));
  }
  out[threadIdx.x] = acc;
}
"""

module = ptxinject.Module.parse(cuda_to_ptx(SOURCE))
step = module["step"]
print(f"inject 'step': {len(step.sites)} sites at PTX lines {[line for line, _ in step.sites]}")

acc, v = step["acc"].register, step["v"].register
regs = [(acc, "F32"), (v, "F32")]
stub = stack.compile(f"{v} {v} {acc} fma.rn.ftz.f32", regs, [acc])   # acc += v * v
final_ptx = module.render({"step": stub})
assert final_ptx.count("fma.rn.ftz.f32") >= len(step.sites)
cubin = ptxinject.compile_ptx(final_ptx)
print(f"one stub in {len(step.sites)} places; cubin of {len(cubin)} bytes ({cubin[:4]!r})")
