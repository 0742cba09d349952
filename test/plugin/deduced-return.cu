// A template with a deduced return type is instantiated in the middle of
// parsing an expression that has temporaries with destructors; the site's
// own temporaries (an rvalue __half input, a bool) must stay apart from them.
// REQUIRES: plugin, ptxas
// RUN: %clang-cuda -fplugin=%plugin -O0 -S %s -o %t.O0.ptx
// RUN: FileCheck %s --input-file=%t.O0.ptx
// RUN: FileCheck %s --input-file=%t.O0.ptx --check-prefix=DTOR
// RUN: %ptxas %t.O0.ptx -o %t.O0.cubin
// RUN: %clang-cuda -fplugin=%plugin -O3 -S %s -o %t.O3.ptx
// RUN: FileCheck %s --input-file=%t.O3.ptx
// RUN: %ptxas %t.O3.ptx -o %t.O3.cubin

#include <cuda_fp16.h>
#include <ptx_inject.h>
struct Guard { float V; __device__ Guard(float X) : V(X) {} __device__ ~Guard() {} };
template <class T> __device__ auto deduced(T X) {
  bool Flag = X > T(0);
  T Y;
  PTX_INJECT("deduced", PTX_OUT(Y), PTX_IN(X + X), PTX_MOD(Flag));
  return Y;
}
__global__ void k(__half *H, float *F) {
  F[0] = Guard(F[1]).V + __half2float(deduced(H[0])) + Guard(F[2]).V;
}

// CHECK: // PTX_INJECT_START deduced
// CHECK-NEXT: // _x0 m pred PRED Flag
// CHECK-NEXT: // _x1 o b16 F16 Y
// CHECK-NEXT: // _x2 i b16 F16 X+X

// Both Guard temporaries are still destroyed.
// DTOR-COUNT-2: {{^}}{{[[:space:]]*}}_ZN5GuardD1Ev,
