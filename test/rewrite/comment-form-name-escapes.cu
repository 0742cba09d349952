// A comment annotation's site name is taken as written, quotes and
// backslashes included: the rewriter once made a string token of it as is,
// which ended early at a quote ('a"b' became 'a') and, for a name ending in
// a backslash, never ended, so Clang's parser read past it and crashed.
// REQUIRES: rewriter
// RUN: %ptxinject-rewrite %s -o %t.cu
// RUN: %strip-comments %t.cu | FileCheck %s --check-prefix=SRC
// RUN: %if nvcc %{ %nvcc-ptx %t.cu -o %t.ptx %}
// RUN: %if nvcc %{ %ptxinject inspect %t.ptx | FileCheck %s --check-prefix=TABLE %}
#include <ptx_inject.h>

__global__ void kernel(float *out) {
  float x = out[0];
  /* PTX_INJECT a"b
     mod f32 x
  */
  /* PTX_INJECT back\
     mod f32 x
  */
  /* PTX_INJECT c\x"
     mod f32 x
  */
  out[0] = x;
}

// SRC: // PTX_INJECT_START a\"b\n
// SRC: // PTX_INJECT_START back\\\n
// SRC: // PTX_INJECT_START c\\x\"\n

// TABLE-DAG: inject a"b: 1 site
// TABLE-DAG: inject back\: 1 site
// TABLE-DAG: inject c\x": 1 site
