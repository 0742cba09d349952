// A __device__ function inlined twice and a site in an unrolled loop keep
// their names: the runtime sees several sites of one inject.
// REQUIRES: rewriter, nvcc
// RUN: %ptxinject-rewrite %s -o %t.cu
// RUN: %nvcc-ptx %t.cu -o %t.ptx
// RUN: %ptxinject inspect %t.ptx | FileCheck %s --check-prefix=TABLE
// RUN: %if ptxas %{ %ptxinject render %t.ptx --stub-text 'mix=add.ftz.f32 %%_x0, %%_x0, %%_x1;' --stub-text 'loop=mul.f32 %%_x0, %%_x0, %%_x0;' -o %t.out.ptx %}
// RUN: %if ptxas %{ %ptxas %t.out.ptx -o %t.cubin %}
#include <ptx_inject.h>

__device__ __forceinline__ float mix(float a, float b) {
  PTX_INJECT("mix", PTX_MOD(a), PTX_IN(b));
  return a;
}

__global__ void kernel(float *out) {
  float s = mix(out[0], out[1]) + mix(out[2], out[3]);
  float acc = s;
#pragma unroll
  for (int i = 0; i < 4; ++i) {
    PTX_INJECT("loop", PTX_MOD(acc));
  }
  out[0] = acc;
}

// TABLE-DAG: inject mix: 2 sites {{.*}}, 2 operands
// TABLE-DAG: inject loop: 4 sites {{.*}}, 1 operands
