// An NVRTC program: HEADER names an include to try (angled), and beside.h,
// found in an --include-path folder, includes BESIDE_HEADER when defined.
#include "beside.h"
#ifdef HEADER
#include HEADER
#endif
#include <ptx_inject.h>

__global__ void twice(float *p) {
  float x = p[threadIdx.x];
  PTX_INJECT("twice", PTX_MOD(F32, x));
  p[threadIdx.x] = x;
}
