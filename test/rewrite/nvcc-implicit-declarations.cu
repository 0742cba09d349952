// What nvcc's cuda_runtime.h declares and Clang 19's CUDA wrapper does not:
// FILE and printf (stdio.h), clock_t (time.h), and the cache-operator loads
// and stores of sm_32_intrinsics.h (HeCBench's layernorm-cuda stores with
// __stcs, ldpc-cuda's header names FILE without including stdio.h). The
// rewrite pre-includes them, so a site in their function is typed, and the
// output compiles, renders and assembles.
// REQUIRES: rewriter
// RUN: %ptxinject-rewrite %s -o %t.cu
// RUN: %strip-comments %t.cu | FileCheck %s
// RUN: %if nvcc %{ %nvcc-ptx %t.cu -o %t.ptx %}
// RUN: %if nvcc %{ %ptxinject inspect %t.ptx | FileCheck %s --check-prefix=TABLE %}
// RUN: %if nvcc %{ %ptxinject render %t.ptx --stub-text 'scale=mul.f32 %%_x0, %%_x0, %%_x0;' -o %t.rendered.ptx %}
// RUN: %if nvcc && ptxas %{ %ptxas %t.rendered.ptx -o %t.cubin %}
#include <ptx_inject.h>

struct Log {
  FILE *out;
  clock_t started;
};

__global__ void scale(float *mean, const float4 *in, int4 *flags) {
  float v = __ldcs(mean) + __ldcg(&in->x);
  PTX_INJECT("scale", PTX_MOD(v));
  __stcs(mean + 1, v);
  __stcg(flags, __ldlu(flags + 1));
  __stwt(mean + 2, __ldca(mean + 3));
  printf("%f\n", v);
}

// CHECK: // PTX_INJECT_START scale
// CHECK: // _x0 m f32 F32 v
// TABLE: inject scale: 1 site
