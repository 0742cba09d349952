// A types JSON whose register_char is no register constraint of the target
// is an error at each operand it types, not a crash in code generation: the
// plugin builds the asm statement itself and checks every constraint.
// REQUIRES: plugin
// RUN: printf '{"data_type_infos": [{"name": "F32", "register_type": "f32", "mov_postfix": "f32", "register_char": "x", "register_cast_str": ""}]}' > %t.types.json
// RUN: not %clang-cuda -fplugin=%plugin -fplugin-arg-ptxinject-types=%t.types.json -S %s -o %t.ptx 2>&1 \
// RUN:   | FileCheck %s --match-full-lines
// RUN: not test -e %t.ptx

#include <ptx_inject.h>

__global__ void kernel(float *F, int *I) {
  float X = F[0];
  int N = I[0];
  PTX_INJECT("bad", PTX_MOD(X), PTX_IN(F[2]), PTX_IN(N));
  F[1] = X;
}

// CHECK: {{.*}}bad-constraint.cu:15:29: error: operand 'X' has the asm constraint '+x', which is not a register constraint of this target; fix its register_char in the types JSON
// CHECK: {{.*}}bad-constraint.cu:15:40: error: operand 'F[2]' has the asm constraint 'x', which is not a register constraint of this target; fix its register_char in the types JSON
// CHECK-NOT: operand 'N'
// CHECK: 2 errors generated when compiling for sm_80.
