// A site in a __host__ __device__ function is asm on the device only. Its
// host pass touches the operands as the macro form's host site does (an in
// evaluated, a mod address-taken, an out given a value), so neither nvcc's
// front end ("used before its value is set", #549) nor the host compiler
// (-Wuninitialized, -Wunused-parameter) warns, on the rewritten file or on the
// macro form. The device PTX holds every site.
// REQUIRES: rewriter
// RUN: %ptxinject-rewrite %s -o %t.cu
// RUN: %strip-comments %t.cu | FileCheck %s --check-prefix=SRC
// RUN: %if nvcc %{ %nvcc-ptx -c -Werror all-warnings -Xcompiler -Wall,-Wextra,-Werror %t.cu -o %t.o %}
// RUN: %if nvcc %{ %nvcc-ptx %t.cu -o %t.ptx %}
// RUN: %if nvcc %{ FileCheck %s --check-prefix=PTX < %t.ptx %}
// RUN: %if nvcc %{ %nvcc-ptx -c -Werror all-warnings -Xcompiler -Wall,-Wextra,-Werror -DTYPED %s -o %t.typed.o %}
#include <cuda_fp16.h>
#include <ptx_inject.h>

#ifdef TYPED
#define T_F32 F32,
#define T_F16 F16,
#else
#define T_F32
#define T_F16
#endif

__host__ __device__ float both(float a, float acc) {
  float r;
  PTX_INJECT("both", PTX_IN(T_F32 a), PTX_MOD(T_F32 acc), PTX_OUT(T_F32 r));
  return r + acc;
}

__host__ __device__ __half half_out(float a) {
  __half h;
  PTX_INJECT("half_out", PTX_IN(T_F32 a), PTX_OUT(T_F16 h));
  return h;
}

template <class V> __host__ __device__ V templated(V a) {
  V r;
  PTX_INJECT("templated", PTX_IN(T_F32 a), PTX_OUT(T_F32 r));
  return r;
}

__global__ void kernel(float *p, __half *h) {
  p[0] = both(p[1], p[2]);
  h[0] = half_out(p[3]);
  p[4] = templated(p[5]);
}

// SRC: __PTX_INJECT_HOST_DEVICE(((void)(a), (void)&(acc), __ptx_inject_host_out(r)), asm volatile(
// SRC-SAME: PTX_INJECT_START both
// SRC: __PTX_INJECT_HOST_DEVICE(((void)(a), __ptx_inject_host_out(h)), asm volatile(
// SRC-SAME: PTX_INJECT_START half_out
// SRC: __PTX_INJECT_HOST_DEVICE(((void)(a), __ptx_inject_host_out(r)), asm volatile(
// SRC-SAME: PTX_INJECT_START templated
// PTX-DAG: // PTX_INJECT_START both
// PTX-DAG: // PTX_INJECT_START half_out
// PTX-DAG: // PTX_INJECT_START templated
