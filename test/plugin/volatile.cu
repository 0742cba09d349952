// Sites are asm volatile by default, so a site whose output is unused
// survives -O3. With volatile=never the optimizer deletes it, and the
// manifest check names the vanished site and its source line.
// REQUIRES: plugin
// RUN: %clang-cuda -fplugin=%plugin -O3 -fplugin-arg-ptxinject-manifest=%t.kept.json -S %s -o %t.kept.ptx
// RUN: FileCheck %s --input-file=%t.kept.ptx --check-prefix=KEPT
// RUN: %ptxinject inspect --manifest %t.kept.json %t.kept.ptx
// RUN: %clang-cuda -fplugin=%plugin -O3 -fplugin-arg-ptxinject-volatile=never \
// RUN:   -fplugin-arg-ptxinject-manifest=%t.gone.json -S %s -o %t.gone.ptx
// RUN: FileCheck %s --input-file=%t.gone.ptx --check-prefix=GONE
// RUN: not %ptxinject inspect --manifest %t.gone.json %t.gone.ptx 2>&1 | FileCheck %s --check-prefix=MISSING

#include <ptx_inject.h>

__global__ void kernel(float *F) {
  float X = F[0], Unused;
  PTX_INJECT("unused", PTX_IN(X), PTX_OUT(Unused));
  float Y = X;
  PTX_INJECT("used", PTX_MOD(Y));
  F[1] = Y;
}

// KEPT-DAG: // PTX_INJECT_START unused
// KEPT-DAG: // PTX_INJECT_START used
// GONE-NOT: PTX_INJECT_START unused
// GONE: // PTX_INJECT_START used
// GONE-NOT: PTX_INJECT_START unused
// MISSING: volatile.cu:17:3: error: inject site 'unused' is missing from the PTX
