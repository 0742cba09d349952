// A lambda or a local class passed to a function template of a header whose
// bodies the rewrite skips: the instantiation has no linkage, and Clang
// rejects one that is used and left undefined ("used but not defined in this
// translation unit"). Such instantiations are kept, so the file rewrites as
// with --parse-all-bodies, whether the lambda holds the site (the
// cooperative_groups::reduce pattern) or is host code beside it. Where a
// header's auto function hands the lambda on to another header template,
// that instantiation's body is one the rewrite skipped: Clang's "used but
// not defined" is the skipping's doing and is not printed
// (SiteFreeCodeErrors.h).
// REQUIRES: rewriter
// RUN: %ptxinject-rewrite %s -o %t.cu -- -std=c++17 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: %strip-comments %t.cu | FileCheck %s
// RUN: %ptxinject-rewrite %s -o %t.all.cu --parse-all-bodies -- -std=c++17
// RUN: cmp %t.cu %t.all.cu
// RUN: %ptxinject-rewrite %s -o %t.uncached.cu --no-pch-cache -- -std=c++17
// RUN: cmp %t.cu %t.uncached.cu
// RUN: %if plugin %{ %clang-cuda -std=c++17 -I%cuda-include/cccl -fplugin=%plugin -S %s -o %t.plugin.ptx %}
// RUN: %if plugin %{ FileCheck %s --check-prefix=PTX --input-file=%t.plugin.ptx %}
// RUN: %if nvcc %{ %nvcc-ptx -std=c++17 -I%S %t.cu -o %t.ptx %}
// RUN: %if nvcc %{ %ptxinject inspect %t.ptx | FileCheck %s --check-prefix=TABLE %}
// RUN: %if nvcc %{ %ptxinject render %t.ptx --stub-text 'combine=add.f32 %%_x0, %%_x1, %%_x2;' --stub-text 'bumped=add.f32 %%_x0, %%_x0, 0f3F800000;' -o %t.rendered.ptx %}
// RUN: %if nvcc && ptxas %{ %ptxas %t.rendered.ptx -o %t.cubin %}
#include <ptx_inject.h>

#include <algorithm>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <vector>

#include "Inputs/header-template-lambda/forward.h"

namespace cg = cooperative_groups;

__global__ void bump(float *p) {
  float x = p[threadIdx.x];
  forward_to_apply([](float &v) { v += 1.0f; }, x);
  PTX_INJECT("bumped", PTX_MOD(x));
  p[threadIdx.x] = x;
}

__global__ void sum(float *p) {
  auto tile = cg::tiled_partition<32>(cg::this_thread_block());
  float v = p[threadIdx.x];
  float s = cg::reduce(tile, v, [](float a, float b) {
    float r;
    PTX_INJECT("combine", PTX_IN(a), PTX_IN(b), PTX_OUT(r));
    return r;
  });
  p[threadIdx.x] = s;
}

int host(int *a, int n) {
  std::vector<int> v(a, a + n);
  std::for_each(v.begin(), v.end(), [](int &x) { x += 1; });
  struct Descending {
    bool operator()(int x, int y) const { return x > y; }
  };
  std::sort(v.begin(), v.end(), Descending());
  return v[0];
}

// QUIET-NOT: {{error|warning}}
// CHECK: // PTX_INJECT_START bumped
// CHECK: // _x0 m f32 F32 x
// CHECK: // PTX_INJECT_START combine
// CHECK: // _x0 o f32 F32 r
// CHECK: // _x1 i f32 F32 a
// CHECK: // _x2 i f32 F32 b
// PTX: // PTX_INJECT_START combine
// TABLE-DAG: inject bumped: 1 site
// TABLE-DAG: inject combine: 5 sites
