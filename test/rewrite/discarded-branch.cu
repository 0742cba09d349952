// A site in an if constexpr branch that every instantiation discards has no
// operand types. The warning says so (not "never instantiated", with advice
// to instantiate what already is), and the site becomes a static_assert that
// fires only in an instantiation that keeps the branch. The kept branch's
// site is typed as usual, and nvcc compiles the result.
// REQUIRES: rewriter
// RUN: %ptxinject-rewrite %s -o %t.cu 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: %strip-comments %t.cu | FileCheck %s --check-prefix=SRC
// RUN: %if nvcc %{ %nvcc-ptx %t.cu -o %t.ptx %}
// RUN: %if nvcc %{ %ptxinject inspect %t.ptx | FileCheck %s --check-prefix=PTX %}
#include <ptx_inject.h>

template <typename T> __device__ void step(T &v) {
  if constexpr (sizeof(T) == 8) {
    PTX_INJECT("wide", PTX_MOD(v));
  } else {
    PTX_INJECT("narrow", PTX_MOD(v));
  }
}

__global__ void kernel(float *p) { step(p[0]); }

// WARN: discarded-branch.cu:15:5: warning: inject site 'wide' is in a branch that every instantiation of 'step' discards (if constexpr), so its operand types are unknown; it is written as a static_assert that fails if an instantiation keeps the branch
// WARN-NOT: never instantiated
// SRC: static_assert(__ptx_inject_is<decltype((v)), void>::value, "PTX_INJECT site 'wide' was in a branch every instantiation discarded when ptxinject-rewrite ran: one keeps it now; rewrite again");
// SRC: asm volatile(
// PTX: inject narrow: 1 site
// PTX-NOT: inject wide
