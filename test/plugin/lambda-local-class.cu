// Sites inside a lambda, a generic lambda (typed per call), and a method of
// a local class.
// REQUIRES: plugin, ptxas
// RUN: %clang-cuda -fplugin=%plugin -S %s -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx
// RUN: %ptxinject render %t.ptx --stub-text lambda='add.f32 %%_x0, %%_x0, %%_x1;' \
// RUN:   --stub-text generic_int='add.s32 %%_x0, %%_x0, 7;' \
// RUN:   --stub-text local='mul.lo.s32 %%_x0, %%_x0, 3;' -o %t.rendered.ptx
// RUN: %ptxas %t.rendered.ptx -o %t.cubin

#include <ptx_inject.h>

__global__ void kernel(float *F, int *I) {
  float Bias = F[1];
  auto Apply = [&](float &V) { PTX_INJECT("lambda", PTX_MOD(V), PTX_IN(Bias)); };
  Apply(F[0]);

  auto Generic = [](auto &V) { PTX_INJECT("generic_int", PTX_MOD(V)); };
  Generic(I[0]);

  struct Local {
    __device__ static int triple(int X) {
      PTX_INJECT("local", PTX_MOD(X));
      return X;
    }
  };
  I[1] = Local::triple(I[2]);
}

// CHECK-DAG: // PTX_INJECT_START lambda
// CHECK-DAG: // _x0 m f32 F32 V
// CHECK-DAG: // _x1 i f32 F32 Bias
// CHECK-DAG: // PTX_INJECT_START generic_int
// CHECK-DAG: // _x0 m s32 S32 V
// CHECK-DAG: // PTX_INJECT_START local
// CHECK-DAG: // _x0 m s32 S32 X
