// Site errors are ordinary Clang diagnostics at the operand, checked with
// -verify; a template site's error carries a note at the point of
// instantiation.
// REQUIRES: plugin
// RUN: %clang-cuda -fplugin=%plugin -fsyntax-only -Xclang -verify %s

#include <ptx_inject.h>

struct Pair {
  int A, B;
};

template <class T> __device__ void scaled(T V) {
  // expected-error@+1 {{unsupported inject operand type 'Pair' of 'V'}}
  PTX_INJECT("tmpl", PTX_MOD(V));
}

__global__ void kernel(float *F) {
  Pair P{1, 2};
  // expected-error@+1 {{unsupported inject operand type 'Pair' of 'P'}}
  PTX_INJECT("bad_type", PTX_IN(P));
  const float C = F[0];
  // expected-error@+1 {{'out' operand 'C' has const type 'const float'; only 'in' operands may be const}}
  PTX_INJECT("const_out", PTX_OUT(C));
  // expected-error@+1 {{'mod' operand is not an lvalue, so the site cannot write it; use a variable, array element or field}}
  PTX_INJECT("rvalue_mod", PTX_IN(F[1]), PTX_MOD(F[0] + 1.0f));
  /* PTX_INJECT rvalue_out
     out F[0] * 2.0f
  */
  // expected-error@-2 {{'out' operand is not an lvalue}}
  // expected-error@+1 {{type 'S32' written for operand 'x' contradicts its type 'float', which is F32}}
  PTX_INJECT("mismatch", PTX_IN(S32, x, F[0]));
  // expected-error@+1 {{PTX_INJECT must be a statement of its own}}
  int Y = (PTX_INJECT("expr", PTX_IN(F[0])), 1);
  F[1] = Y;
  scaled(P); // expected-note {{in instantiation of 'scaled<Pair>' requested here}}
  scaled(F[2]);
}
