// An untyped operand's label is its text as written in PTX_IN/PTX_MOD/
// PTX_OUT, without spaces, macros not expanded: users write stubs against
// what they read in their source. The same through the plugin. A typed
// (TYPE, expr) operand keeps the expanded text, the label the header's typed
// macros give it when no front end runs.
// REQUIRES: rewriter
// RUN: %ptxinject-rewrite %s -o %t.cu
// RUN: %strip-comments %t.cu | FileCheck %s
// RUN: %if plugin %{ %clang-cuda -fplugin=%plugin -S %s -o %t.plugin.ptx %}
// RUN: %if plugin %{ FileCheck %s --input-file=%t.plugin.ptx %}
// RUN: %if nvcc %{ %nvcc-ptx %t.cu -o %t.ptx %}
// RUN: %if nvcc %{ %ptxinject inspect %t.ptx | FileCheck %s --check-prefix=TABLE %}
// RUN: %if nvcc %{ %ptxinject render %t.ptx --stub-text 'tile=add.f32 %%_x0, %%_x0, %%_x1;' --stub-text 'typed=add.f32 %%_x0, %%_x0, 1.0;' -o %t.rendered.ptx %}
// RUN: %if nvcc && ptxas %{ %ptxas %t.rendered.ptx -o %t.cubin %}
#include <ptx_inject.h>

#define ROWS 16
#define TWICE(v) ((v) * 2.0f)

__global__ void transpose(float *out) {
  __shared__ float s[64][64];
  for (int i = 0; i < 2; ++i) {
    PTX_INJECT("tile", PTX_MOD(s[threadIdx.y][threadIdx.x + i * ROWS]),
               PTX_IN(TWICE(out[i])));
  }
  PTX_INJECT("typed", PTX_MOD(F32, s[ROWS][0]));
  out[threadIdx.x] = s[threadIdx.y][threadIdx.x];
}

// CHECK: // _x0 m f32 F32 s[threadIdx.y][threadIdx.x+i*ROWS]
// CHECK: // _x1 i f32 F32 TWICE(out[i])
// CHECK: // _x0 m f32 F32 s[16][0]
// TABLE: inject tile: 2 sites
// TABLE: s[threadIdx.y][threadIdx.x+i*ROWS]
