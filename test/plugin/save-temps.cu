// Flows that preprocess in a step of their own (-save-temps, ccache) pass
// -D__PTX_INJECT_PLUGIN__ so the preprocessed file keeps the marker form;
// the plugin then expands it (and accepts the define being set twice).
// REQUIRES: plugin
// RUN: rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir
// RUN: %clang-cuda -fplugin=%plugin -D__PTX_INJECT_PLUGIN__ -Werror -save-temps -S %s -o %t.dir/k.ptx
// RUN: FileCheck %s --input-file=%t.dir/k.ptx
// Without the define the separate preprocessing step cannot know about the
// plugin, and the header's error says what to do.
// RUN: not %clang-cuda -fplugin=%plugin -save-temps -S %s -o %t.dir/bad.ptx 2>&1 | FileCheck %s --check-prefix=WITHOUT

#include <ptx_inject.h>

__global__ void kernel(float *F) {
  float X = F[0];
  PTX_INJECT("saved", PTX_MOD(X));
  F[1] = X;
}

// CHECK: // PTX_INJECT_START saved
// CHECK-NEXT: // _x0 m f32 F32 X
// WITHOUT: error: static assertion failed{{.*}}PTX_INJECT needs the PTX Inject front end
