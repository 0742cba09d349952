// A kernel written the way a search engineer writes one, for
// `ptxinject variants`: several injects per variant.
//
//   mma       multiply-accumulate step, inside an unrolled loop (SEARCH_TILE
//             copies of the site in the PTX, one program fills them all)
//   epilogue  maps the accumulator to the stored value
//   half_mix  a __half operand pair (the Stack PTX F16 stack)
//   combine   a template instantiated with float and double: one inject per
//             type (combine<F32,...> and combine<F64,...> in the PTX)
//
// Search mma and epilogue together, one program each per variant:
//   ptxinject variants examples/search-kernel/kernel.cu --out-dir out \
//     --programs examples/search-kernel/pairs.stack
// or random pairs:
//   ptxinject variants examples/search-kernel/kernel.cu --out-dir out \
//     --slot mma --slot epilogue --random 1000
#include <ptx_inject.h>

#include <cuda_fp16.h>

#include "activation.h"

template <class T> __device__ T combine(T a, T b) {
  T r;
  PTX_INJECT("combine", PTX_IN(a), PTX_IN(b), PTX_OUT(r));
  return r;
}

extern "C" __global__ void search_kernel(const float *__restrict__ a,
                                         const float *__restrict__ b,
                                         float *__restrict__ out, int n) {
  int i = blockIdx.y * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float acc = 0.0f;
#pragma unroll
  for (int k = 0; k < SEARCH_TILE; ++k) {
    float x = a[i * SEARCH_TILE + k];
    float y = b[i * SEARCH_TILE + k];
    PTX_INJECT("mma", PTX_IN(x), PTX_IN(y), PTX_MOD(acc));
  }
  float v;
  PTX_INJECT("epilogue", PTX_IN(acc), PTX_OUT(v));
  out[i] = clampUnit(v);
}

extern "C" __global__ void half_kernel(const __half *__restrict__ xs,
                                       __half *__restrict__ ys, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  __half x = xs[i];
  __half y;
  PTX_INJECT("half_mix", PTX_IN(x), PTX_OUT(y));
  ys[i] = y;
}

extern "C" __global__ void combine_float(const float *a, float *out) {
  out[threadIdx.x] = combine(a[threadIdx.x], a[threadIdx.x + 1]);
}

extern "C" __global__ void combine_double(const double *a, double *out) {
  out[threadIdx.x] = combine(a[threadIdx.x], a[threadIdx.x + 1]);
}
