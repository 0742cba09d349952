// A template site instantiated with float and int, compiled by clang with
// the plugin: each instantiation is typed on its own, and the runtime splits
// the same-name sites into one inject per type signature (func<F32,S32>,
// func<S32,S32>) while a site whose instantiations agree keeps its name.
// Each split inject renders its own stub and ptxas accepts the result.
// REQUIRES: plugin, ptxas
// RUN: %clang-cuda -O3 -fplugin=%plugin -S %s -o %t.ptx
// RUN: %ptxinject inspect %t.ptx | FileCheck %s --check-prefix=TABLE
// RUN: %ptxinject render %t.ptx --stub-text 'func<F32,S32>=cvt.rn.f32.s32 %%_x0, %%_x1;' --stub-text 'func<S32,S32>=add.s32 %%_x0, %%_x0, %%_x1;' --stub-text 'count=add.s32 %%_x0, %%_x0, 5;' -o %t.out.ptx
// RUN: FileCheck %s --check-prefix=OUT --input-file=%t.out.ptx
// RUN: %ptxas %t.out.ptx -o %t.cubin
#include <ptx_inject.h>

template <class T> __global__ void k(T *p, int n, int *c) {
  T v = *p;
  PTX_INJECT("func", PTX_MOD(v), PTX_IN(n));
  *p = v;
  int m = *c;
  PTX_INJECT("count", PTX_MOD(m));
  *c = m;
}

template __global__ void k<float>(float *, int, int *);
template __global__ void k<int>(int *, int, int *);

// Injects in order of first appearance: the float kernel's two, then the
// int kernel's new signature.
// TABLE:      inject func<F32,S32>: 1 site (line {{[0-9]+}}), 2 operands
// TABLE-NEXT:   kind register ptx-type type label
// TABLE-NEXT:   mod  _x0      f32      F32  v
// TABLE-NEXT:   in   _x1      s32      S32  n
// TABLE-NEXT: inject count: 2 sites (lines {{[0-9]+, [0-9]+}}), 1 operands
// TABLE-NEXT:   kind register ptx-type type label
// TABLE-NEXT:   mod  _x0      s32      S32  m
// TABLE-NEXT: inject func<S32,S32>: 1 site (line {{[0-9]+}}), 2 operands
// TABLE-NEXT:   kind register ptx-type type label
// TABLE-NEXT:   mod  _x0      s32      S32  v
// TABLE-NEXT:   in   _x1      s32      S32  n

// OUT-NOT:    PTX_INJECT
// OUT-LABEL:  .entry _Z1kIfEvPT_iPi(
// OUT:        cvt.rn.f32.s32 %_x0, %_x1;
// OUT-NOT:    add.s32 %_x0, %_x0, %_x1;
// OUT:        add.s32 %_x0, %_x0, 5;
// OUT-LABEL:  .entry _Z1kIiEvPT_iPi(
// OUT-NOT:    cvt.rn.f32.s32 %_x0, %_x1;
// OUT:        add.s32 %_x0, %_x0, %_x1;
// OUT-NOT:    cvt.rn.f32.s32 %_x0, %_x1;
// OUT:        add.s32 %_x0, %_x0, 5;
