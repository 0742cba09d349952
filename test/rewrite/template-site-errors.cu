// An error in a template's site names the instantiation it was typed for,
// as Clang's own errors in templates do: with several instantiations, the
// type alone may not say which one asked.
// REQUIRES: rewriter
// RUN: not %ptxinject-rewrite %s -o %t.cu 2>&1 | FileCheck %s
#include <ptx_inject.h>

struct Opaque { int a, b; };

template <typename T> __device__ void step(T &v) {
  PTX_INJECT("step", PTX_MOD(v));
}

template <typename T> __global__ void kern(T *p) { step(p[0]); }

template __global__ void kern<float>(float *);
template __global__ void kern<Opaque>(Opaque *);

// CHECK: template-site-errors.cu:11:30: error: unsupported inject operand type 'Opaque' of 'v'
// CHECK: template-site-errors.cu:14:52: note: in instantiation of 'step<Opaque>' requested here
