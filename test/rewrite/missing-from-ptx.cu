// A site the rewriter wrote but the PTX lacks: inspect --manifest says why
// as far as it can know. Volatile sites (the default) are kept by the
// optimizer, so they went with code that was never emitted: a __device__
// function no kernel calls, a discarded if constexpr branch. A plain asm
// site may also have been optimized away.
// REQUIRES: rewriter, nvcc
// RUN: %ptxinject-rewrite %s -o %t.cu --manifest %t.json
// RUN: FileCheck %s --check-prefix=JSON < %t.json
// RUN: %nvcc-ptx %t.cu -o %t.ptx
// RUN: not %ptxinject inspect %t.ptx --manifest %t.json 2>&1 | FileCheck %s --check-prefix=VOLATILE
// RUN: %ptxinject-rewrite %s -o %t.plain.cu --manifest %t.plain.json --volatile=never
// RUN: %nvcc-ptx %t.plain.cu -o %t.plain.ptx
// RUN: not %ptxinject inspect %t.plain.ptx --manifest %t.plain.json 2>&1 | FileCheck %s --check-prefix=PLAIN
#include <ptx_inject.h>

__device__ float unused_helper(float x) {
  PTX_INJECT("helper", PTX_MOD(x));
  return x;
}

__global__ void kernel(float *o) {
  float y = o[0];
  // Named, so the rewrite cannot tell (rewrite/never-emitted.cu warns of a
  // function nothing names), and never called, so nvcc drops it.
  if constexpr (sizeof(float) == 8)
    y = unused_helper(y);
  PTX_INJECT("kept", PTX_MOD(y));
  o[0] = y;
  if constexpr (sizeof(float) == 8) {
    float q = o[1];
    PTX_INJECT("discarded", PTX_MOD(q));
    o[1] = q;
  }
}

// JSON: "name": "helper"
// JSON: "volatile": true
// VOLATILE-NOT: 'kept'
// VOLATILE-DAG: missing-from-ptx.cu:17:3: error: inject site 'helper' is missing from the PTX: the code holding it was never emitted (a __device__ function no kernel calls, a template this compile does not instantiate, or a branch the compiler discards, such as if constexpr)
// VOLATILE-DAG: missing-from-ptx.cu:31:5: error: inject site 'discarded' is missing from the PTX: the code holding it was never emitted
// VOLATILE-NOT: 'kept'
// PLAIN: missing-from-ptx.cu:17:3: error: inject site 'helper' is missing from the PTX: the optimizer removed its asm because no output is used; make the site volatile (see docs) or use its outputs; or the code holding it was never emitted
