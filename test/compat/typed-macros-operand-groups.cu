// Operand-group macros: a user macro that expands to several PTX_IN/PTX_MOD
// items (here the four words of a counter-based RNG state), and a site macro
// whose body builds an operand from its argument. Plain nvcc, nvrtc, the
// rewriter and the plugin accept them and give equal tables. The rewriter
// cannot copy such an operand's text from the source (a macro's body spells
// it), so it prints the expression from the AST.
// REQUIRES: nvcc, nvrtc, rewriter, plugin, ptxas
// RUN: %nvcc-ptx %s -o %t.nvcc.ptx
// RUN: %nvrtc-ptx %s -o %t.nvrtc.ptx
// RUN: %ptxinject-rewrite %s -o %t.rw.cu
// RUN: %strip-comments %t.rw.cu | FileCheck %s --check-prefix=SRC
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
// RUN: %ptxinject render %t.rw.ptx -o %t.rendered.ptx \
// RUN:   --stub-text 'draw=add.u32 %%_x0, %%_x0, 1; xor.b32 %%_x2, %%_x0, %%_x3;' \
// RUN:   --stub-text 'scaled=add.f32 %%_x0, %%_x0, %%_x1;'
// RUN: %ptxas %t.rendered.ptx -o %t.cubin
// Untyped items in a group need the front end, and get it.
// RUN: %ptxinject-rewrite %s -o %t.untyped.cu -- -DUNTYPED_GROUP
// RUN: %nvcc-ptx -DUNTYPED_GROUP %t.untyped.cu -o %t.untyped.ptx
// RUN: %ptxinject inspect %t.untyped.ptx | FileCheck %s --check-prefix=UNTYPED
// RUN: %clang-cuda -O3 -fplugin=%plugin -DUNTYPED_GROUP -S %s -o %t.untyped.plugin.ptx
// RUN: %ptxinject inspect %t.untyped.plugin.ptx | FileCheck %s --check-prefix=UNTYPED

#include <ptx_inject.h>

struct RngState {
  unsigned key[2];
  unsigned counter[2];
};

// The state's words: the key is read, the counter advances.
#define RNG_STATE(state)                                                       \
  PTX_IN(U32, rng_key0, state.key[0]), PTX_IN(U32, rng_key1, state.key[1]),   \
      PTX_MOD(U32, rng_ctr0, state.counter[0]),                                \
      PTX_MOD(U32, rng_ctr1, state.counter[1])

// A whole site from a macro, one operand built in the macro's body.
#define SCALED_SITE(value, acc)                                                \
  PTX_INJECT("scaled", PTX_MOD(F32, acc), PTX_IN(F32, twice, value * 2.0f))

#ifdef UNTYPED_GROUP
#define PAIR(a, b) PTX_IN(a), PTX_MOD(b)
#endif

extern "C" __global__ void sample(RngState *states, unsigned *out, float *f) {
  RngState st = states[threadIdx.x];
  unsigned bits;
  PTX_INJECT("draw", RNG_STATE(st), PTX_OUT(U32, bits));
  out[threadIdx.x] = bits;
  states[threadIdx.x] = st;

  float total = f[0];
  SCALED_SITE(f[1], total);
  f[2] = total;
#ifdef UNTYPED_GROUP
  float lo = f[3], hi = f[4];
  PTX_INJECT("pair", PAIR(lo, hi));
  f[5] = hi;
#endif
}

// SRC: PTX_INJECT_START draw{{.*}} : "+r"(st.counter[0]), "+r"(st.counter[1]), "=r"(bits) : "r"(st.key[0]), "r"(st.key[1]));
// SRC: PTX_INJECT_START scaled{{.*}} : "+f"(total) : "f"(f[1] * 2.F));

// CHECK:      {"name": "draw", "sites": 1, "operands": [
// CHECK-NEXT:   {"label": "rng_ctr0", "kind": "mod", "register": "_x0", "register_type": "u32", "type": "U32"},
// CHECK-NEXT:   {"label": "rng_ctr1", "kind": "mod", "register": "_x1", "register_type": "u32", "type": "U32"},
// CHECK-NEXT:   {"label": "bits", "kind": "out", "register": "_x2", "register_type": "u32", "type": "U32"},
// CHECK-NEXT:   {"label": "rng_key0", "kind": "in", "register": "_x3", "register_type": "u32", "type": "U32"},
// CHECK-NEXT:   {"label": "rng_key1", "kind": "in", "register": "_x4", "register_type": "u32", "type": "U32"}
// CHECK-NEXT: ]},
// CHECK-NEXT: {"name": "scaled", "sites": 1, "operands": [
// CHECK-NEXT:   {"label": "total", "kind": "mod", "register": "_x0", "register_type": "f32", "type": "F32"},
// CHECK-NEXT:   {"label": "twice", "kind": "in", "register": "_x1", "register_type": "f32", "type": "F32"}
// CHECK-NEXT: ]}

// UNTYPED:      inject pair: 1 site (line {{[0-9]+}}), 2 operands
// UNTYPED-NEXT:   kind register ptx-type type label
// UNTYPED-NEXT:   mod  _x0      f32      F32  hi
// UNTYPED-NEXT:   in   _x1      f32      F32  lo
