// nvcc defines __CUDACC__ as 1, and CUDA code tests it with #if (HeCBench's
// ssim-cuda: `#if __CUDACC__` in a header). Clang 19's CUDA wrapper leaves
// it empty, an error in #if; the rewrite defines it as nvcc does.
// REQUIRES: rewriter
// RUN: %ptxinject-rewrite %s -o %t.cu
// RUN: %strip-comments %t.cu | FileCheck %s
// RUN: %if nvcc %{ %nvcc-ptx %t.cu -o %t.ptx %}
// RUN: %if nvcc %{ %ptxinject inspect %t.ptx | FileCheck %s --check-prefix=TABLE %}
#include <ptx_inject.h>

#if __CUDACC__ && __CUDACC__ == 1
__global__ void scale(float *p) {
  float v = p[threadIdx.x];
  PTX_INJECT("scale", PTX_MOD(v));
  p[threadIdx.x] = v;
}
#endif

// CHECK: // PTX_INJECT_START scale
// CHECK: // _x0 m f32 F32 v
// TABLE: inject scale: 1 site
