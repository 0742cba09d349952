// A __host__ __device__ function with a site in a host+device build: the
// host pass compiles it (the markers are no-ops there, nothing is expanded),
// the device pass expands it. Both passes see the plugin's define.
// REQUIRES: plugin, ptxas
// RUN: %clang-host-cuda -fplugin=%plugin -c %s -o %t.host.o
// RUN: %clang-cuda -fplugin=%plugin -S %s -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx
// RUN: %ptxinject render %t.ptx --stub-text hd='add.f32 %%_x0, %%_x0, %%_x0;' -o %t.rendered.ptx
// RUN: %ptxas %t.rendered.ptx -o %t.cubin

#include <ptx_inject.h>

#ifndef __PTX_INJECT_PLUGIN__
#error the plugin must predefine __PTX_INJECT_PLUGIN__ in both passes
#endif

__host__ __device__ float twice(float X) {
  PTX_INJECT("hd", PTX_MOD(X));
  return X;
}

__global__ void kernel(float *F) { F[0] = twice(F[1]); }

float hostCaller(float X) { return twice(X); }

// CHECK: // PTX_INJECT_START hd
// CHECK-NEXT: // _x0 m f32 F32 X
// CHECK-NEXT: // PTX_INJECT_END
