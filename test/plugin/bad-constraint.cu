// A types JSON whose register_char is no register constraint of the target
// is refused when the file is read, with the place in the JSON, before any
// site is typed: not a crash in code generation, nor an error at every
// operand it would type. Likewise a register type that is no PTX type.
// REQUIRES: plugin
// RUN: printf '{"data_type_infos": [{"name": "F32", "register_type": "f32", "mov_postfix": "f32", "register_char": "x", "register_cast_str": ""}]}' > %t.types.json
// RUN: not %clang-cuda -fplugin=%plugin -fplugin-arg-ptxinject-types=%t.types.json -S %s -o %t.ptx 2>&1 \
// RUN:   | FileCheck %s --match-full-lines
// RUN: not test -e %t.ptx
// RUN: printf '{"data_type_infos": [{"name": "F32", "register_type": "f99", "mov_postfix": "f32", "register_char": "f", "register_cast_str": ""}]}' > %t.regtype.json
// RUN: not %clang-cuda -fplugin=%plugin -fplugin-arg-ptxinject-types=%t.regtype.json -S %s -o %t.ptx 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REGTYPE
// RUN: %if rewriter %{ not %ptxinject-rewrite --types=%t.types.json %s -o %t.cu 2>&1 | FileCheck %s --check-prefix=REWRITER %}

#include <ptx_inject.h>

__global__ void kernel(float *F, int *I) {
  float X = F[0];
  int N = I[0];
  PTX_INJECT("bad", PTX_MOD(X), PTX_IN(F[2]), PTX_IN(N));
  F[1] = X;
}

// CHECK: error: cannot read PTX Inject types: {{.*}}types.json:1:22: type 'F32': 'x' is not an inline-asm register constraint (h, r, l, q, f, d, b, c); fix the file or drop -fplugin-arg-ptxinject-types
// CHECK-NOT: operand
// REGTYPE: regtype.json:1:22: type 'F32': 'f99' is not a PTX type (b32, u16, f32, f16x2, pred...)
// REWRITER: types.json:1:22: error: type 'F32': 'x' is not an inline-asm register constraint
