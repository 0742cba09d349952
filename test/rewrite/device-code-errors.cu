// Device code that nvcc compiles and Clang 19 rejects does not stop the
// rewrite where no site's type depends on it (SiteFreeCodeErrors.h):
//  - in a device function without a site, any error of Clang's is passed on
//    as a warning;
//  - Clang 19's known limits (dynamic parallelism, a __shared__ variable
//    with a constructor, alignas after __shared__, '%globaltimer' with one
//    '%', inline asm operands without a comma between them) are warnings
//    even in the site's function, with a note saying what Clang lacks;
//  - the surface functions are declared, as nvcc's cuda_runtime.h and NVRTC
//    declare them, so a site's function may write a surface.
// REQUIRES: rewriter
// RUN: %ptxinject-rewrite %s -o %t.cu -- -std=c++17 -rdc=true 2> %t.err
// RUN: FileCheck %s --check-prefix=WARN --input-file=%t.err
// RUN: %strip-comments %t.cu | FileCheck %s
// RUN: %if nvcc %{ %nvcc-ptx -std=c++17 -rdc=true %t.cu -o %t.ptx %}
// RUN: %if nvcc %{ %ptxinject inspect %t.ptx | FileCheck %s --check-prefix=TABLE %}
// RUN: %if nvcc %{ %ptxinject render %t.ptx --stub-text 'timed=add.u64 %%_x0, %%_x0, 1;' -o %t.rendered.ptx %}
// RUN: %if nvcc && ptxas %{ %ptxas -c %t.rendered.ptx -o %t.cubin %}
//
// NVRTC reads the same program (it declares the surface functions itself).
// DEFINE: %{nvrtc-opts} = -std=c++17 -rdc=true -arch=compute_80 -I%include -I%cuda-include/cccl -I%cuda-include
// RUN: %ptxinject-rewrite --nvrtc %s -o %t.nvrtc.cu -- %{nvrtc-opts} 2> %t.nvrtc.err
// RUN: FileCheck %s --check-prefix=WARN --input-file=%t.nvrtc.err
// RUN: %strip-comments %t.nvrtc.cu | FileCheck %s
// RUN: %if nvrtc %{ %nvrtc-driver %t.nvrtc.cu -o %t.nvrtc.ptx -- %{nvrtc-opts} %}
// RUN: %if nvrtc %{ %ptxinject inspect %t.nvrtc.ptx | FileCheck %s --check-prefix=TABLE %}
//
// Any other error in a device function without a site is a warning; in the
// site's function it is an error, as it is where a macro of the user's
// spells the site.
// RUN: %ptxinject-rewrite %s -o %t.free.cu -- -std=c++17 -rdc=true -DSITE_FREE_ERROR 2>&1 | FileCheck %s --check-prefix=FREE
// RUN: not %ptxinject-rewrite %s -o %t.site.cu -- -std=c++17 -rdc=true -DSITE_ERROR 2>&1 | FileCheck %s --check-prefix=SITE
// RUN: not %ptxinject-rewrite %s -o %t.macro.cu -- -std=c++17 -rdc=true -DMACRO_SITE_ERROR 2>&1 | FileCheck %s --check-prefix=MACRO
//
// A known limit stays an error where Clang gives up on the site's function
// for it: an instantiation whose body uses the barrier Clang refused loses
// its body.
// RUN: not %ptxinject-rewrite %s -o %t.template.cu -- -std=c++17 -rdc=true -DTEMPLATE_BARRIER 2>&1 | FileCheck %s --check-prefix=TEMPLATE
#include <ptx_inject.h>

#include <cuda/barrier>

#define TIMED_SITE(v) PTX_INJECT("timed", PTX_MOD(v))

__global__ void child(int *p) { p[threadIdx.x] += 1; }

// Dynamic parallelism: Clang 19 has none.
__device__ void relaunch(int *p) {
  child<<<1, 32>>>(p);
#ifdef SITE_FREE_ERROR
  p[0] = not_declared_in_helper;
#endif
}

