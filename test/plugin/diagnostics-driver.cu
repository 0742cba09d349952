// Through the driver: a failing site stops the compile with FILE:LINE:COL,
// no PTX is written, and a missed site cannot pass silently.
// REQUIRES: plugin
// RUN: rm -f %t.ptx
// RUN: not %clang-cuda -fplugin=%plugin -S %s -o %t.ptx 2>&1 | FileCheck %s
// RUN: not test -e %t.ptx
// Without the plugin the header refuses the site and says what to run.
// RUN: not %clang-cuda -S %s -o %t.noplugin.ptx 2>&1 | FileCheck %s --check-prefix=NOPLUGIN
// A bad plugin argument is reported with the accepted ones.
// RUN: not %clang-cuda -fplugin=%plugin -fplugin-arg-ptxinject-volatile=maybe -S %s -o %t.arg.ptx 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BADARG

#include <ptx_inject.h>

__global__ void kernel(double *D) {
  long double Wide = D[0];
  PTX_INJECT("wide", PTX_MOD(Wide));
  D[1] = Wide;
}

// CHECK: diagnostics-driver.cu:[[@LINE-4]]:30: error: unsupported inject operand type 'long double' of 'Wide'
// CHECK: 1 error generated

// NOPLUGIN: diagnostics-driver.cu:[[@LINE-7]]:3: error: static assertion failed{{.*}}PTX_INJECT needs the PTX Inject front end

// BADARG: error: unknown PTX Inject plugin argument 'volatile=maybe'; use {{.*}}-fplugin-arg-ptxinject-volatile=always|never
