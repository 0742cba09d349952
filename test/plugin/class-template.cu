// Sites in members of a class template: a method defined in the class, one
// defined out of line, and a static member, each typed per specialization.
// REQUIRES: plugin, ptxas
// RUN: %clang-cuda -fplugin=%plugin -S %s -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx
// RUN: %ptxinject inspect %t.ptx | FileCheck %s --check-prefix=TABLE
// RUN: %ptxinject render %t.ptx --stub-text inline_f32='add.f32 %%_x0, %%_x0, %%_x1;' \
// RUN:   --stub-text outofline_u32='add.u32 %%_x0, %%_x1, 1;' \
// RUN:   --stub-text static_f64='neg.f64 %%_x0, %%_x0;' -o %t.rendered.ptx
// RUN: FileCheck %s --input-file=%t.rendered.ptx --check-prefix=RENDERED
// RUN: %ptxas %t.rendered.ptx -o %t.cubin

#include <ptx_inject.h>

template <class T> struct Acc {
  T Sum;
  __device__ void add(T V) { PTX_INJECT("inline_f32", PTX_MOD(Sum), PTX_IN(V)); }
  __device__ T bump() const;
  __device__ static void twice(T &X) { PTX_INJECT("static_f64", PTX_MOD(X)); }
};

template <class T> __device__ T Acc<T>::bump() const {
  T R;
  PTX_INJECT("outofline_u32", PTX_OUT(R), PTX_IN(Sum));
  return R;
}

__global__ void kernel(float *F, unsigned *U, double *D) {
  Acc<float> A{F[0]};
  A.add(F[1]);
  F[2] = A.Sum;
  Acc<unsigned> B{U[0]};
  U[1] = B.bump();
  Acc<double>::twice(D[0]);
}

// CHECK-DAG: // _x1 i f32 F32 V
// CHECK-DAG: // _x0 m f32 F32 Sum
// CHECK-DAG: // _x0 o u32 U32 R
// CHECK-DAG: // _x1 i u32 U32 Sum
// CHECK-DAG: // _x0 m f64 F64 X

// TABLE: inject inline_f32: 1 site
// TABLE: mod  _x0 f32 F32 Sum
// TABLE: in   _x1 f32 F32 V
// TABLE: inject outofline_u32: 1 site
// TABLE: out  _x0 u32 U32 R
// TABLE: inject static_f64: 1 site

// RENDERED: add.f32 %_x0, %_x0, %_x1;
// RENDERED: add.u32 %_x0, %_x1, 1;
// RENDERED: neg.f64 %_x0, %_x0;
