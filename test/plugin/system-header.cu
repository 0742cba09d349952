// Sites in headers included as system headers (-isystem) are expanded too.
// Bool operands: mod, out and in, through 32-bit temporaries.
// REQUIRES: plugin, ptxas
// RUN: %clang-cuda -fplugin=%plugin -O3 -isystem %S/Inputs/system -S %s -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx
// RUN: %ptxinject render %t.ptx --stub-text 'library=add.f32 %%_x0, %%_x0, %%_x0;' \
// RUN:   --stub-text 'flags=and.pred %%_x0, %%_x0, %%_x2;' -o %t.rendered.ptx
// RUN: %ptxas %t.rendered.ptx -o %t.cubin

#include <library_kernels.h>

__global__ void kernel(float *F, int *I) {
  F[0] = libraryStep(F[1]) + libraryInline(F[2]);
  bool Keep = I[0] > 0, Seen, Input = I[1] != 0;
  PTX_INJECT("flags", PTX_MOD(Keep), PTX_OUT(Seen), PTX_IN(Input));
  I[2] = Keep + 2 * Seen;
}

// CHECK-DAG: // PTX_INJECT_START library
// CHECK-DAG: // PTX_INJECT_START library_inline
// CHECK: setp.ne.u32 %_x0, %r{{[0-9]+}}, 0;
// CHECK-NEXT: setp.ne.u32 %_x2, %r{{[0-9]+}}, 0;
// CHECK-NEXT: // PTX_INJECT_START flags
// CHECK-NEXT: // _x0 m pred PRED Keep
// CHECK-NEXT: // _x1 o pred PRED Seen
// CHECK-NEXT: // _x2 i pred PRED Input
// CHECK-NEXT: // PTX_INJECT_END
// CHECK-NEXT: selp.u32 %r{{[0-9]+}}, 1, 0, %_x0;
// CHECK-NEXT: selp.u32 %r{{[0-9]+}}, 1, 0, %_x1;
