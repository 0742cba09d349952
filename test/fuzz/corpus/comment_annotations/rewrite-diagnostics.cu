// Every error of the front end, in Clang's format with line and column; the
// tool exits non-zero and writes no output file.
// REQUIRES: rewriter
// RUN: rm -f %t.cu
// RUN: not %ptxinject-rewrite %s -o %t.cu -- -DCASE=1 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not test -e %t.cu
// RUN: not %ptxinject-rewrite %s -o %t.cu --no-pch-cache -- -DCASE=2 2>&1 | FileCheck %s --check-prefix=BADTYPE
// RUN: not %ptxinject-rewrite %s -o %t.cu --no-pch-cache -- -DCASE=3 2>&1 | FileCheck %s --check-prefix=CONTRADICT
// RUN: not %ptxinject-rewrite %s -o %t.cu --no-pch-cache -- -DCASE=4 2>&1 | FileCheck %s --check-prefix=CONST
// RUN: not %ptxinject-rewrite %s -o %t.cu --no-pch-cache -- -DCASE=5 2>&1 | FileCheck %s --check-prefix=RVALUE
// RUN: not %ptxinject-rewrite %s -o %t.cu --no-pch-cache -- -DCASE=6 2>&1 | FileCheck %s --check-prefix=DUPLICATE
// RUN: not %ptxinject-rewrite %s -o %t.cu --no-pch-cache -- -DCASE=7 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: not %ptxinject-rewrite %s -o %t.cu --no-pch-cache -- -DCASE=8 2>&1 | FileCheck %s --check-prefix=NAME
// RUN: not %ptxinject-rewrite %s -o %t.cu --no-pch-cache -- -DCASE=9 2>&1 | FileCheck %s --check-prefix=MALFORMED
// RUN: not %ptxinject-rewrite %s -o %t.cu --no-pch-cache -- -DCASE=10 2>&1 | FileCheck %s --check-prefix=DIRECTIVE
// RUN: not %ptxinject-rewrite %s -o %t.cu --no-pch-cache -- -DCASE=11 2>&1 | FileCheck %s --check-prefix=OUTSIDE
// RUN: not %ptxinject-rewrite %s -o %t.cu --no-pch-cache -- -DCASE=12 2>&1 | FileCheck %s --check-prefix=FILESCOPE
// RUN: not %ptxinject-rewrite %s -o %t.cu --no-pch-cache -- -DCASE=13 2>&1 | FileCheck %s --check-prefix=INMACRO
// RUN: not %ptxinject-rewrite %s -o %t.cu --no-pch-cache -- -DCASE=14 2>&1 | FileCheck %s --check-prefix=HOST
// RUN: not %ptxinject-rewrite %s -o %t.cu --no-pch-cache -- -DCASE=15 2>&1 | FileCheck %s --check-prefix=NOEXPR
// RUN: not %ptxinject-rewrite %s -o %t.cu --no-pch-cache -- -DCASE=16 2>&1 | FileCheck %s --check-prefix=UNDECLARED
// RUN: not %ptxinject-rewrite %s -o %t.cu --no-pch-cache -- -DCASE=18 2>&1 | FileCheck %s --check-prefix=RVALUEOUT
// RUN: not %ptxinject-rewrite %s -o %t.cu --no-pch-cache -- -DCASE=19 2>&1 | FileCheck %s --check-prefix=RVALUECOMMENT
// RUN: not %ptxinject-rewrite %s -o %t.cu --no-pch-cache -- -DCASE=20 2>&1 | FileCheck %s --check-prefix=BITFIELD
// RUN: not test -e %t.cu
#include <ptx_inject.h>

struct Opaque {
  int a, b, c;
};

struct Flags {
  unsigned low : 4, high : 4;
};

__device__ float value();

