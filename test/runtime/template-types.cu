// A template kernel instantiated with float and int, expanded by the
// rewriter and compiled by nvcc: both instantiations carry a site named
// "func", f32 in one and s32 in the other. The runtime splits them into
// func<F32> and func<S32>, each with the sites of its own instantiation,
// and renders a different stub into each.
// REQUIRES: rewriter, nvcc, ptxas
// RUN: %ptxinject-rewrite %s -o %t.cu
// RUN: %nvcc-ptx %t.cu -o %t.ptx
// RUN: %ptxinject inspect %t.ptx | FileCheck %s --check-prefix=TABLE
// RUN: %ptxinject inspect --json %t.ptx | FileCheck %s --check-prefix=JSON
// RUN: %ptxinject render %t.ptx --stub-text 'func<F32>=mul.f32 %%_x0, %%_x0, 0f40400000;' --stub-text 'func<S32>=add.s32 %%_x0, %%_x0, 1234;' -o %t.out.ptx
// RUN: FileCheck %s --check-prefix=OUT --input-file=%t.out.ptx
// RUN: %ptxas %t.out.ptx -o %t.cubin
// The base name alone names no inject any more.
// RUN: not %ptxinject render %t.ptx --stub-text 'func=ret;' 2>&1 | FileCheck %s --check-prefix=BASE
#include <ptx_inject.h>

template <class T> __global__ void k(T *p) {
  T v = *p;
#pragma unroll
  for (int I = 0; I < 2; ++I)
    PTX_INJECT("func", PTX_MOD(v));
  *p = v;
}

template __global__ void k<float>(float *);
template __global__ void k<int>(int *);

// TABLE:      inject func<F32>: 2 sites (lines {{[0-9]+, [0-9]+}}), 1 operands
// TABLE-NEXT:   kind register ptx-type type label
// TABLE-NEXT:   mod  _x0      f32      F32  v
// TABLE-NEXT: inject func<S32>: 2 sites (lines {{[0-9]+, [0-9]+}}), 1 operands
// TABLE-NEXT:   kind register ptx-type type label
// TABLE-NEXT:   mod  _x0      s32      S32  v

// JSON: "name": "func<F32>"
// JSON: "name": "func<S32>"

// OUT-NOT:    PTX_INJECT
// OUT-LABEL:  .entry _Z1kIfEvPT_(
// OUT-NOT:    add.s32 %_x0
// OUT:        mul.f32 %_x0, %_x0, 0f40400000;
// OUT-NOT:    add.s32 %_x0
// OUT:        mul.f32 %_x0, %_x0, 0f40400000;
// OUT-NOT:    add.s32 %_x0
// OUT-LABEL:  .entry _Z1kIiEvPT_(
// OUT-NOT:    mul.f32 %_x0
// OUT:        add.s32 %_x0, %_x0, 1234;
// OUT-NOT:    mul.f32 %_x0
// OUT:        add.s32 %_x0, %_x0, 1234;
// OUT-NOT:    mul.f32 %_x0

// BASE: error: no inject named 'func' in {{.*}}; its injects are: func<F32>, func<S32>
