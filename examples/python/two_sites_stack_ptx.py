"""Two inject sites, stubs from Stack PTX programs (text and Python objects).

    python examples/python/two_sites_stack_ptx.py
"""

import ptxinject
from ptxinject import stack
from cuda_source import cuda_to_ptx

SOURCE = r"""
#include <ptx_inject.h>
extern "C" __global__ void two_sites(const float *xs, float *out) {
  int i = threadIdx.x;
  float x = xs[i], t, r;
  PTX_INJECT("transform", PTX_IN(x), PTX_OUT(t));
  PTX_INJECT("reduce", PTX_IN(x), PTX_IN(t), PTX_OUT(r));
  out[i] = r;
}
"""

module = ptxinject.Module.parse(cuda_to_ptx(SOURCE))


def registers(inject):
    """Stack PTX registers for an inject: each operand's stable register on its stack."""
    return [(op.register, op.register_type.upper()) for op in inject.operands]


def request(inject):
    return [i for i, op in enumerate(inject.operands) if op.kind != ptxinject.OperandKind.IN]


transform, reduce = module["transform"], module["reduce"]

# transform: t = x * x + 1, as text (input words are the register names).
x_reg = transform["x"].register
t_stub = stack.compile(f"{x_reg} {x_reg} mul.ftz.f32 1.0 add.ftz.f32", registers(transform), request(transform))

# reduce: r = max(x, t) - min(x, t), built as Python objects.
b = stack.builtin()
regs = registers(reduce)
ix = [r for r, _ in regs].index(reduce["x"].register)
it = [r for r, _ in regs].index(reduce["t"].register)
program = [b.input(ix), b.input(it), b.ptx("max.ftz.f32"), b.input(ix), b.input(it), b.ptx("min.ftz.f32"),
           b.ptx("sub.ftz.f32")]
r_stub = stack.compile(program, regs, request(reduce))
print("reduce program:", b.set.format(program, regs))
print("its value for x=3, t=10:", stack.interpret(program, regs, [3.0 if n == reduce["x"].register else 10.0 if n == reduce["t"].register else 0.0 for n, _ in regs], request(reduce)))

final_ptx = module.render({"transform": t_stub, "reduce": r_stub})
cubin = ptxinject.compile_ptx(final_ptx)
print(f"two stubs rendered; cubin of {len(cubin)} bytes ({cubin[:4]!r})")
