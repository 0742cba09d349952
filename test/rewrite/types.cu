// Every type mapping of docs/design.md ("The marker contract"), inferred from
// the AST through typedefs, auto, references and const; the runtime's table
// shows the marker types and ptxas accepts the module with an empty stub at
// every site.
// REQUIRES: rewriter
// RUN: %ptxinject-rewrite %s -o %t.cu
// RUN: %strip-comments %t.cu | FileCheck %s --check-prefix=SRC
// RUN: %if nvcc %{ %nvcc-ptx %t.cu -o %t.ptx %}
// RUN: %if nvcc %{ %ptxinject inspect %t.ptx | FileCheck %s --check-prefix=TABLE %}
// RUN: %if nvcc && ptxas %{ %ptxinject render %t.ptx -o %t.out.ptx %}
// RUN: %if nvcc && ptxas %{ %ptxas %t.out.ptx -o %t.cubin %}
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <ptx_inject.h>

typedef float real;
using index_t = long long;

__global__ void scalars(float *f, double *d, int *i, unsigned *u,
                        long long *ll, unsigned long long *ull, short *s,
                        unsigned short *us, bool *b) {
  PTX_INJECT("ints", PTX_MOD(i[0]), PTX_MOD(u[0]), PTX_MOD(ll[0]),
             PTX_MOD(ull[0]), PTX_MOD(s[0]), PTX_MOD(us[0]));
  PTX_INJECT("floats", PTX_MOD(f[0]), PTX_MOD(d[0]));
  bool flag = b[0];
  bool result;
  PTX_INJECT("preds", PTX_IN(flag), PTX_OUT(result));
  b[1] = result;
}

__global__ void halves(__half *h, __nv_bfloat16 *bh, __half2 *h2,
                       __nv_bfloat162 *bh2) {
  __half a = h[0];
  PTX_INJECT("half", PTX_MOD(a), PTX_MOD(bh[0]), PTX_MOD(h2[0]),
             PTX_IN(bh2[0]));
  h[1] = a;
}

__device__ const float &pick(const float *p) { return p[1]; }

__global__ void spelled(float *p, real r, index_t n) {
  auto a = p[0];
  const float c = 2.0f;
  float &ref = p[2];
  const float &cref = pick(p);
  float *ptr = p + 3;
  PTX_INJECT("spelled", PTX_IN(r), PTX_IN(n), PTX_IN(a), PTX_IN(c),
             PTX_MOD(ref), PTX_IN(cref), PTX_IN(ptr), PTX_IN(r * 2.0f));
}

// SRC-LABEL: void scalars(
// SRC:  : "+r"(i[0]), "+r"(u[0]), "+l"(ll[0]), "+l"(ull[0]), "+h"(s[0]), "+h"(us[0]))
// SRC:  : "+f"(f[0]), "+d"(d[0]))
// bool travels as a 32-bit integer and becomes a predicate inside the asm.
// SRC:  do { unsigned int __ptx_inject_v1; unsigned int __ptx_inject_v0 = (flag) ? 1u : 0u; asm volatile({{.*}}setp.ne.u32 %%_x1, %1, 0;{{.*}}selp.u32 %0, 1, 0, %%_x0;{{.*}} : "=r"(__ptx_inject_v1) : "r"(__ptx_inject_v0)); (result) = __ptx_inject_v1 != 0u; } while (0);
// SRC-LABEL: void halves(
// SRC: "+h"(*(unsigned short*)&(a)), "+h"(*(unsigned short*)&(bh[0])), "+r"(*(unsigned int*)&(h2[0])) : "r"(*(unsigned int*)&__ptx_inject_v3))
// SRC-LABEL: void spelled(
// SRC: : "+f"(ref) : "f"(r), "l"(n), "f"(a), "f"(c), "f"(cref), "l"(ptr), "f"(r * 2.0f))

// TABLE-LABEL: inject ints: 1 site
// TABLE:   mod  _x0 {{ *}}s32 {{ *}}S32  i[0]
// TABLE:   mod  _x1 {{ *}}u32 {{ *}}U32  u[0]
// TABLE:   mod  _x2 {{ *}}s64 {{ *}}S64  ll[0]
// TABLE:   mod  _x3 {{ *}}u64 {{ *}}U64  ull[0]
// TABLE:   mod  _x4 {{ *}}s16 {{ *}}S16  s[0]
// TABLE:   mod  _x5 {{ *}}u16 {{ *}}U16  us[0]
// TABLE-LABEL: inject floats: 1 site
// TABLE:   mod  _x0 {{ *}}f32 {{ *}}F32  f[0]
// TABLE:   mod  _x1 {{ *}}f64 {{ *}}F64  d[0]
// TABLE-LABEL: inject preds: 1 site
// TABLE:   out  _x0 {{ *}}pred {{ *}}PRED {{ *}}result
// TABLE:   in   _x1 {{ *}}pred {{ *}}PRED {{ *}}flag
// TABLE-LABEL: inject half: 1 site
// TABLE:   mod  _x0 {{ *}}b16 {{ *}}F16 {{ *}}a
// TABLE:   mod  _x1 {{ *}}b16 {{ *}}BF16 {{ *}}bh[0]
// TABLE:   mod  _x2 {{ *}}b32 {{ *}}F16X2 {{ *}}h2[0]
// TABLE:   in   _x3 {{ *}}b32 {{ *}}BF16X2 {{ *}}bh2[0]
// TABLE-LABEL: inject spelled: 1 site
// TABLE:   mod  _x0 {{ *}}f32 {{ *}}F32 {{ *}}ref
// TABLE:   in   _x1 {{ *}}f32 {{ *}}F32 {{ *}}r
// TABLE:   in   _x2 {{ *}}s64 {{ *}}S64 {{ *}}n
// TABLE:   in   _x3 {{ *}}f32 {{ *}}F32 {{ *}}a
// TABLE:   in   _x4 {{ *}}f32 {{ *}}F32 {{ *}}c
// TABLE:   in   _x5 {{ *}}f32 {{ *}}F32 {{ *}}cref
// TABLE:   in   _x6 {{ *}}u64 {{ *}}U64 {{ *}}ptr
// TABLE:   in   _x7 {{ *}}f32 {{ *}}F32 {{ *}}r*2.0f
