// What the header's macros refuse without the front end, each at the site
// with a message that says what to do: an untyped operand (the front end
// infers its type), a label taken from an expression with spaces (the front
// end would drop them: the tables would differ), and a PRED operand the site
// writes (it needs a temporary the front end declares). A site without
// operands is refused as the front end refuses it, and one wider than the
// header's tables (64 operands) with one error that says the limit.
// REQUIRES: nvcc, clang, nvrtc
// RUN: not %nvcc-ptx %s -o %t.ptx -DCASE=1 2>&1 | FileCheck %s --check-prefix=UNTYPED
// RUN: not %clang-cuda -S %s -o %t.ptx -DCASE=1 2>&1 | FileCheck %s --check-prefix=UNTYPED-CLANG
// RUN: not %nvcc-ptx %s -o %t.ptx -DCASE=2 2>&1 | FileCheck %s --check-prefix=SPACES
// RUN: not %nvcc-ptx %s -o %t.ptx -DCASE=3 2>&1 | FileCheck %s --check-prefix=PREDOUT
// The same checks on operands the site writes (their checks sit in an asm
// output, which must stay an lvalue).
// RUN: not %nvcc-ptx %s -o %t.ptx -DCASE=5 2>&1 | FileCheck %s --check-prefix=SPACES-OUT
// RUN: not %nvcc-ptx %s -o %t.ptx -DCASE=6 2>&1 | FileCheck %s --check-prefix=UNTYPED-MOD
// RUN: not %nvcc-ptx %s -o %t.ptx -DCASE=7 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: not %nvrtc-ptx %s -o %t.ptx -- -DCASE=7 2>&1 | FileCheck %s --check-prefix=EMPTY-NVRTC
// 65 operands (the count lands on a filler of the site's list) and 72 (on
// an operand): one error at the site, from each compiler and from the host
// pass (whose walk is picked by count the same way), none from the operands.
// RUN: not %nvcc-ptx %s -o %t.ptx -DCASE=8 2>&1 | FileCheck %s --check-prefix=WIDE
// RUN: not %nvrtc-ptx %s -o %t.ptx -- -DCASE=8 2>&1 | FileCheck %s --check-prefix=WIDE-NVRTC
// RUN: not %clang-cuda -S %s -o %t.ptx -DCASE=8 2>&1 | FileCheck %s --check-prefix=WIDE-CLANG
// RUN: not %clang-host-cuda -S %s -o %t.s -DCASE=8 2>&1 | FileCheck %s --check-prefix=WIDE-CLANG
// RUN: not %nvcc-ptx %s -o %t.ptx -DCASE=9 2>&1 | FileCheck %s --check-prefix=WIDER
// RUN: not %clang-host-cuda -S %s -o %t.s -DCASE=9 2>&1 | FileCheck %s --check-prefix=WIDER-CLANG
// A PRED in operand is fine.
// RUN: %nvcc-ptx %s -o %t.pred.ptx -DCASE=4
// RUN: %ptxinject inspect %t.pred.ptx | FileCheck %s --check-prefix=PREDIN

#include <ptx_inject.h>

