// Site widths at the edges of the header's tables: a site of one in, one of
// one out (no input list), one of ins only (no output list), sites of 4
// (the widest picked by its kind signature), 5 (the narrowest wider one),
// 8, 9, 16 and 17 operands (the last with its own body, the first walked,
// the widest walk that names every operand, the first passed on), and
// one of 64 operands in mixed kind order, so every numbered piece
// (registers _x0.._x63, asm operands %0..%63) is used. nvcc and nvrtc
// (macros alone) and the rewriter must give equal inject tables, and plain
// nvcc the rewritten file's PTX byte for byte.
// REQUIRES: nvcc, nvrtc, rewriter
// RUN: %nvcc-ptx %s -o %t.nvcc.ptx
// RUN: %nvrtc-ptx %s -o %t.nvrtc.ptx
// RUN: %ptxinject-rewrite %s -o %t.rw.cu
// RUN: %nvcc-ptx %t.rw.cu -o %t.rw.ptx
// RUN: %ptxinject inspect --json %t.nvcc.ptx | grep -v '"line"' > %t.nvcc.json
// RUN: %ptxinject inspect --json %t.nvrtc.ptx | grep -v '"line"' > %t.nvrtc.json
// RUN: %ptxinject inspect --json %t.rw.ptx | grep -v '"line"' > %t.rw.json
// RUN: diff %t.nvcc.json %t.nvrtc.json
// RUN: diff %t.nvcc.json %t.rw.json
// RUN: diff %t.nvcc.ptx %t.rw.ptx
// RUN: %ptxinject inspect %t.nvcc.ptx | FileCheck %s

#include <ptx_inject.h>

// Eight operands, two of each kind order, labels r0..r7 from v[i]..v[i+7].
#define ROW(r, i)                                                              \
  PTX_IN(F32, r##0, v[i]), PTX_MOD(F32, r##1, v[i + 1]),                      \
      PTX_OUT(F32, r##2, v[i + 2]), PTX_IN(F32, r##3, v[i + 3]),              \
      PTX_MOD(F32, r##4, v[i + 4]), PTX_OUT(F32, r##5, v[i + 5]),             \
      PTX_IN(F32, r##6, v[i + 6]), PTX_MOD(F32, r##7, v[i + 7])

extern "C" __global__ void widths(float *io) {
  float v[64];
  for (int i = 0; i < 64; ++i)
    v[i] = io[i];
  float x = v[0], y;
  PTX_INJECT("one_in", PTX_IN(F32, x));
  PTX_INJECT("one_out", PTX_OUT(F32, y));
  PTX_INJECT("ins_only", PTX_IN(F32, x), PTX_IN(F32, y));
  PTX_INJECT("four", PTX_IN(F32, v[0]), PTX_OUT(F32, p1, v[1]),
             PTX_MOD(U32, p2, *(unsigned *)&v[2]), PTX_MOD(F32, p3, v[3]));
  PTX_INJECT("five", PTX_OUT(F32, q0, v[0]), PTX_IN(F32, q1, v[1]),
             PTX_MOD(F32, q2, v[2]), PTX_IN(F32, q3, v[3]),
             PTX_MOD(F32, q4, v[4]));
  PTX_INJECT("eight", ROW(e, 0));
  PTX_INJECT("nine", ROW(n, 0), PTX_OUT(F32, n8, v[8]));
  PTX_INJECT("sixteen", ROW(s, 0), ROW(t, 8));
  PTX_INJECT("seventeen", ROW(s, 0), ROW(t, 8), PTX_OUT(F32, u, v[16]));
  PTX_INJECT("wide", ROW(a, 0), ROW(b, 8), ROW(c, 16), ROW(d, 24),
             ROW(e, 32), ROW(f, 40), ROW(g, 48), ROW(h, 56));
  for (int i = 0; i < 64; ++i)
    io[i] = v[i] + y;
}

// CHECK:      inject one_in: 1 site
// CHECK-NEXT:   kind
// CHECK-NEXT:   in   _x0      f32      F32  x
// CHECK:      inject one_out: 1 site
// CHECK-NEXT:   kind
// CHECK-NEXT:   out  _x0      f32      F32  y
// CHECK:      inject ins_only: 1 site
// CHECK-NEXT:   kind
// CHECK-NEXT:   in   _x0      f32      F32  x
// CHECK-NEXT:   in   _x1      f32      F32  y
// CHECK:      inject four: 1 site
// CHECK-NEXT:   kind
// CHECK-NEXT:   mod  _x0      u32      U32  p2
// CHECK-NEXT:   mod  _x1      f32      F32  p3
// CHECK-NEXT:   out  _x2      f32      F32  p1
// CHECK-NEXT:   in   _x3      f32      F32  v[0]
// CHECK:      inject five: 1 site
// CHECK-NEXT:   kind
// CHECK-NEXT:   mod  _x0      f32      F32  q2
// CHECK-NEXT:   mod  _x1      f32      F32  q4
// CHECK-NEXT:   out  _x2      f32      F32  q0
// CHECK-NEXT:   in   _x3      f32      F32  q1
// CHECK-NEXT:   in   _x4      f32      F32  q3
// CHECK:      inject eight: 1 site ({{.*}}), 8 operands
// CHECK-NEXT:   kind
// CHECK-NEXT:   mod  _x0      f32      F32  e1
// CHECK-NEXT:   mod  _x1      f32      F32  e4
// CHECK-NEXT:   mod  _x2      f32      F32  e7
// CHECK-NEXT:   out  _x3      f32      F32  e2
// CHECK-NEXT:   out  _x4      f32      F32  e5
// CHECK-NEXT:   in   _x5      f32      F32  e0
// CHECK-NEXT:   in   _x6      f32      F32  e3
// CHECK-NEXT:   in   _x7      f32      F32  e6
// CHECK:      inject nine: 1 site ({{.*}}), 9 operands
// CHECK-NEXT:   kind
// CHECK-NEXT:   mod  _x0      f32      F32  n1
// CHECK:        out  _x5      f32      F32  n8
// CHECK-NEXT:   in   _x6      f32      F32  n0
// CHECK:      inject sixteen: 1 site ({{.*}}), 16 operands
// CHECK-NEXT:   kind
// CHECK-NEXT:   mod  _x0      f32      F32  s1
// CHECK:        in   _x15     f32      F32  t6
// CHECK:      inject seventeen: 1 site ({{.*}}), 17 operands
// CHECK-NEXT:   kind
// CHECK-NEXT:   mod  _x0      f32      F32  s1
// CHECK:        out  _x10     f32      F32  u
// CHECK-NEXT:   in   _x11     f32      F32  s0
// CHECK:        in   _x16     f32      F32  t6
// CHECK:      inject wide: 1 site ({{.*}}), 64 operands
// CHECK-NEXT:   kind
// CHECK-NEXT:   mod  _x0      f32      F32  a1
// CHECK:        mod  _x23     f32      F32  h7
// CHECK-NEXT:   out  _x24     f32      F32  a2
// CHECK:        out  _x39     f32      F32  h5
// CHECK-NEXT:   in   _x40     f32      F32  a0
// CHECK:        in   _x63     f32      F32  h6
