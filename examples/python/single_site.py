"""One inject site: annotate, compile to PTX once, render a stub, assemble.

    python examples/python/single_site.py
"""

import ptxinject
from cuda_source import cuda_to_ptx

SOURCE = r"""
#include <ptx_inject.h>
extern "C" __global__ void saxpy_like(const float *xs, float *ys, float a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float x = xs[i], y = ys[i];
  PTX_INJECT("combine", PTX_IN(a), PTX_IN(x), PTX_MOD(y));   // types come from the AST
  ys[i] = y;
}
"""

ptx = cuda_to_ptx(SOURCE)
module = ptxinject.Module.parse(ptx)
combine = module["combine"]
for op in combine.operands:
    print(f"  {op.label:>2}: {op.kind.name:<3} {op.type_label} in %{op.register}")

# y = a * x + y, written against the stable registers.
a, x, y = (combine[name].register for name in ("a", "x", "y"))
final_ptx = module.render({"combine": f"fma.rn.f32 %{y}, %{a}, %{x}, %{y};"})
cubin = ptxinject.compile_ptx(final_ptx, arch="sm_80")
print(f"rendered {len(final_ptx)} bytes of PTX, cubin of {len(cubin)} bytes ({cubin[:4]!r})")
