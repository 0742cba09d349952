// The rewriter's parse sees the macros nvcc predefines, with the version of
// the toolkit it reads. A header that defines __host__ and __device__ away
// unless __NVCC__ is defined (as HeCBench's xsbench does) leaves the kernel's
// callee a host function without it, an error in the site's function. The
// version agrees with cuda.h's CUDA_VERSION and, where nvcc is present, with
// every macro nvcc itself defines (read from nvcc -dM into a header that
// names them NVCC_SAYS_*); with CUDA_HOME at another toolkit, with its.
// REQUIRES: rewriter
// RUN: %ptxinject-rewrite %s -o %t.cu 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: %strip-comments %t.cu | FileCheck %s
// RUN: %if nvcc %{ %nvcc-ptx -E -Xcompiler -dM %s -o %t.nvcc-macros %}
// RUN: %if nvcc %{ grep -E "define (__NVCC__|__CUDACC_VER_|__CUDA_API_VER_|__NVCC_DIAG_PRAGMA_SUPPORT__|CUDA_DOUBLE_MATH_FUNCTIONS)" %t.nvcc-macros > %t.nvcc-defines %}
// RUN: %if nvcc %{ %python -c "import sys; print(sys.stdin.read().replace('define ', 'define NVCC_SAYS_'))" < %t.nvcc-defines > %t.nvcc-says.h %}
// RUN: %if nvcc %{ %ptxinject-rewrite %s -o %t.same.cu -- --cuda-path=%cuda-include/.. -include %t.nvcc-says.h -DCOMPARE_WITH_NVCC %}
// RUN: %if nvcc %{ %nvcc-ptx %t.cu -o %t.ptx %}
// RUN: %if nvcc %{ %ptxinject inspect %t.ptx | FileCheck %s --check-prefix=TABLE %}
// RUN: %if cuda-13.5 %{ env CUDA_HOME=%cuda-13.5 %ptxinject-rewrite %s -o %t.135.cu -- -DWANT_VERSION=13050 %}
// A macro the command line defines or undefines is its own.
// RUN: %ptxinject-rewrite %s -o %t.user.cu -- -D__CUDACC_VER_MAJOR__=7 -DWANT_MAJOR=7 -U__NVCC_DIAG_PRAGMA_SUPPORT__
#include <ptx_inject.h>
#include <cuda.h>

#ifndef __NVCC__
#define __host__
#define __device__
#endif

__host__ __device__ float twice(float x) { return 2.0f * x; }

__global__ void kernel(float *out) {
  float y = twice(out[0]);
  PTX_INJECT("twice", PTX_MOD(y));
  out[0] = y;
}

#if __NVCC__ != 1 || CUDA_DOUBLE_MATH_FUNCTIONS != 1
#error "nvcc's macros are missing"
#endif
#ifdef WANT_MAJOR
#ifdef __NVCC_DIAG_PRAGMA_SUPPORT__
#error "the command line undefines it"
#endif
static_assert(__CUDACC_VER_MAJOR__ == WANT_MAJOR, "the command line's own");
#elif defined(WANT_VERSION)
static_assert(__CUDACC_VER_MAJOR__ * 1000 + __CUDACC_VER_MINOR__ * 10 ==
                  WANT_VERSION && CUDA_VERSION == WANT_VERSION,
              "the version of the toolkit in CUDA_HOME");
#else
static_assert(__NVCC_DIAG_PRAGMA_SUPPORT__ == 1, "nvcc's pragmas");
static_assert(__CUDACC_VER_MAJOR__ * 1000 + __CUDACC_VER_MINOR__ * 10 ==
                  CUDA_VERSION,
              "the version of the toolkit whose headers are read");
#endif
static_assert(__CUDA_API_VER_MAJOR__ == CUDA_VERSION / 1000 &&
                  __CUDA_API_VER_MINOR__ == CUDA_VERSION % 1000 / 10,
              "the API version");
static_assert(__CUDA_ARCH_LIST__ == 800, "the one architecture parsed");
#ifdef COMPARE_WITH_NVCC
static_assert(NVCC_SAYS___NVCC__ == __NVCC__ &&
                  NVCC_SAYS___CUDACC_VER_MAJOR__ == __CUDACC_VER_MAJOR__ &&
                  NVCC_SAYS___CUDACC_VER_MINOR__ == __CUDACC_VER_MINOR__ &&
                  NVCC_SAYS___CUDACC_VER_BUILD__ == __CUDACC_VER_BUILD__ &&
                  NVCC_SAYS___CUDA_API_VER_MAJOR__ == __CUDA_API_VER_MAJOR__ &&
                  NVCC_SAYS___CUDA_API_VER_MINOR__ == __CUDA_API_VER_MINOR__ &&
                  NVCC_SAYS___NVCC_DIAG_PRAGMA_SUPPORT__ ==
                      __NVCC_DIAG_PRAGMA_SUPPORT__ &&
                  NVCC_SAYS_CUDA_DOUBLE_MATH_FUNCTIONS ==
                      CUDA_DOUBLE_MATH_FUNCTIONS,
              "what nvcc defines");
#endif

// QUIET-NOT: {{error|warning}}
// CHECK-LABEL: __global__ void kernel(float *out) {
// CHECK: asm volatile({{.*}}PTX_INJECT_START twice{{.*}} : "+f"(y));
// TABLE: inject twice: 1 site
