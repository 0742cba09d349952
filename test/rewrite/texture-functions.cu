// CUDA 13 still ships texture_indirect_functions.h (only
// texture_fetch_functions.h is gone): the shim folder is searched after the
// toolkit's headers, so tex2D and its kin are declared and a site typed from
// a texture fetch rewrites, compiles, renders and assembles.
// REQUIRES: rewriter
// RUN: %ptxinject-rewrite %s -o %t.cu
// RUN: %strip-comments %t.cu | FileCheck %s
// RUN: %if nvcc %{ %nvcc-ptx %t.cu -o %t.ptx %}
// RUN: %if nvcc %{ %ptxinject inspect %t.ptx | FileCheck %s --check-prefix=TABLE %}
// RUN: %if nvcc %{ %ptxinject render %t.ptx --stub-text 'blend=add.f32 %%_x0, %%_x1, %%_x2;' -o %t.rendered.ptx %}
// RUN: %if nvcc && ptxas %{ %ptxas %t.rendered.ptx -o %t.cubin %}
#include <ptx_inject.h>

__global__ void sample(cudaTextureObject_t t2, cudaTextureObject_t t3,
                       cudaTextureObject_t cube, cudaTextureObject_t layered,
                       float *out) {
  float a = tex2D<float>(t2, 0.5f, 0.5f) + tex1Dfetch<float>(t2, 3);
  float b = tex3D<float>(t3, 0.5f, 0.5f, 0.5f) +
            texCubemap<float>(cube, 1.0f, 0.0f, 0.0f) +
            tex2DLayered<float>(layered, 0.5f, 0.5f, 1);
  float c;
  PTX_INJECT("blend", PTX_IN(a), PTX_IN(b), PTX_OUT(c));
  out[threadIdx.x] = c;
}

// CHECK: // PTX_INJECT_START blend
// CHECK: // _x0 o f32 F32 c
// CHECK: // _x1 i f32 F32 a
// CHECK: // _x2 i f32 F32 b
// TABLE: inject blend: 1 site
