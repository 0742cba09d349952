// The comment form of seeds 001/002, with and without type tokens; lines
// commented out with // are ignored, and so is a commented-out site.
// REQUIRES: rewriter
// RUN: %ptxinject-rewrite %s -o %t.cu
// RUN: %strip-comments %t.cu | FileCheck %s --check-prefix=SRC
// RUN: grep -n 'keeps its line' %t.cu | FileCheck %s --check-prefix=LINE
// RUN: %if nvcc %{ %nvcc-ptx %t.cu -o %t.ptx %}
// RUN: %if nvcc %{ %ptxinject inspect %t.ptx | FileCheck %s --check-prefix=TABLE %}
#include <ptx_inject.h>

struct Pair {
  float first;
  int second;
};

__global__ void kernel(float *out, Pair *p, float4 *v) {
  float x = 5;
  float y = 3;
  float z;
  /* PTX_INJECT func
      in  f32 x
      // in f32 not_an_operand
      mod f32 y
      out z
  */
  out[0] = z + y; // keeps its line
  // LINE: [[@LINE-1]]:  out[0] = z + y;

  // /* PTX_INJECT ignored
  //    in x
  // */

  /* PTX_INJECT fields
     in  p->first
     mod S32 p[0].second
     in v[0].w
     mod out[ 1 ] */
}

// SRC:      float z;
// SRC-NEXT: asm volatile({{.*}}// PTX_INJECT_START func{{.*}} : "+f"(y), "=f"(z) : "f"(x));
// SRC-EMPTY:
// SRC-EMPTY:
// SRC-EMPTY:
// SRC-EMPTY:
// SRC-EMPTY:
// SRC-NEXT: out[0] = z + y;
// SRC:      asm volatile({{.*}}// PTX_INJECT_START fields{{.*}} : "+r"(p[0].second), "+f"(out[ 1 ]) : "f"(p->first), "f"(v[0].w));
// SRC-NOT:  ignored

// TABLE-NOT: ignored
// TABLE:      inject func: 1 site
// TABLE-NEXT:   kind register ptx-type type label
// TABLE-NEXT:   mod  _x0      f32      F32  y
// TABLE-NEXT:   out  _x1      f32      F32  z
// TABLE-NEXT:   in   _x2      f32      F32  x
// TABLE:      inject fields: 1 site
// TABLE-NEXT:   kind register ptx-type type label
// TABLE-NEXT:   mod  _x0      s32      S32  p[0].second
// TABLE-NEXT:   mod  _x1      f32      F32  out[1]
// TABLE-NEXT:   in   _x2      f32      F32  p->first
// TABLE-NEXT:   in   _x3      f32      F32  v[0].w
// TABLE-NOT: ignored
