// Typed sites in the reference system's operand forms, (TYPE, name) and
// (TYPE, name, expr), in any kind order, built five ways: plain nvcc, nvrtc
// and clang (the header's macros alone), the rewriter then nvcc, and clang
// with the plugin. All five inject tables must be equal (the PTX line of each
// site aside), and the macro-built PTX must render and assemble.
// REQUIRES: nvcc, nvrtc, clang, rewriter, plugin, ptxas
// RUN: %nvcc-ptx %s -o %t.nvcc.ptx
// RUN: %nvrtc-ptx %s -o %t.nvrtc.ptx
// RUN: %clang-cuda -O3 -S %s -o %t.clang.ptx
// RUN: %ptxinject-rewrite %s -o %t.rw.cu
// RUN: %nvcc-ptx %t.rw.cu -o %t.rw.ptx
// RUN: %clang-cuda -O3 -fplugin=%plugin -S %s -o %t.plugin.ptx
// RUN: %ptxinject inspect --json %t.nvcc.ptx | grep -v '"line"' > %t.nvcc.json
// RUN: %ptxinject inspect --json %t.nvrtc.ptx | grep -v '"line"' > %t.nvrtc.json
// RUN: %ptxinject inspect --json %t.clang.ptx | grep -v '"line"' > %t.clang.json
// RUN: %ptxinject inspect --json %t.rw.ptx | grep -v '"line"' > %t.rw.json
// RUN: %ptxinject inspect --json %t.plugin.ptx | grep -v '"line"' > %t.plugin.json
// RUN: diff %t.nvcc.json %t.nvrtc.json
// RUN: diff %t.nvcc.json %t.clang.json
// RUN: diff %t.nvcc.json %t.rw.json
// RUN: diff %t.nvcc.json %t.plugin.json
// RUN: FileCheck %s --input-file=%t.nvcc.json
// The header's asm and the rewriter's are the same text, so plain nvcc gives
// the rewritten file's PTX byte for byte on this kernel.
// RUN: diff %t.nvcc.ptx %t.rw.ptx
// RUN: %ptxinject render %t.nvcc.ptx -o %t.rendered.ptx \
// RUN:   --stub-text 'blend=fma.rn.f32 %%_x1, %%_x0, %%_x3, %%_x2;' \
// RUN:   --stub-text 'halves=mov.b32 %%_x0, {%%_x1, %%_x1};' \
// RUN:   --stub-text 'bits=xor.b32 %%_x0, %%_x1, %%_x2;'
// RUN: %ptxas %t.rendered.ptx -o %t.cubin
// The host pass of the same compile touches every operand: no unused or
// uninitialized variable warnings there.
// RUN: %clang-host-cuda -Wall -Werror -Wno-comment -fsyntax-only %s

#include <ptx_inject.h>
#include <cuda_fp16.h>

extern "C" __global__ void blend(float *data, __half *h, unsigned *u, int *s) {
  float acc = data[0];
  float weight = data[1];
  float bias = data[2];
  float result;
  // Kinds written out of canonical order: the emitted order is mod, out, in.
  PTX_INJECT("blend",
             PTX_IN(F32, w, weight),
             PTX_OUT(F32, result),
             PTX_MOD(F32, acc),
             PTX_IN(F32, b, bias + 1.0f));
  data[3] = result + acc;

  // Half types travel through unsigned views; an in operand may be an rvalue.
  __half2 pair = __halves2half2(h[0], h[1]);
  PTX_INJECT("halves", PTX_MOD(F16X2, pair), PTX_IN(F16, low, __low2half(pair)));
  h[2] = __high2half(pair);

  unsigned word = u[threadIdx.x];
  int count = s[threadIdx.x];
  PTX_INJECT("bits", PTX_OUT(U32, mixed, word), PTX_IN(U32, word),
             PTX_IN(S32, n, count));
  u[threadIdx.x + 32] = word;
}

// Injects are listed by name.
// CHECK:      "injects": [
// CHECK-NEXT:   {"name": "bits", "sites": 1, "operands": [
// CHECK-NEXT:     {"label": "mixed", "kind": "out", "register": "_x0", "register_type": "u32", "type": "U32"},
// CHECK-NEXT:     {"label": "word", "kind": "in", "register": "_x1", "register_type": "u32", "type": "U32"},
// CHECK-NEXT:     {"label": "n", "kind": "in", "register": "_x2", "register_type": "s32", "type": "S32"}
// CHECK-NEXT:   ]},
// CHECK-NEXT:   {"name": "blend", "sites": 1, "operands": [
// CHECK-NEXT:     {"label": "acc", "kind": "mod", "register": "_x0", "register_type": "f32", "type": "F32"},
// CHECK-NEXT:     {"label": "result", "kind": "out", "register": "_x1", "register_type": "f32", "type": "F32"},
// CHECK-NEXT:     {"label": "w", "kind": "in", "register": "_x2", "register_type": "f32", "type": "F32"},
// CHECK-NEXT:     {"label": "b", "kind": "in", "register": "_x3", "register_type": "f32", "type": "F32"}
// CHECK-NEXT:   ]},
// CHECK-NEXT:   {"name": "halves", "sites": 1, "operands": [
// CHECK-NEXT:     {"label": "pair", "kind": "mod", "register": "_x0", "register_type": "b32", "type": "F16X2"},
// CHECK-NEXT:     {"label": "low", "kind": "in", "register": "_x1", "register_type": "b16", "type": "F16"}
// CHECK-NEXT:   ]}
// CHECK-NEXT: ],
