// A site in a template instantiated with float and double: one asm per
// instantiated type, picked with if constexpr; both kernels carry the site
// with their own types.
// REQUIRES: rewriter
// RUN: %ptxinject-rewrite %s -o %t.cu
// RUN: %strip-comments %t.cu | FileCheck %s --check-prefix=SRC
// RUN: %if nvcc %{ %nvcc-ptx %t.cu -o %t.ptx %}
// RUN: %if nvcc %{ FileCheck %s --check-prefix=PTX < %t.ptx %}
#include <ptx_inject.h>

template <class T> __device__ T step(T v, int n) {
  T acc = v;
  PTX_INJECT("step", PTX_MOD(acc), PTX_IN(v), PTX_IN(n));
  return acc;
}

template <class T> __global__ void kernel(T *out, int n) {
  out[0] = step(out[1], n);
}

template __global__ void kernel<float>(float *, int);
template __global__ void kernel<double>(double *, int);

// A template whose instantiations agree on every type needs no dispatch.
template <int N> __global__ void fixed(float *out) {
  float x = out[N];
  PTX_INJECT("fixed", PTX_MOD(x));
  out[0] = x;
}
template __global__ void fixed<1>(float *);
template __global__ void fixed<2>(float *);

// SRC-LABEL: T acc = v;
// SRC-NEXT: do { if constexpr ((__ptx_inject_is<decltype((acc)), float>::value && __ptx_inject_is<decltype((v)), float>::value)) { asm volatile({{.*}}// _x0 m f32 F32 acc{{.*}}: "+f"(acc) : "f"(v), "r"(n)); } else if constexpr ((__ptx_inject_is<decltype((acc)), double>::value && __ptx_inject_is<decltype((v)), double>::value)) { asm volatile({{.*}}// _x0 m f64 F64 acc{{.*}}: "+d"(acc) : "d"(v), "r"(n)); } } while (0);
// SRC-LABEL: float x = out[N];
// SRC-NEXT: asm volatile({{.*}}PTX_INJECT_START fixed{{.*}} : "+f"(x));

// PTX-LABEL: .entry _Z6kernelIfEvPT_i(
// PTX:   // PTX_INJECT_START step
// PTX-NEXT:   // _x0 m f32 F32 acc
// PTX-NEXT:   // _x1 i f32 F32 v
// PTX-NEXT:   // _x2 i s32 S32 n
// PTX-LABEL: .entry _Z6kernelIdEvPT_i(
// PTX:   // PTX_INJECT_START step
// PTX-NEXT:   // _x0 m f64 F64 acc
// PTX-NEXT:   // _x1 i f64 F64 v
// PTX-NEXT:   // _x2 i s32 S32 n
