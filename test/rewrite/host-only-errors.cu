// Host code that nvcc accepts and Clang's device-side parse rejects does not
// stop the rewrite: an error Clang raises in a host-only function is passed
// on as a warning (SiteFreeCodeErrors.h), and the host body is still parsed, so
// the launch in main() instantiates the kernel template and types its site.
// <omp.h> comes from the shim folder when no other is found, and assert is
// declared as nvcc's cuda_runtime.h declares it.
// REQUIRES: rewriter
// RUN: %ptxinject-rewrite %s -o %t.cu -- -std=c++17 -Xcompiler -fopenmp 2> %t.err
// RUN: %strip-comments %t.cu | FileCheck %s
// RUN: FileCheck %s --check-prefix=WARN --input-file=%t.err
// RUN: %if nvcc %{ %nvcc-ptx -std=c++17 -Xcompiler -fopenmp %t.cu -o %t.ptx %}
// RUN: %if nvcc %{ %ptxinject inspect %t.ptx | FileCheck %s --check-prefix=TABLE %}
// RUN: %if nvcc %{ %ptxinject render %t.ptx --stub-text 'scale=mul.f32 %%_x0, %%_x0, %%_x1;' -o %t.rendered.ptx %}
// RUN: %if nvcc && ptxas %{ %ptxas %t.rendered.ptx -o %t.cubin %}
//
// A __device__ lambda of a host function is device code: without a site, its
// errors are warnings too (rewrite/device-code-errors.cu); in the kernel that
// holds the site, an error fails the rewrite.
// RUN: %ptxinject-rewrite %s -o %t.device.cu -- -std=c++17 -DDEVICE_LAMBDA_ERROR 2>&1 | FileCheck %s --check-prefix=DEVLAMBDA
// RUN: not %ptxinject-rewrite %s -o %t.kernel.cu -- -std=c++17 -DKERNEL_ERROR 2>&1 | FileCheck %s --check-prefix=KERNEL
#include <ptx_inject.h>

#include <cstdio>
#include <omp.h>

template <typename T> __global__ void scale(T *p, T by) {
  T x = p[threadIdx.x];
  assert(x == x);
#ifdef KERNEL_ERROR
  x = undeclared_in_kernel;
#endif
  PTX_INJECT("scale", PTX_MOD(x), PTX_IN(by));
  p[threadIdx.x] = x;
}

template <typename F> __global__ void apply(float *p, F f) { f(p); }

int main() {
  int a = 3;
  unsigned b = 4;
  // CUDA's max(int, unsigned) is __host__ __device__ for nvcc, __device__
  // only in Clang's view.
  int blocks = max(a, b);
  float *p = nullptr;
  scale<<<blocks, 32>>>(p, 2.0f);
#ifdef DEVICE_LAMBDA_ERROR
  apply<<<1, 1>>>(p, [] __device__(float *q) { q[0] = undeclared_in_lambda; });
#endif
#pragma omp parallel
  printf("%d of %d\n", omp_get_thread_num(), omp_get_num_threads());
  return min(a, b);
}

// CHECK: // PTX_INJECT_START scale
// CHECK: // _x0 m f32 F32 x
// CHECK: // _x1 i f32 F32 by
// WARN: host-only-errors.cu:43:16: warning: no matching function for call to 'max'
// WARN-NOT: note: candidate
// WARN: host-only-errors.cu:51:10: warning: no matching function for call to 'min'
// WARN: note: 2 errors of Clang in host-only code passed on as warnings
// TABLE: inject scale: 1 site
// DEVLAMBDA: warning: use of undeclared identifier 'undeclared_in_lambda'
// DEVLAMBDA: note: 1 error of Clang in device code passed on as a warning
// KERNEL: error: use of undeclared identifier 'undeclared_in_kernel'
// KERNEL: note: the function holds a site, so Clang must read it to type the site; typed sites (PTX_IN(F32, x)) need no front end
