// -fplugin-arg-ptxinject-types adds operand types: a renamed f32 type is
// accepted where written and shows in the markers; a bad file is an error.
// REQUIRES: plugin
// RUN: printf '{"data_type_infos": [{"name": "real", "register_type": "f32", "mov_postfix": "f32", "register_char": "f", "register_cast_str": ""}]}' > %t.types.json
// RUN: %clang-cuda -fplugin=%plugin -fplugin-arg-ptxinject-types=%t.types.json -S %s -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx
// RUN: printf '{"data_type_infos": [{"name": "real"}]}' > %t.bad.json
// RUN: not %clang-cuda -fplugin=%plugin -fplugin-arg-ptxinject-types=%t.bad.json -S %s -o %t.bad.ptx 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BAD
// RUN: not %clang-cuda -fplugin=%plugin -fplugin-arg-ptxinject-types=%t.missing.json -S %s -o %t.bad.ptx 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MISSING

#include <ptx_inject.h>

__global__ void kernel(float *F) {
  float X = F[0];
  PTX_INJECT("typed", PTX_MOD(real, X, X));
  F[1] = X;
}

// CHECK: // PTX_INJECT_START typed
// CHECK-NEXT: // _x0 m f32 real X
// BAD: error: cannot read PTX Inject types: {{.*}}bad.json:1:{{[0-9]+}}: type entry needs a string "register_type"
// MISSING: error: cannot read PTX Inject types: {{.*}}missing.json: cannot open for reading: No such file
