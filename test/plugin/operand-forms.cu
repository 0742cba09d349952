// Operands reach the site marker without a call: an in operand as
// ((void)(expr), 0), a mod or out operand as &(expr). What those forms must
// keep: a by-copy lambda captures its in operands (the asm reads the
// capture), rvalue and class-type in operands pass, an out variable counts as
// set (no "uninitialized" warning), const in operands are fine; at -O0 (each
// lambda its own function) and -O3, without a warning.
// REQUIRES: plugin, ptxas
// RUN: %clang-cuda -fplugin=%plugin -Wall -Werror -O0 -S %s -o %t.O0.ptx
// RUN: %clang-cuda -fplugin=%plugin -Wall -Werror -O3 -S %s -o %t.O3.ptx
// RUN: FileCheck %s --input-file=%t.O0.ptx
// RUN: FileCheck %s --input-file=%t.O3.ptx
// RUN: %ptxinject render %t.O0.ptx --stub-text captured='add.f32 %%_x0, %%_x1, %%_x3;' \
// RUN:   --stub-text halves='mov.b32 %%_x0, %%_x1;' -o %t.rendered.ptx
// RUN: %ptxas %t.rendered.ptx -o %t.cubin

#include <ptx_inject.h>
#include <cuda_fp16.h>

__global__ void kernel(float *F, __half2 *H, int N) {
  float Bias = F[1];
  const int Count = N;
  const float Scale = 2.0f;
  auto ByCopy = [=](float V) {
    PTX_INJECT("captured", PTX_MOD(V), PTX_IN(Bias), PTX_IN(Count),
               PTX_IN(Scale));
    return V;
  };
  F[0] = ByCopy(F[0]);

  __half2 Out;
  PTX_INJECT("halves", PTX_OUT(Out),
             PTX_IN(__halves2half2(__low2half(H[0]), __high2half(H[1]))),
             PTX_IN(H[2]), PTX_IN(F[3] * Scale));
  H[3] = Out;
}

// CHECK-DAG: // PTX_INJECT_START captured
// CHECK-DAG: // _x0 m f32 F32 V
// CHECK-DAG: // _x1 i f32 F32 Bias
// CHECK-DAG: // _x2 i s32 S32 Count
// CHECK-DAG: // _x3 i f32 F32 Scale
// CHECK-DAG: // PTX_INJECT_START halves
// CHECK-DAG: // _x0 o b32 F16X2 Out
// CHECK-DAG: // _x1 i b32 F16X2 __halves2half2(__low2half(H[0]),__high2half(H[1]))
// CHECK-DAG: // _x2 i b32 F16X2 H[2]
// CHECK-DAG: // _x3 i f32 F32 F[3]*Scale