__global__ void kernel(float *out, const float *in, Opaque o) {
  float x = in[0];
  const float c = 1.0f;
  float y = 0.0f;
  (void)c;
  (void)o;
#if CASE == 1
  PTX_INJECT("f", PTX_IN(F33, x));
  // UNKNOWN: diagnostics.cu:[[@LINE-1]]:31: error: unknown inject type 'F33' for operand 'x'; known types are F32, F64, {{.*}} (add more with --types FILE.json, or declare it in the source: #define PTX_TYPE_INFO_F33 {{.*}})
#elif CASE == 2
  PTX_INJECT("f", PTX_IN(o));
  // BADTYPE: diagnostics.cu:[[@LINE-1]]:26: error: unsupported inject operand type 'Opaque' of 'o'; supported are float, double, {{.*}}
#elif CASE == 3
  PTX_INJECT("f", PTX_IN(F64, x));
  // CONTRADICT: diagnostics.cu:[[@LINE-1]]:31: error: type 'F64' written for operand 'x' contradicts its type 'float', which is F32; write F32 or leave the type out
#elif CASE == 4
  PTX_INJECT("f", PTX_OUT(c));
  // CONST: diagnostics.cu:[[@LINE-1]]:27: error: 'out' operand 'c' has const type 'const float'; only 'in' operands may be const
#elif CASE == 5
  PTX_INJECT("f", PTX_MOD(x + 1.0f));
  // A written operand is passed as &(expr): Clang rejects an rvalue while
  // parsing, at the operand's macro, and the front end restates its error.
  // RVALUE: diagnostics.cu:[[@LINE-3]]:19: error: 'mod' operand is not an lvalue, so the site cannot write it; use a variable, array element or field
  // RVALUE-NOT: address of an rvalue
#elif CASE == 6
  PTX_INJECT("f", PTX_IN(x), PTX_OUT(F32, x, y));
  // DUPLICATE: diagnostics.cu:[[@LINE-1]]:46: error: duplicate operand label 'x' in inject site 'f'; give one a distinct label with PTX_IN(TYPE, label, expr)
  // DUPLICATE: diagnostics.cu:[[@LINE-2]]:26: note: first operand labelled 'x' is here
#elif CASE == 7
  /* PTX_INJECT lonely
  */
  // EMPTY: diagnostics.cu:[[@LINE-2]]:3: error: inject site 'lonely' has no operands; add PTX_IN(x), PTX_MOD(y) or PTX_OUT(z)
#elif CASE == 8
  const char *name = "f";
  PTX_INJECT(name, PTX_IN(x));
  // NAME: diagnostics.cu:[[@LINE-1]]:14: error: inject site name must be a string literal, as in PTX_INJECT("func", ...)
#elif CASE == 9
  /* PTX_INJECT f
     input x
  */
  // MALFORMED: diagnostics.cu:[[@LINE-2]]:6: error: malformed PTX_INJECT operand line: expected 'in', 'mod' or 'out' followed by an optional type and an expression, as in 'in f32 x'
#elif CASE == 10
#define SITE /* PTX_INJECT f
     in x */
  // DIRECTIVE: diagnostics.cu:[[@LINE-2]]:14: error: PTX_INJECT comment annotation on a preprocessor directive line; write it inside a function body instead
#elif CASE == 11
}
float global_site = (PTX_INJECT("g", PTX_IN(1.0f)), 0.0f);
// OUTSIDE: diagnostics.cu:[[@LINE-1]]:22: error: inject site outside a function body; sites must be statements in __device__ or __global__ code
__global__ void rest(float *out) { float y = 0;
#elif CASE == 12
}
__device__ float global_value;
PTX_INJECT("g", PTX_IN(global_value));
// FILESCOPE: diagnostics.cu:[[@LINE-1]]:1: error: inject site outside a function body; sites must be statements in __device__ or __global__ code
/* PTX_INJECT c
   in global_value
*/
// FILESCOPE: diagnostics.cu:[[@LINE-3]]:1: error: inject site outside a function body; sites must be statements in __device__ or __global__ code
// FILESCOPE-NOT: type specifier
__global__ void rest(float *out) { float y = 0;
#elif CASE == 13
#define MY_SITE(v) { PTX_INJECT("m", PTX_MOD(v)); }
  MY_SITE(y);
  // INMACRO: diagnostics.cu:[[@LINE-1]]:3: error: inject site inside the macro 'MY_SITE': the rewriter replaces source text and cannot rewrite a macro body; make the macro expand to the PTX_INJECT(...) call alone, write PTX_INJECT directly in the function, or use the plugin
#elif CASE == 14
}
void host_function(float h) { PTX_INJECT("h", PTX_IN(h)); }
// HOST: diagnostics.cu:[[@LINE-1]]:31: error: inject site in the host function 'host_function'; sites belong in __device__ or __global__ functions
__global__ void rest(float *out) { float y = 0;
#elif CASE == 15
  /* PTX_INJECT f
     in
  */
  // NOEXPR: diagnostics.cu:[[@LINE-2]]:6: error: PTX_INJECT operand line 'in' names no expression; write 'in [TYPE] expr'
#elif CASE == 16
  PTX_INJECT("f", PTX_IN(nope));
  // UNDECLARED: diagnostics.cu:[[@LINE-1]]:26: error: use of undeclared identifier 'nope'
// (CASE 17, an operand put together by a macro's body, is supported now:
// test/compat/typed-macros-operand-groups.cu.)
#elif CASE == 18
  PTX_INJECT("f", PTX_IN(x), PTX_OUT(F32, v, value()));
  // RVALUEOUT: diagnostics.cu:[[@LINE-1]]:30: error: 'out' operand is not an lvalue, so the site cannot write it; use a variable, array element or field
  // RVALUEOUT-NOT: address of an rvalue
#elif CASE == 19
  /* PTX_INJECT f
     in x
     out f32 value()
  */
  // RVALUECOMMENT: diagnostics.cu:[[@LINE-2]]:14: error: 'out' operand is not an lvalue, so the site cannot write it; use a variable, array element or field
  // RVALUECOMMENT-NOT: address of an rvalue
#elif CASE == 20
  Flags f{1, 2};
  PTX_INJECT("f", PTX_MOD(f.low));
  // BITFIELD: diagnostics.cu:[[@LINE-1]]:19: error: 'mod' operand has no address (a bit-field or vector element), so the site cannot write it; copy it to a variable, pass that, and store it back
  // BITFIELD-NOT: address of bit-field
#endif
  out[0] = y;
}
