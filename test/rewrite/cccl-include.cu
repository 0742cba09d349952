// CCCL headers (cuda/std, cub) are found the way nvcc finds them, with no
// -I of CUDA's include/cccl on the command line; a user's own -I still wins.
// REQUIRES: rewriter
// RUN: %ptxinject-rewrite %s -o %t.cu
// RUN: %strip-comments %t.cu | FileCheck %s
// RUN: %ptxinject-rewrite %s -o %t.user.cu -- -DEXPECT_USER_CCCL -I%S/Inputs/user-cccl
// RUN: %strip-comments %t.user.cu | FileCheck %s
// RUN: not %ptxinject-rewrite %s -o %t.none.cu -- -DEXPECT_USER_CCCL 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOUSER
// RUN: %if nvcc %{ %nvcc-ptx %t.cu -o %t.ptx %}
// RUN: %if nvcc %{ %ptxinject inspect %t.ptx | FileCheck %s --check-prefix=TABLE %}
#include <ptx_inject.h>

#include <cub/warp/warp_reduce.cuh>
#include <cuda/std/utility>

#if defined(EXPECT_USER_CCCL) && !defined(USER_CCCL_UTILITY)
#error "the user's -I folder was not searched before CUDA's cccl"
#endif

__global__ void cccl_kernel(const float *in, float *out) {
  cuda::std::pair<float, float> p{in[0], in[1]};
  float z;
  PTX_INJECT("cccl", PTX_IN(p.first), PTX_IN(p.second), PTX_OUT(z));
  out[threadIdx.x] = z;
}

// CHECK: "// PTX_INJECT_START cccl\n\t"
// CHECK-SAME: : "=f"(z) : "f"(p.first), "f"(p.second)
// NOUSER: error: "the user's -I folder was not searched before CUDA's cccl"
// TABLE: inject cccl: 1 site
