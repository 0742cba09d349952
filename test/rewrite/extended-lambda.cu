// A site in an extended lambda (`[] __device__`, nvcc --extended-lambda)
// written in host code, the Thrust pattern: the lambda is device code, so
// the site is typed as in a __device__ function. A `__host__ __device__`
// one keeps its host pass clear of the asm, as a __host__ __device__
// function does. A plain lambda in host code is host code: its site is an
// error, as in a host function.
// REQUIRES: rewriter
// RUN: %ptxinject-rewrite %s -o %t.cu -- --extended-lambda
// RUN: %strip-comments %t.cu | FileCheck %s --check-prefix=SRC
// RUN: %if nvcc %{ %nvcc-ptx --extended-lambda %t.cu -o %t.ptx %}
// RUN: %if nvcc %{ FileCheck %s --check-prefix=PTX < %t.ptx %}
// RUN: %if nvcc %{ %nvcc-ptx --extended-lambda -c %t.cu -o %t.o %}
// RUN: not %ptxinject-rewrite %s -o %t.host.cu -- --extended-lambda -DHOST_LAMBDA 2>&1 | FileCheck %s --check-prefix=HOST
#include <ptx_inject.h>

template <typename F> __global__ void apply(float *p, F f) {
  p[threadIdx.x] = f(p[threadIdx.x]);
}

void run(float *p) {
  auto twice = [] __device__(float a) {
    float r;
    PTX_INJECT("twice", PTX_IN(a), PTX_OUT(r));
    return r;
  };
  apply<<<1, 32>>>(p, twice);
  auto both = [] __host__ __device__(float a) {
    float r = a;
    PTX_INJECT("both", PTX_MOD(r));
    return r;
  };
  apply<<<1, 32>>>(p, both);
#ifdef HOST_LAMBDA
  auto host = [](float a) {
    float r;
    PTX_INJECT("host", PTX_IN(a), PTX_OUT(r));
    return r;
  };
  p[0] = host(p[0]);
#endif
}

// SRC: auto twice = [] __device__(float a) {
// SRC-NEXT: float r;
// SRC-NEXT: asm volatile(
// SRC-SAME: PTX_INJECT_START twice
// SRC: auto both = [] __host__ __device__(float a) {
// SRC: __PTX_INJECT_HOST_DEVICE(((void)&(r)), asm volatile(
// SRC-SAME: PTX_INJECT_START both
// PTX-DAG: // PTX_INJECT_START twice
// PTX-DAG: // PTX_INJECT_START both
// HOST: extended-lambda.cu:[[@LINE-16]]:5: error: inject site in the host function 'run'
