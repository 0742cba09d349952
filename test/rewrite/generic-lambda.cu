// A site in a generic lambda, called with float and double: one asm per
// instantiated type, picked with if constexpr, as for a function template.
// nvcc and NVRTC both compile the result, and each type's asm reaches the PTX.
// REQUIRES: rewriter
// RUN: %ptxinject-rewrite %s -o %t.cu --manifest %t.json
// RUN: %strip-comments %t.cu | FileCheck %s --check-prefix=SRC
// RUN: FileCheck %s --check-prefix=MANIFEST < %t.json
// RUN: %if nvcc %{ %nvcc-ptx %t.cu -o %t.ptx %}
// RUN: %if nvcc %{ FileCheck %s --check-prefix=PTX < %t.ptx %}
// RUN: %if nvrtc %{ %nvrtc-ptx %t.cu -o %t.nvrtc.ptx -- -default-device %}
// RUN: %if nvrtc %{ FileCheck %s --check-prefix=PTX < %t.nvrtc.ptx %}
#include <ptx_inject.h>

__global__ void kernel(float *f, double *d, int n) {
  auto step = [&](auto &acc) {
    PTX_INJECT("step", PTX_MOD(acc), PTX_IN(n));
  };
  float x = f[0];
  double y = d[0];
  step(x);
  step(y);
  // A lambda called with one type only needs no dispatch.
  auto once = [](auto v) {
    auto w = v;
    PTX_INJECT("once", PTX_MOD(w));
    return w;
  };
  f[0] = x + once(1.0f);
  d[0] = y;
}

// SRC-LABEL: auto step = [&](auto &acc) {
// SRC-NEXT: do { if constexpr ((__ptx_inject_is<decltype((acc)), float>::value)) { asm volatile({{.*}}// _x0 m f32 F32 acc{{.*}}: "+f"(acc) : "r"(n)); } else if constexpr ((__ptx_inject_is<decltype((acc)), double>::value)) { asm volatile({{.*}}// _x0 m f64 F64 acc{{.*}}: "+d"(acc) : "r"(n)); } } while (0);
// SRC-LABEL: auto w = v;
// SRC-NEXT: asm volatile({{.*}}// _x0 m f32 F32 w{{.*}} : "+f"(w));

// MANIFEST: "name": "step"
// MANIFEST: "type": "F32"
// MANIFEST: "name": "step"
// MANIFEST: "type": "F64"
// MANIFEST: "name": "once"

// PTX-DAG: // _x0 m f32 F32 acc
// PTX-DAG: // _x0 m f64 F64 acc
// PTX-DAG: // _x0 m f32 F32 w
