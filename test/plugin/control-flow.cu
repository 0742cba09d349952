// Sites as the single statement of if/else, loop bodies (with #pragma
// unroll: one site per unrolled copy, one inject), switch cases and labels.
// REQUIRES: plugin, ptxas
// RUN: %clang-cuda -fplugin=%plugin -O3 -S %s -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx
// RUN: %ptxinject inspect %t.ptx | FileCheck %s --check-prefix=TABLE
// RUN: %ptxinject render %t.ptx --stub-text then='add.f32 %%_x0, %%_x0, 1.0;' \
// RUN:   --stub-text unrolled='add.f32 %%_x0, %%_x0, %%_x1;' -o %t.rendered.ptx
// RUN: %ptxas %t.rendered.ptx -o %t.cubin

#include <ptx_inject.h>

__global__ void kernel(float *F, int N) {
  float X = F[0];
  if (N > 3)
    PTX_INJECT("then", PTX_MOD(X));
  else
    PTX_INJECT("else", PTX_MOD(X));
  float Acc = 0.0f;
#pragma unroll
  for (int I = 0; I < 4; ++I)
    PTX_INJECT("unrolled", PTX_MOD(Acc), PTX_IN(F[I]));
  int K = N;
  while (K-- > 0)
    PTX_INJECT("while", PTX_MOD(X));
  switch (N) {
  case 1:
    PTX_INJECT("case", PTX_MOD(X));
    break;
  default:
  done:
    PTX_INJECT("label", PTX_MOD(X));
  }
  F[0] = X + Acc;
}

// CHECK-COUNT-4: // PTX_INJECT_START unrolled
// TABLE-DAG: inject then: 1 site
// TABLE-DAG: inject else: 1 site
// TABLE-DAG: inject unrolled: 4 sites
// TABLE-DAG: inject while: 1 site
// TABLE-DAG: inject case: 1 site
// TABLE-DAG: inject label: 1 site
