// PTX_INJECT_TOK(name, ...), the reference system's site named by an
// identifier (macro-expanded first), is PTX_INJECT("name", ...) in every
// route: the rewriter, NVRTC and nvcc with the typed macros alone, and the
// plugin. The tables are the same as for PTX_INJECT spelled with strings.
// REQUIRES: rewriter
// RUN: %ptxinject-rewrite %s -o %t.cu
// RUN: %strip-comments %t.cu | FileCheck %s --check-prefix=SRC
// RUN: %if nvcc %{ %nvcc-ptx %t.cu -o %t.rw.ptx %}
// RUN: %if nvcc %{ %ptxinject inspect %t.rw.ptx | FileCheck %s --check-prefix=TABLE %}
// RUN: %if nvrtc %{ %nvrtc-ptx %s -o %t.macros.ptx %}
// RUN: %if nvrtc %{ %ptxinject inspect %t.macros.ptx | FileCheck %s --check-prefix=TABLE %}
// RUN: %if nvcc %{ %nvcc-ptx %s -o %t.nvcc.ptx %}
// RUN: %if nvcc %{ %ptxinject inspect %t.nvcc.ptx | FileCheck %s --check-prefix=TABLE %}
// RUN: %if plugin %{ %clang-cuda -fplugin=%plugin -S %s -o %t.plugin.ptx %}
// RUN: %if plugin %{ %ptxinject inspect %t.plugin.ptx | FileCheck %s --check-prefix=TABLE %}
#include <ptx_inject.h>

#define EPILOGUE_SITE epilogue

extern "C" __global__ void kernel(float *out) {
  float x = out[0], y, z = out[2];
  PTX_INJECT_TOK(func, PTX_IN(F32, x), PTX_OUT(F32, y));
  PTX_INJECT_TOK(EPILOGUE_SITE, PTX_MOD(F32, z));
  out[1] = y;
  out[2] = z;
}

// SRC:      float x = out[0], y, z = out[2];
// SRC-NEXT: asm volatile({{.*}}"// PTX_INJECT_START func\n\t" "// _x0 o f32 F32 y\n\t" "// _x1 i f32 F32 x\n\t"{{.*}} : "=f"(y) : "f"(x));
// SRC-NEXT: asm volatile({{.*}}"// PTX_INJECT_START epilogue\n\t" "// _x0 m f32 F32 z\n\t"{{.*}} : "+f"(z));
// SRC-NOT:  PTX_INJECT_TOK

// TABLE:      inject func: 1 site
// TABLE-NEXT:   kind register ptx-type type label
// TABLE-NEXT:   out  _x0      f32      F32  y
// TABLE-NEXT:   in   _x1      f32      F32  x
// TABLE-NEXT: inject epilogue: 1 site
// TABLE-NEXT:   kind register ptx-type type label
// TABLE-NEXT:   mod  _x0      f32      F32  z
