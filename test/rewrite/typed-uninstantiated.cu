// Sites the front end cannot type: in a template never instantiated in the
// file, or in an if constexpr branch that every instantiation discards. One
// whose operands all have a type token is left as written, for the header's
// typed macros, and compiles when the template is instantiated after
// rewriting (here by lines appended to the output, as a file including it
// would). Any other, or a typed comment annotation (a comment is no site
// without the front end), still becomes a static_assert that fails then.
// REQUIRES: rewriter
// RUN: %ptxinject-rewrite %s -o %t.cu --manifest %t.json 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: %strip-comments %t.cu | FileCheck %s --check-prefix=SRC
// RUN: FileCheck %s --check-prefix=MANIFEST < %t.json
// RUN: cp %t.cu %t.late.cu
// RUN: echo 'template __global__ void scale<float>(float *, float);' >> %t.late.cu
// RUN: echo '__global__ void wide_kernel(double *p) { step(p[0]); }' >> %t.late.cu
// RUN: %if nvcc %{ %nvcc-ptx %t.late.cu -o %t.late.ptx %}
// RUN: %if nvcc %{ %ptxinject inspect %t.late.ptx | FileCheck %s --check-prefix=TABLE %}
// RUN: %if nvrtc %{ %nvrtc-ptx %t.late.cu -o %t.late.nvrtc.ptx %}
// RUN: %if nvrtc %{ %ptxinject inspect %t.late.nvrtc.ptx | FileCheck %s --check-prefix=TABLE %}
// RUN: cp %t.cu %t.untyped.cu
// RUN: echo 'template __device__ float never<float>(float);' >> %t.untyped.cu
// RUN: echo 'template __device__ float partly<float>(float, float);' >> %t.untyped.cu
// RUN: echo 'template __device__ float commented<float>(float);' >> %t.untyped.cu
// RUN: %if nvcc %{ not %nvcc-ptx %t.untyped.cu -o %t.untyped.ptx 2>&1 | FileCheck %s --check-prefix=LATE %}
#include <ptx_inject.h>

template <class T> __global__ void scale(T *p, T s) {
  T x = p[0];
  PTX_INJECT("scale", PTX_IN(F32, s), PTX_MOD(F32, acc, x));
  p[0] = x;
}

template <class T> __device__ void step(T &v) {
  if constexpr (sizeof(T) == 8) {
    PTX_INJECT("wide", PTX_MOD(F64, v));
  } else {
    PTX_INJECT("narrow", PTX_MOD(v));
  }
}

template <class T> __device__ T never(T v) {
  PTX_INJECT("never", PTX_MOD(v));
  return v;
}

template <class T> __device__ T partly(T v, T w) {
  PTX_INJECT("partly", PTX_IN(F32, w), PTX_MOD(v));
  return v;
}

template <class T> __device__ T commented(T v) {
  /* PTX_INJECT commented
     mod F32 v
  */
  return v;
}

__global__ void kernel(float *p) { step(p[0]); }

// WARN: typed-uninstantiated.cu:28:3: warning: inject site 'scale' is in a template that is never instantiated, so the front end cannot check its operand types and it is not in the manifest; every operand has a type token, so it is left as written, to the header's typed macros, which compile it where the template is instantiated (instantiate it in this file, an explicit instantiation will do, to have it checked here)
// WARN: typed-uninstantiated.cu:34:5: warning: inject site 'wide' is in a branch that every instantiation of 'step' discards (if constexpr), so the front end cannot check its operand types and it is not in the manifest; every operand has a type token, so it is left as written, to the header's typed macros, which compile it if an instantiation keeps the branch
// WARN: typed-uninstantiated.cu:41:3: warning: inject site 'never' is in a template that is never instantiated, so its operand types are unknown; it is written as a static_assert
// WARN: typed-uninstantiated.cu:46:3: warning: inject site 'partly' is in a template that is never instantiated, so its operand types are unknown; it is written as a static_assert
// WARN: typed-uninstantiated.cu:51:3: warning: inject site 'commented' is in a template that is never instantiated, so its operand types are unknown; it is written as a static_assert
// WARN-NOT: error

// SRC-LABEL: __global__ void scale(T *p, T s) {
// SRC-NEXT: T x = p[0];
// SRC-NEXT: PTX_INJECT("scale", PTX_IN(F32, s), PTX_MOD(F32, acc, x));
// SRC-NEXT: p[0] = x;
// SRC-LABEL: __device__ void step(T &v) {
// SRC-NEXT: if constexpr (sizeof(T) == 8) {
// SRC-NEXT: PTX_INJECT("wide", PTX_MOD(F64, v));
// SRC-NEXT: } else {
// SRC-NEXT: asm volatile({{.*}}PTX_INJECT_START narrow{{.*}} : "+f"(v));
// SRC-LABEL: __device__ T never(T v) {
// SRC-NEXT: static_assert(__ptx_inject_is<decltype((v)), void>::value, "PTX_INJECT site 'never' was in a template that was never instantiated
// SRC-LABEL: __device__ T partly(T v, T w) {
// SRC-NEXT: static_assert(__ptx_inject_is<decltype((w)), void>::value, "PTX_INJECT site 'partly' was in a template that was never instantiated
// SRC-LABEL: __device__ T commented(T v) {
// SRC-NEXT: static_assert(__ptx_inject_is<decltype((v)), void>::value, "PTX_INJECT site 'commented' was in a template that was never instantiated

// MANIFEST-NOT: "scale"
// MANIFEST-NOT: "wide"

// TABLE:      inject narrow: 1 site
// TABLE-NEXT:   kind register ptx-type type label
// TABLE-NEXT:   mod  _x0      f32      F32  v
// TABLE-NEXT: inject scale: 1 site
// TABLE-NEXT:   kind register ptx-type type label
// TABLE-NEXT:   mod  _x0      f32      F32  acc
// TABLE-NEXT:   in   _x1      f32      F32  s
// TABLE-NEXT: inject wide: 1 site
// TABLE-NEXT:   kind register ptx-type type label
// TABLE-NEXT:   mod  _x0      f64      F64  v
// TABLE-NOT:  inject

// LATE-DAG: static assertion failed with "PTX_INJECT site 'never' was in a template that was never instantiated
// LATE-DAG: static assertion failed with "PTX_INJECT site 'partly' was in a template that was never instantiated
// LATE-DAG: static assertion failed with "PTX_INJECT site 'commented' was in a template that was never instantiated