__global__ void timed(cudaSurfaceObject_t surface, int *p,
                      unsigned long long *times) {
  __shared__ alignas(16) float staged[32];
  __shared__ cuda::barrier<cuda::thread_scope_block> ready;
  if (threadIdx.x == 0)
    init(&ready, blockDim.x);
  __syncthreads();
  unsigned long long start;
  asm volatile("mov.u64 %0, %globaltimer;" : "=l"(start));
  staged[threadIdx.x] = float(p[threadIdx.x]);
  ready.arrive_and_wait();
  surf2Dwrite(staged[31 - threadIdx.x], surface, threadIdx.x * 4, 0);
#ifdef SITE_ERROR
  start += not_declared_in_site_function;
#endif
  PTX_INJECT("timed", PTX_MOD(start));
  times[threadIdx.x] = start;
  if (threadIdx.x == 0)
    relaunch(p);
  if (threadIdx.x == 1)
    child<<<1, 32>>>(p);
  unsigned lane = threadIdx.x;
  asm volatile("st.global.u32 [%1], %0;" ::"r"(lane) "l"(p) : "memory");
}

#ifdef MACRO_SITE_ERROR
__device__ void through_macro(unsigned long long v) {
  v += not_declared_beside_macro_site;
  TIMED_SITE(v);
}
#endif

#ifdef TEMPLATE_BARRIER
template <int N> __global__ void staged_sum(float *p) {
  __shared__ cuda::barrier<cuda::thread_scope_block> ready;
  if (threadIdx.x == 0)
    init(&ready, blockDim.x);
  float v = p[threadIdx.x % N];
  PTX_INJECT("staged", PTX_MOD(v));
  ready.arrive_and_wait();
  p[threadIdx.x] = v;
}
void launch(float *p) { staged_sum<4><<<1, 32>>>(p); }
#endif

// CHECK: // PTX_INJECT_START timed
// CHECK: // _x0 m u64 U64 start
// CHECK: // PTX_INJECT_END
// WARN-DAG: device-code-errors.cu:49:3: warning: reference to __global__ function 'child' in __device__ function
// WARN-DAG: note: Clang 19 has no dynamic parallelism
// WARN-DAG: device-code-errors.cu:57:14: warning: an attribute list cannot appear here
// WARN-DAG: note: Clang 19 takes no attribute after __shared__
// WARN-DAG: device-code-errors.cu:58:54: warning: initialization is not supported for __shared__ variables
// WARN-DAG: note: Clang 19 refuses a __shared__ variable whose type has a constructor
// WARN-DAG: device-code-errors.cu:63:31: warning: invalid % escape in inline assembly string
// WARN-DAG: note: Clang 19 reads inline asm strictly
// WARN-DAG: device-code-errors.cu:75:5: warning: reference to __global__ function 'child' in __global__ function
// WARN-DAG: device-code-errors.cu:77:54: warning: expected ')'
// WARN-DAG: note: Clang 19 wants a comma between inline asm operands
// WARN: note: 6 errors of Clang in device code passed on as warnings
// WARN-NOT: error:
// TABLE: inject timed: 1 site
// FREE: warning: use of undeclared identifier 'not_declared_in_helper'
// FREE: note: 7 errors of Clang in device code passed on as warnings
// SITE: .cu:[[AT:[0-9]+:[0-9]+]]: error: use of undeclared identifier 'not_declared_in_site_function'
// SITE: .cu:[[AT]]: note: the function holds a site, so Clang must read it to type the site; typed sites (PTX_IN(F32, x)) need no front end
// MACRO: .cu:[[AT:[0-9]+:[0-9]+]]: error: use of undeclared identifier 'not_declared_beside_macro_site'
// MACRO: .cu:[[AT]]: note: the function holds a site
// TEMPLATE: .cu:[[AT:[0-9]+:[0-9]+]]: error: initialization is not supported for __shared__ variables
// TEMPLATE: note: in instantiation of function template specialization 'staged_sum<4>' requested here
// TEMPLATE: .cu:[[AT]]: note: Clang 19 refuses a __shared__ variable whose type has a constructor
// TEMPLATE: .cu:[[AT]]: note: Clang dropped the function's body for it, and with it the sites' types
// TEMPLATE: .cu:[[AT]]: note: the function holds a site
