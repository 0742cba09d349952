// cuda_fp16.h and cuda_bf16.h types bind through 16- and 32-bit views;
// bool travels as a predicate; pointers as u64. At -O0 and -O3.
// REQUIRES: plugin, ptxas
// RUN: %clang-cuda -fplugin=%plugin -O0 -S %s -o %t.O0.ptx
// RUN: FileCheck %s --input-file=%t.O0.ptx
// RUN: %ptxinject render %t.O0.ptx --stub-text halves='mov.b16 %%_x1, %%_x4;' -o %t.O0.rendered.ptx
// RUN: %ptxas %t.O0.rendered.ptx -o %t.O0.cubin
// RUN: %clang-cuda -fplugin=%plugin -O3 -S %s -o %t.O3.ptx
// RUN: FileCheck %s --input-file=%t.O3.ptx
// RUN: %ptxinject render %t.O3.ptx --stub-text halves='mov.b16 %%_x1, %%_x4;' \
// RUN:   --stub-text flags='not.pred %%_x0, %%_x1;' -o %t.O3.rendered.ptx
// RUN: %ptxas %t.O3.rendered.ptx -o %t.O3.cubin

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <ptx_inject.h>

__global__ void kernel(__half *H, __nv_bfloat16 *B, __half2 *H2,
                       __nv_bfloat162 *B2, float *P) {
  __half Sum = H[0];
  __nv_bfloat16 Out;
  PTX_INJECT("halves", PTX_MOD(Sum), PTX_OUT(Out), PTX_IN(B[1]),
             PTX_IN(H2[0]), PTX_IN(H[1] + H[2]), PTX_IN(B2[0]), PTX_IN(P));
  H[3] = Sum;
  B[0] = Out;
  bool Flag = H[0] > H[1], Seen = false;
  PTX_INJECT("flags", PTX_OUT(Seen), PTX_IN(Flag));
  P[1] = Seen ? 1.0f : 0.0f;
}

// CHECK: // PTX_INJECT_START halves
// CHECK-NEXT: // _x0 m b16 F16 Sum
// CHECK-NEXT: // _x1 o b16 BF16 Out
// CHECK-NEXT: // _x2 i b16 BF16 B[1]
// CHECK-NEXT: // _x3 i b32 F16X2 H2[0]
// CHECK-NEXT: // _x4 i b16 F16 H[1]+H[2]
// CHECK-NEXT: // _x5 i b32 BF16X2 B2[0]
// CHECK-NEXT: // _x6 i u64 U64 P
// CHECK-NEXT: // PTX_INJECT_END
// CHECK: setp.ne.u32 %_x1, %r{{[0-9]+}}, 0;
// CHECK: // PTX_INJECT_START flags
// CHECK-NEXT: // _x0 o pred PRED Seen
// CHECK-NEXT: // _x1 i pred PRED Flag
// CHECK: selp.u32 %r{{[0-9]+}}, 1, 0, %_x0;
