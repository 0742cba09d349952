// Each instantiation of a template site is typed on its own: float gives
// f32, int gives s32, double gives f64, in the same compile.
// REQUIRES: plugin
// RUN: %clang-cuda -fplugin=%plugin -S %s -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx

#include <ptx_inject.h>

template <class T>
__device__ T scale(T a) {
  T b = a;
  PTX_INJECT("scale", PTX_IN(a), PTX_OUT(b));
  return b;
}

__global__ void kernel(float *f, int *i, double *d) {
  f[0] = scale(f[1]);
  i[0] = scale(i[1]);
  d[0] = scale(d[1]);
}

// CHECK-LABEL: .func {{.*}} _Z5scaleIfET_S0_(
// CHECK: .reg .f32 %_x0;
// CHECK: .reg .f32 %_x1;
// CHECK: mov.f32 %_x1, %f{{[0-9]+}};
// CHECK: // PTX_INJECT_START scale
// CHECK-NEXT: // _x0 o f32 F32 b
// CHECK-NEXT: // _x1 i f32 F32 a
// CHECK-NEXT: // PTX_INJECT_END
// CHECK-NEXT: mov.f32 %f{{[0-9]+}}, %_x0;

// CHECK-LABEL: .func {{.*}} _Z5scaleIiET_S0_(
// CHECK: // PTX_INJECT_START scale
// CHECK-NEXT: // _x0 o s32 S32 b
// CHECK-NEXT: // _x1 i s32 S32 a

// CHECK-LABEL: .func {{.*}} _Z5scaleIdET_S0_(
// CHECK: // PTX_INJECT_START scale
// CHECK-NEXT: // _x0 o f64 F64 b
// CHECK-NEXT: // _x1 i f64 F64 a
