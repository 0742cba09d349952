// The comment form of a site goes through the same path as the macro form;
// an operand line commented out with // is ignored. The site manifest lists
// every site with its source position.
// REQUIRES: plugin, ptxas
// RUN: %clang-cuda -fplugin=%plugin -fplugin-arg-ptxinject-manifest=%t.json -S %s -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx
// RUN: FileCheck %s --input-file=%t.json --check-prefix=MANIFEST
// RUN: %ptxinject inspect --manifest %t.json %t.ptx
// RUN: %ptxinject render %t.ptx --stub-text func='add.f32 %%_x0, %%_x2, %%_x0;' -o %t.rendered.ptx
// RUN: %ptxas %t.rendered.ptx -o %t.cubin

#include <ptx_inject.h>

__global__ void kernel(float *F) {
  float X = F[0], Y = F[1], Z = 0.0f;
  /* PTX_INJECT func
     in  X
     mod f32 Y
     // out W
     out Z
  */
  F[2] = Y + Z;
}

// CHECK: // PTX_INJECT_START func
// CHECK-NEXT: // _x0 m f32 F32 Y
// CHECK-NEXT: // _x1 o f32 F32 Z
// CHECK-NEXT: // _x2 i f32 F32 X
// CHECK-NEXT: // PTX_INJECT_END

// MANIFEST: "file": "{{.*}}comment-form.cu",
// MANIFEST-NEXT: "line": 16,
// MANIFEST-NEXT: "name": "func",
// MANIFEST: "label": "X",
// MANIFEST: "label": "Y",
// MANIFEST: "label": "Z",
// MANIFEST-NOT: "label"
