// A type token declared in the source, as the reference system documents it:
// #define PTX_TYPE_INFO_<TOKEN> PTX_TYPES_DESC(register type, mov postfix,
// constraint, bind kind). Plain nvcc, nvrtc, the rewriter and the plugin
// resolve it alike and give equal tables; next to --types, an agreeing
// JSON entry is fine and a disagreeing one is an error naming both.
// REQUIRES: nvcc, nvrtc, rewriter, plugin
// RUN: %nvcc-ptx %s -o %t.nvcc.ptx
// RUN: %nvrtc-ptx %s -o %t.nvrtc.ptx
// RUN: %ptxinject-rewrite %s -o %t.rw.cu
// RUN: %nvcc-ptx %t.rw.cu -o %t.rw.ptx
// RUN: %clang-cuda -O3 -fplugin=%plugin -S %s -o %t.plugin.ptx
// RUN: %ptxinject inspect --json %t.nvcc.ptx | grep -v '"line"' > %t.nvcc.json
// RUN: %ptxinject inspect --json %t.nvrtc.ptx | grep -v '"line"' > %t.nvrtc.json
// RUN: %ptxinject inspect --json %t.rw.ptx | grep -v '"line"' > %t.rw.json
// RUN: %ptxinject inspect --json %t.plugin.ptx | grep -v '"line"' > %t.plugin.json
// RUN: diff %t.nvcc.json %t.nvrtc.json
// RUN: diff %t.nvcc.json %t.rw.json
// RUN: diff %t.nvcc.json %t.plugin.json
// RUN: FileCheck %s --input-file=%t.nvcc.json
// RUN: %ptxinject-rewrite %s -o %t.agree.cu --types %S/Inputs/dog-as-f32.json
// RUN: not %ptxinject-rewrite %s -o %t.clash.cu --types %S/Inputs/dog-as-u32.json 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CLASH
// RUN: not %clang-cuda -fplugin=%plugin -fplugin-arg-ptxinject-types=%S/Inputs/dog-as-u32.json \
// RUN:   -S %s -o %t.clash.ptx 2>&1 | FileCheck %s --check-prefix=CLASH
// A definition of another shape is reported, not ignored.
// RUN: not %ptxinject-rewrite %s -o %t.bad.cu -- -DMALFORMED 2>&1 | FileCheck %s --check-prefix=MALFORMED

#include <ptx_inject.h>

#define PTX_TYPE_INFO_DOG PTX_TYPES_DESC(f32, f32, f, ID)
#define PTX_TYPE_INFO_HALFPAIR PTX_TYPES_DESC(b32, b32, r, U32)
#ifdef MALFORMED
#define PTX_TYPE_INFO_CAT float
#endif

#include <cuda_fp16.h>

extern "C" __global__ void kernel(float *f, __half2 *h) {
  float x = f[0];
  float y = f[1];
  float z;
  __half2 pair = h[0];
  PTX_INJECT("func",
             PTX_OUT(DOG, z, z),
             PTX_MOD(DOG, x, x),
             PTX_IN(DOG, y, y),
             PTX_MOD(HALFPAIR, pair));
  // CLASH: typed-macros-custom-types.cu:[[@LINE-4]]:30: error: type 'DOG' of operand 'z' is declared in the source as (f32, f32, f) but the type table has (u32, u32, r); make them agree or remove one
  f[2] = z + x;
  h[1] = pair;
#ifdef MALFORMED
  PTX_INJECT("cat", PTX_MOD(CAT, x));
  // MALFORMED: typed-macros-custom-types.cu:[[@LINE-1]]:34: error: type 'CAT' of operand 'x' is declared in the source, but PTX_TYPE_INFO_CAT must be PTX_TYPES_DESC(register type, mov postfix, constraint letter, ID|U16|U32)
#endif
}

// CHECK:      {"name": "func", "sites": 1, "operands": [
// CHECK-NEXT:   {"label": "x", "kind": "mod", "register": "_x0", "register_type": "f32", "type": "DOG"},
// CHECK-NEXT:   {"label": "pair", "kind": "mod", "register": "_x1", "register_type": "b32", "type": "HALFPAIR"},
// CHECK-NEXT:   {"label": "z", "kind": "out", "register": "_x2", "register_type": "f32", "type": "DOG"},
// CHECK-NEXT:   {"label": "y", "kind": "in", "register": "_x3", "register_type": "f32", "type": "DOG"}
// CHECK-NEXT: ]}
