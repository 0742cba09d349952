// User macros that expand to a site (also through another macro), a site in an
// inactive #if block, and a site in a template that is never instantiated.
// REQUIRES: rewriter
// RUN: %ptxinject-rewrite %s -o %t.cu --manifest %t.json 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: %strip-comments %t.cu | FileCheck %s --check-prefix=SRC
// RUN: grep -n 'keeps its line' %t.cu | FileCheck %s --check-prefix=LINE
// RUN: FileCheck %s --check-prefix=MANIFEST < %t.json
// RUN: %if nvcc %{ %nvcc-ptx %t.cu -o %t.ptx %}
// RUN: %if nvcc %{ %ptxinject inspect %t.ptx --manifest %t.json | FileCheck %s --check-prefix=TABLE %}
// RUN: %if nvrtc %{ %nvrtc-ptx %t.cu -o %t.nvrtc.ptx %}
// RUN: %if nvrtc %{ %ptxinject inspect %t.nvrtc.ptx | FileCheck %s --check-prefix=TABLE %}
// Instantiating the template after rewriting fails with a message that says
// what to do, rather than compiling a kernel without its site.
// RUN: cp %t.cu %t.late.cu && echo 'template __device__ float never<float>(float);' >> %t.late.cu
// RUN: %if nvcc %{ not %nvcc-ptx %t.late.cu -o %t.late.ptx 2>&1 | FileCheck %s --check-prefix=LATE %}
#include <ptx_inject.h>

#define SCALE_SITE(v) PTX_INJECT("scale", PTX_MOD(F32, scaled, v))
#define OUTER_SITE(v) SCALE_SITE(v)
#define NAMED_SITE(name, v) PTX_INJECT(name, PTX_MOD(F32, value, v))
#define ACC_SITE() PTX_INJECT("acc", PTX_MOD(acc))

template <class T> __device__ T never(T v) {
  PTX_INJECT("never", PTX_MOD(v));
  return v;
}

__global__ void kernel(float *out) {
  float x = out[0], y = out[1], acc = out[2];
  SCALE_SITE(x);
  OUTER_SITE( y );
  NAMED_SITE("named", out[3]);
  ACC_SITE();
#if 0
  PTX_INJECT("inactive", PTX_MOD(x));
  PTX_INJECT(this is not even valid
#endif
#ifdef NOT_DEFINED
  /* PTX_INJECT inactive_comment
     mod x
  */
#endif
  out[0] = x + y + acc; // keeps its line
}

// WARN: macros-and-scope.cu:24:3: warning: inject site 'never' is in a template that is never instantiated, so its operand types are unknown; it is written as a static_assert that fails if the template is instantiated (instantiate it in this file, an explicit instantiation will do, to get its asm)
// WARN-NOT: error
// WARN-NOT: unresolved (dependent) type

// SRC-LABEL: __device__ T never(T v) {
// SRC-NEXT: static_assert(__ptx_inject_is<decltype((v)), void>::value, "PTX_INJECT site 'never' was in a template that was never instantiated when ptxinject-rewrite ran: instantiate it in that file and rewrite again");
// SRC-LABEL: float x = out[0], y = out[1], acc = out[2];
// SRC-NEXT: asm volatile({{.*}}PTX_INJECT_START scale{{.*}}// _x0 m f32 F32 scaled{{.*}} : "+f"(x));
// SRC-NEXT: asm volatile({{.*}}PTX_INJECT_START scale{{.*}}// _x0 m f32 F32 scaled{{.*}} : "+f"(y));
// SRC-NEXT: asm volatile({{.*}}PTX_INJECT_START named{{.*}}// _x0 m f32 F32 value{{.*}} : "+f"(out[3]));
// SRC-NEXT: asm volatile({{.*}}PTX_INJECT_START acc{{.*}}// _x0 m f32 F32 acc{{.*}} : "+f"(acc));
// SRC-NEXT: #if 0
// SRC-NEXT: PTX_INJECT("inactive", PTX_MOD(x));
// SRC-NEXT: PTX_INJECT(this is not even valid
// SRC-NEXT: #endif

// LINE: 43:  out[0] = x + y + acc; // keeps its line

// MANIFEST-NOT: "never"
// MANIFEST-NOT: inactive

// TABLE: inject scale: 2 sites
// TABLE: inject named: 1 site
// TABLE: inject acc: 1 site
// TABLE-NOT: inactive
// TABLE-NOT: never

// LATE: static assertion failed with "PTX_INJECT site 'never' was in a template that was never instantiated when ptxinject-rewrite ran: instantiate it in that file and rewrite again"
