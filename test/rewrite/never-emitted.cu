// Sites nvcc never emits: in a template never instantiated in the file, in
// an if constexpr branch every instantiation discards, in a static, inline
// or (without -rdc=true) external __device__ function nothing in the file
// uses. Each gets a warning at the site and stays out of the manifest,
// whether its operand types depend on the template (a static_assert is
// written, rewrite/typed-uninstantiated.cu) or not (asm is written, right
// wherever the code is compiled after all). HeCBench's tsne-cuda holds the
// first: a kernel template that nothing instantiates.
// REQUIRES: rewriter
// RUN: %ptxinject-rewrite %s -o %t.cu --manifest %t.json 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: FileCheck %s --check-prefix=MANIFEST < %t.json
// RUN: %strip-comments %t.cu | FileCheck %s --check-prefix=SRC
// RUN: %if nvcc %{ %nvcc-ptx %t.cu -o %t.ptx %}
// RUN: %if nvcc %{ %ptxinject inspect %t.ptx --manifest %t.json | FileCheck %s --check-prefix=TABLE %}
// With -rdc=true nvcc keeps an external __device__ function: no warning for it.
// RUN: %ptxinject-rewrite %s -o %t.rdc.cu --manifest %t.rdc.json -- -rdc=true 2>&1 | FileCheck %s --check-prefix=RDC
// RUN: FileCheck %s --check-prefix=RDC-MANIFEST < %t.rdc.json
#include <ptx_inject.h>

template <class T> __global__ void broadcast(T *p) {
  float v = 0.0f;
  PTX_INJECT("template_local", PTX_MOD(v));
  p[0] = static_cast<T>(v);
}
// WARN: never-emitted.cu:[[#@LINE-3]]:3: warning: inject site 'template_local' is in a template that is never instantiated, so nvcc emits no code for it and it is not in the manifest; its operand types do not depend on the template, so it is written as asm, which compiles where the template is instantiated (instantiate it in this file, an explicit instantiation will do, to have it in the PTX)

template <class T> __global__ void dependent(T *p) {
  T v = p[0];
  PTX_INJECT("template_dependent", PTX_MOD(v));
  p[0] = v;
}
// WARN: never-emitted.cu:[[#@LINE-3]]:3: warning: inject site 'template_dependent' is in a template that is never instantiated, so its operand types are unknown; it is written as a static_assert

template <class T> __device__ void pick(T *p) {
  if constexpr (sizeof(T) == 8) {
    float w = 1.0f;
    PTX_INJECT("discarded_local", PTX_MOD(w));
    p[0] = w;
  }
}
// WARN: never-emitted.cu:[[#@LINE-4]]:5: warning: inject site 'discarded_local' is in a branch that every instantiation of 'pick' discards (if constexpr), so nvcc emits no code for it and it is not in the manifest

static __device__ float static_unused(float x) {
  PTX_INJECT("static_unused", PTX_MOD(x));
  return x;
}
// WARN: never-emitted.cu:[[#@LINE-3]]:3: warning: inject site 'static_unused' is in 'static_unused', a __device__ function that nothing in this file uses, so nvcc emits no code for it (it is static or inline) and it is not in the manifest; it is written as asm, which compiles where 'static_unused' is called

__device__ float external_unused(float x) {
  PTX_INJECT("external_unused", PTX_MOD(x));
  return x;
}
// WARN: never-emitted.cu:[[#@LINE-3]]:3: warning: inject site 'external_unused' is in 'external_unused', a __device__ function that nothing in this file uses, so nvcc emits no code for it (a function with external linkage is kept only with -rdc=true)
// RDC-NOT: 'external_unused'

__device__ float called(float x) {
  PTX_INJECT("called", PTX_MOD(x));
  return x;
}

__global__ void kernel(float *p) {
  p[0] = called(p[0]);
  pick(p);
}
// WARN-NOT: 'called'
// WARN-NOT: error

// SRC-LABEL: __global__ void broadcast(T *p) {
// SRC: asm volatile({{.*}}PTX_INJECT_START template_local{{.*}} : "+f"(v));
// SRC-LABEL: __global__ void dependent(T *p) {
// SRC-NEXT: T v = p[0];
// SRC-NEXT: static_assert(
// SRC-LABEL: __device__ float static_unused(float x) {
// SRC-NEXT: asm volatile({{.*}}PTX_INJECT_START static_unused{{.*}} : "+f"(x));
// MANIFEST-NOT: "name": "{{template_local|template_dependent|discarded_local|static_unused|external_unused}}"
// MANIFEST: "name": "called"
// MANIFEST-NOT: "name": "{{template_local|template_dependent|discarded_local|static_unused|external_unused}}"
// RDC-MANIFEST: "name": "external_unused"
// TABLE: inject called: 1 site