// Eight operands of all three kinds, labels r0..r7 from f[i]..f[i+7].
#define ROW(r, i)                                                              \
  PTX_IN(F32, r##0, f[i]), PTX_MOD(F32, r##1, f[i + 1]),                      \
      PTX_OUT(F32, r##2, f[i + 2]), PTX_IN(F32, r##3, f[i + 3]),              \
      PTX_MOD(F32, r##4, f[i + 4]), PTX_OUT(F32, r##5, f[i + 5]),             \
      PTX_IN(F32, r##6, f[i + 6]), PTX_MOD(F32, r##7, f[i + 7])
#define ROWS(r)                                                                \
  ROW(r##a, 0), ROW(r##b, 8), ROW(r##c, 16), ROW(r##d, 24), ROW(r##e, 32),    \
      ROW(r##f, 40), ROW(r##g, 48), ROW(r##h, 56)

__global__ void kernel(float *f, bool *b) {
  float x = f[0], y = f[1];
  bool flag = b[0];
#if CASE == 1
  PTX_INJECT("untyped", PTX_IN(x), PTX_MOD(F32, y));
  // UNTYPED: typed-macros-errors.cu([[@LINE-1]]): error: static assertion failed with "PTX_INJECT needs the PTX Inject front end: run 'ptxinject-rewrite FILE.cu -o OUT.cu' and compile OUT.cu, or compile with 'clang++ -fplugin=PtxInjectPlugin.so' (without it, write every operand's type: PTX_IN(F32, x))"
  // UNTYPED-CLANG: typed-macros-errors.cu:[[@LINE-2]]:3: error: static assertion failed{{.*}}PTX_INJECT needs the PTX Inject front end
#elif CASE == 2
  PTX_INJECT("spaced", PTX_IN(F32, x + 1.0f), PTX_MOD(F32, y));
  // SPACES: error: static assertion failed with "PTX_INJECT: this operand's label is its expression, which must be one word (no spaces or '%'); give it a label: PTX_IN(TYPE, label, expr)"
  // SPACES: detected during instantiation of {{.*}} at line [[@LINE-2]] of {{.*}}typed-macros-errors.cu
#elif CASE == 3
  PTX_INJECT("flag", PTX_OUT(PRED, flag), PTX_MOD(F32, y));
  // PREDOUT: error: static assertion failed with "PTX_INJECT: a PRED mod or out operand is written back through a temporary, which needs the PTX Inject front end
  // PREDOUT: detected during instantiation of {{.*}} at line [[@LINE-2]] of {{.*}}typed-macros-errors.cu
#elif CASE == 4
  PTX_INJECT("flag", PTX_IN(PRED, flag), PTX_MOD(F32, y));
  // PREDIN:      inject flag: 1 site (line {{[0-9]+}}), 2 operands
  // PREDIN-NEXT:   kind register ptx-type type label
  // PREDIN-NEXT:   mod  _x0      f32      F32  y
  // PREDIN-NEXT:   in   _x1      pred     PRED flag
#elif CASE == 5
  PTX_INJECT("spaced_out", PTX_IN(F32, x), PTX_OUT(F32, f[ 2 ]));
  // SPACES-OUT: error: static assertion failed with "PTX_INJECT: this operand's label is its expression, which must be one word
  // SPACES-OUT: detected during instantiation of {{.*}} at line [[@LINE-2]] of {{.*}}typed-macros-errors.cu
  // SPACES-OUT-NOT: error:
#elif CASE == 6
  PTX_INJECT("untyped_mod", PTX_IN(F32, x), PTX_MOD(y));
  // UNTYPED-MOD: typed-macros-errors.cu([[@LINE-1]]): error: static assertion failed with "PTX_INJECT needs the PTX Inject front end
  // UNTYPED-MOD-NOT: error:
#elif CASE == 7
  PTX_INJECT("empty");
  // EMPTY: typed-macros-errors.cu([[@LINE-1]]): error: static assertion failed with "PTX_INJECT: a site needs at least one operand: add PTX_IN(TYPE, x), PTX_MOD(TYPE, y) or PTX_OUT(TYPE, z)"
  // EMPTY-NOT: error:
  // EMPTY-NVRTC: typed-macros-errors.cu([[@LINE-3]]): error: static assertion failed with "PTX_INJECT: a site needs at least one operand
#elif CASE == 8
  PTX_INJECT("wide", ROWS(w), PTX_MOD(F32, y));
  // WIDE: typed-macros-errors.cu([[@LINE-1]]): error: static assertion failed with "PTX_INJECT: a site holds at most 64 operands without the PTX Inject front end: run 'ptxinject-rewrite FILE.cu -o OUT.cu' and compile OUT.cu, or compile with 'clang++ -fplugin=PtxInjectPlugin.so', or split the site"
  // WIDE-NOT: error:
  // WIDE-NVRTC: typed-macros-errors.cu([[@LINE-3]]): error: static assertion failed with "PTX_INJECT: a site holds at most 64 operands without the PTX Inject front end
  // WIDE-NVRTC-NOT: ): error:
  // WIDE-CLANG: typed-macros-errors.cu:[[@LINE-5]]:3: error: static assertion failed{{.*}}PTX_INJECT: a site holds at most 64 operands without the PTX Inject front end
  // WIDE-CLANG-NOT: error:
#elif CASE == 9
  PTX_INJECT("wider", ROWS(w), ROW(x, 64));
  // WIDER: typed-macros-errors.cu([[@LINE-1]]): error: static assertion failed with "PTX_INJECT: a site holds at most 64 operands without the PTX Inject front end
  // WIDER-NOT: error:
  // WIDER-CLANG: typed-macros-errors.cu:[[@LINE-3]]:3: error: static assertion failed{{.*}}PTX_INJECT: a site holds at most 64 operands without the PTX Inject front end
  // WIDER-CLANG-NOT: error:
#endif
  f[2] = y;
  b[1] = flag;
}
