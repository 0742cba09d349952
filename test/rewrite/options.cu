// Tool options: --volatile, --manifest (read back by inspect), --out-dir for
// several inputs, --types, --version, and the usage errors.
// REQUIRES: rewriter
// RUN: %ptxinject-rewrite %s -o %t.default.cu --manifest %t.json
// RUN: %strip-comments %t.default.cu | FileCheck %s --check-prefix=VOLATILE
// RUN: FileCheck %s --check-prefix=MANIFEST < %t.json
// RUN: FileCheck %s --check-prefix=SITELINE < %t.json
// RUN: %ptxinject-rewrite %s --volatile=never | %strip-comments | FileCheck %s --check-prefix=PLAIN
// RUN: %if nvcc %{ %nvcc-ptx %t.default.cu -o %t.ptx %}
// RUN: %if nvcc %{ %ptxinject inspect %t.ptx --manifest %t.json | FileCheck %s --check-prefix=KEPT %}
// RUN: %ptxinject-rewrite %s --volatile=never -o %t.plain.cu
// RUN: %if nvcc %{ %nvcc-ptx %t.plain.cu -o %t.plain.ptx %}
// RUN: %if nvcc %{ not %ptxinject inspect %t.plain.ptx --manifest %t.json 2>&1 | FileCheck %s --check-prefix=VANISHED %}
// RUN: rm -rf %t.dir && mkdir -p %t.in
// RUN: cp %s %t.in/a.cu && cp %s %t.in/b.cu
// RUN: %ptxinject-rewrite %t.in/a.cu %t.in/b.cu --out-dir %t.dir
// RUN: %strip-comments %t.dir/a.cu | FileCheck %s --check-prefix=VOLATILE
// RUN: %strip-comments %t.dir/b.cu | FileCheck %s --check-prefix=VOLATILE
// RUN: not %ptxinject-rewrite %t.in/a.cu %t.in/b.cu -o %t.two.cu 2>&1 | FileCheck %s --check-prefix=TWO
// RUN: printf '{"data_type_infos": [{"name": "real", "register_type": "f32", "mov_postfix": "f32", "register_char": "f", "register_cast_str": ""}]}' > %t.types.json
// RUN: %ptxinject-rewrite %s -o %t.typed.cu --types %t.types.json -- -DCUSTOM
// RUN: %strip-comments %t.typed.cu | FileCheck %s --check-prefix=CUSTOM
// RUN: printf '{"data_type_infos": [{"name": 1}]}' > %t.bad.json
// RUN: not %ptxinject-rewrite %s --types %t.bad.json 2>&1 | FileCheck %s --check-prefix=BADTYPES
// RUN: %ptxinject-rewrite --version | FileCheck %s --check-prefix=VERSION
// RUN: %ptxinject-rewrite --help | FileCheck %s --check-prefix=HELP
#include <ptx_inject.h>

__global__ void kernel(float *out) {
  float x = out[0];
  float unused;
#ifdef CUSTOM
  PTX_INJECT("site", PTX_IN(real, x), PTX_OUT(unused));
#else
  // No output is used: only a volatile asm survives the optimizer.
  // SITELINE: "line": [[@LINE+2]],
  // VANISHED: options.cu:[[@LINE+1]]:3: error: inject site 'site' is missing from the PTX
  PTX_INJECT("site", PTX_IN(x), PTX_OUT(unused));
#endif
}

// VOLATILE: asm volatile("{
// PLAIN: asm("{
// PLAIN-NOT: volatile

// MANIFEST:      "sites": [
// MANIFEST:          "column": 3,
// MANIFEST-NEXT:     "file": "{{.*}}options.cu",
// MANIFEST-NEXT:     "line": {{[0-9]+}},
// MANIFEST-NEXT:     "name": "site",
// MANIFEST-NEXT:     "operands": [
// MANIFEST-NEXT:       {
// MANIFEST-NEXT:         "kind": "in",
// MANIFEST-NEXT:         "label": "x",
// MANIFEST-NEXT:         "type": "F32"
// MANIFEST-NEXT:       },
// MANIFEST-NEXT:       {
// MANIFEST-NEXT:         "kind": "out",
// MANIFEST-NEXT:         "label": "unused",
// MANIFEST-NEXT:         "type": "F32"
// MANIFEST:      "version": 1

// KEPT: inject site: 1 site


// TWO: error: 2 inputs need --out-dir DIR (-o and stdout take one)

// CUSTOM: // _x1 i f32 real x

// BADTYPES: bad.json:1:{{[0-9]+}}: error: type entry needs a string "name"

// VERSION: ptxinject-rewrite {{[0-9]+\.[0-9]+\.[0-9]+}} (Clang 19

// HELP: --manifest=<file.json>
// HELP: --out-dir=<dir>
// HELP: --types=<file.json>
// HELP: --volatile=<value>
