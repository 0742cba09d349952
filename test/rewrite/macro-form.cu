// The macro form in its three operand spellings: inferred type, the seed's
// (TYPE, expr), and (TYPE, label, expr). Rewrite, then nvcc, then the table
// the runtime reads, then a rendered stub through ptxas.
// REQUIRES: rewriter
// RUN: %ptxinject-rewrite %s -o %t.cu
// RUN: %strip-comments %t.cu | FileCheck %s --check-prefix=SRC
// RUN: grep -n 'keeps its line' %t.cu | FileCheck %s --check-prefix=LINE
// RUN: %if nvcc %{ %nvcc-ptx %t.cu -o %t.ptx %}
// RUN: %if nvcc %{ %ptxinject inspect %t.ptx | FileCheck %s --check-prefix=TABLE %}
// RUN: %if nvcc && ptxas %{ %ptxinject render %t.ptx --stub-text 'func=add.ftz.f32 %%_x1, %%_x2, %%_x0;' -o %t.out.ptx %}
// RUN: %if nvcc && ptxas %{ %ptxas %t.out.ptx -o %t.cubin %}
#include <ptx_inject.h>

extern "C" __global__ void kernel(float *out, const float *in) {
  float x = in[0];
  float y = 3.0f;
  float z;
  PTX_INJECT("func", PTX_IN(x), PTX_MOD(F32, y),
             PTX_OUT(F32, result, z));
  out[0] = z + y; // keeps its line
  // LINE: [[@LINE-1]]:  out[0] = z + y;
}
// SRC:      #include <ptx_inject.h>
// SRC:      float z;
// SRC-NEXT: asm volatile("{\n\t" ".reg .f32 %%_x0;\n\t" ".reg .f32 %%_x1;\n\t" ".reg .f32 %%_x2;\n\t" "mov.f32 %%_x0, %0;\n\t" "mov.f32 %%_x2, %2;\n\t" "// PTX_INJECT_START func\n\t" "// _x0 m f32 F32 y\n\t" "// _x1 o f32 F32 result\n\t" "// _x2 i f32 F32 x\n\t" "// PTX_INJECT_END\n\t" "mov.f32 %0, %%_x0;\n\t" "mov.f32 %1, %%_x1;\n\t" "}" : "+f"(y), "=f"(z) : "f"(x))
// The site spanned two lines: the ';' and every later line keep their place.
// SRC-NEXT: {{^;$}}
// SRC-NEXT: out[0] = z + y;
// SRC-NOT:  PTX_INJECT(

// TABLE:      inject func: 1 site (line {{[0-9]+}}), 3 operands
// TABLE-NEXT:   kind register ptx-type type label
// TABLE-NEXT:   mod  _x0      f32      F32  y
// TABLE-NEXT:   out  _x1      f32      F32  result
// TABLE-NEXT:   in   _x2      f32      F32  x
