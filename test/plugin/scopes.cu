// Sites wherever code can be: anonymous and nested namespaces, extern "C"
// blocks, member templates of class templates, generic lambdas in members,
// explicit specializations, constructor initializers, default member
// initializers, default arguments, kernels instantiated
// by a host launch, nested blocks, do and range-for bodies. A template used
// only in decltype is never instantiated and has no site.
// REQUIRES: plugin, ptxas
// RUN: %clang-cuda -fplugin=%plugin -O3 -Wno-pass-failed -S %s -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx
// RUN: %ptxas %t.ptx -o %t.cubin
// RUN: not grep "START never" %t.ptx

#include <ptx_inject.h>
namespace ns {
namespace {
__device__ float anon(float X) { PTX_INJECT("anon", PTX_MOD(X)); return X; }
}
}
extern "C" {
__global__ void ck(float *F) { PTX_INJECT("externc", PTX_MOD(F[0])); }
}
extern "C" __global__ void ck2(float *F) { PTX_INJECT("externc2", PTX_MOD(F[0])); }

template <class T> struct Outer {
  template <class U> __device__ static T conv(U V) {
    T R;
    PTX_INJECT("nested_tmpl", PTX_OUT(R), PTX_IN(V));
    return R;
  }
  __device__ T viaLambda(T X) {
    auto L = [&](auto Y) { PTX_INJECT("member_generic_lambda", PTX_MOD(X), PTX_IN(Y)); };
    L(1);
    return X;
  }
};

template <class T> __device__ T spec(T X) { return X; }
template <> __device__ float spec<float>(float X) { PTX_INJECT("explicit_spec", PTX_MOD(X)); return X; }

template <class T> __device__ T never(T X) { PTX_INJECT("never", PTX_MOD(X)); return X; }

struct Dflt {
  float V = 0;
  __device__ Dflt(float X) : V([&] { float Y = X; PTX_INJECT("ctor_init_lambda", PTX_MOD(Y)); return Y; }()) {}
};

struct FieldInit {
  float V = [] { float Y = 1; PTX_INJECT("field_init", PTX_MOD(Y)); return Y; }();
};
__device__ float withDefault(float X, float Z = [] { float Y = 2; PTX_INJECT("default_arg", PTX_MOD(Y)); return Y; }()) { return X + Z; }

template <class T> __global__ void launched(T *P) { PTX_INJECT("launched", PTX_MOD(P[0])); }

void host() { launched<int><<<1, 1>>>(nullptr); }

__global__ void k(float *F, int *I) {
  F[0] = ns::anon(F[1]);
  F[2] = Outer<float>::conv(I[0]);
  F[3] = Outer<float>().viaLambda(F[4]);
  F[5] = spec(F[6]);
  Dflt D(F[7]);
  F[8] = D.V + FieldInit().V + withDefault(F[10]);
  decltype(never(1)) Z = 0;
  I[1] = Z;
  #pragma unroll 2
  for (int J = 0; J < I[2]; ++J) {
    { PTX_INJECT("nested_block", PTX_MOD(F[J])); }
  }
  do PTX_INJECT("do", PTX_MOD(F[9])); while (F[9] < 0);
  for (float G : {1.0f, 2.0f}) PTX_INJECT("range", PTX_IN(G));
}

// CHECK-DAG: // PTX_INJECT_START anon
// CHECK-DAG: // PTX_INJECT_START externc
// CHECK-DAG: // PTX_INJECT_START externc2
// CHECK-DAG: // PTX_INJECT_START nested_tmpl
// CHECK-DAG: // PTX_INJECT_START member_generic_lambda
// CHECK-DAG: // PTX_INJECT_START explicit_spec
// CHECK-DAG: // PTX_INJECT_START ctor_init_lambda
// CHECK-DAG: // PTX_INJECT_START launched
// CHECK-DAG: // PTX_INJECT_START nested_block
// CHECK-DAG: // PTX_INJECT_START do
// CHECK-DAG: // PTX_INJECT_START range
// CHECK-DAG: // PTX_INJECT_START field_init
// CHECK-DAG: // PTX_INJECT_START default_arg
// CHECK-NOT: PTX_INJECT_START never
