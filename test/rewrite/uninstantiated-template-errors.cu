// nvcc does not check the body of a template that nothing instantiates (a
// .cu file that another #includes uses names only the includer declares):
// Clang's errors there are warnings even in the site's function, and the
// site is warned about as never emitted (SiteFreeCodeErrors.h). Once the
// template is instantiated, nvcc checks the body, and the error stays one.
// REQUIRES: rewriter
// RUN: %ptxinject-rewrite %s -o %t.cu -- -std=c++17 2> %t.err
// RUN: FileCheck %s --check-prefix=WARN --input-file=%t.err
// RUN: %if nvcc %{ %nvcc-ptx -std=c++17 %t.cu -o %t.ptx %}
// RUN: not %ptxinject-rewrite %s -o %t.inst.cu -- -std=c++17 -DINSTANTIATE 2>&1 | FileCheck %s --check-prefix=INST
#include <ptx_inject.h>

template <typename T>
__global__ void degrid(T *out, const T *in) {
  float v = 0.0f;
  PTX_INJECT("scale", PTX_MOD(v));
  out[threadIdx.x] = GCF_GRID * in[threadIdx.x] + v;
  // WARN: [[@LINE-1]]:22: warning: use of undeclared identifier 'GCF_GRID'
  // WARN: [[@LINE-2]]:22: note: nvcc does not check the body of a template that is never instantiated
  // INST: [[@LINE-3]]:22: error: use of undeclared identifier 'GCF_GRID'
}

template <typename T> struct Map {
  __device__ void insert(T *d) {
    unsigned lane = lane_id();
    // WARN: [[@LINE-1]]:21: warning: use of undeclared identifier 'lane_id'
    PTX_INJECT("insert", PTX_MOD(lane));
    warps::insertion_unit(lane, d);
    // WARN: [[@LINE-1]]:5: warning: use of undeclared identifier 'warps'
  }
};

#ifdef INSTANTIATE
template __global__ void degrid<float>(float *, const float *);
#endif
// WARN: warning: inject site 'scale' is in a template that is never instantiated, so nvcc emits no code for it
