// Texture fetches through the plugin, with the shim folder after the
// toolkit's headers as the tools and docs/plugin.md give it: CUDA 13's own
// texture_indirect_functions.h declares tex2D and its kin.
// REQUIRES: plugin, ptxas
// RUN: %clang-cuda -fplugin=%plugin -O3 -S %s -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx
// RUN: %ptxinject render %t.ptx --stub-text 'blend=add.f32 %%_x0, %%_x1, %%_x2;' -o %t.rendered.ptx
// RUN: %ptxas %t.rendered.ptx -o %t.cubin
#include <ptx_inject.h>

__global__ void sample(cudaTextureObject_t t2, cudaTextureObject_t t3,
                       float *out) {
  float a = tex2D<float>(t2, 0.5f, 0.5f) + tex1Dfetch<float>(t2, 3);
  float b = tex3D<float>(t3, 0.5f, 0.5f, 0.5f);
  float c;
  PTX_INJECT("blend", PTX_IN(a), PTX_IN(b), PTX_OUT(c));
  out[threadIdx.x] = c;
}

// CHECK: tex.2d.v4.f32.f32
// CHECK: // PTX_INJECT_START blend
// CHECK-NEXT: // _x0 o f32 F32 c
// CHECK-NEXT: // _x1 i f32 F32 a
// CHECK-NEXT: // _x2 i f32 F32 b
