// A kernel that includes a header from its own folder, as most do.
#include <ptx_inject.h>

#include "scale.h"

extern "C" __global__ void scaled(float *out) {
  float x = out[threadIdx.x], y;
  PTX_INJECT("func", PTX_IN(x), PTX_OUT(y));
  out[threadIdx.x] = scale(y);
}
