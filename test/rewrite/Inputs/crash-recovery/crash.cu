#include <cuda_fp16.h>
#include "ptx_inject.h"

// Clang's own way to crash on purpose, read after the include block: the
// parse crashes with the cached headers in use, as it may on a PCH damaged
// past what its stamp and Clang's first read check.
#pragma clang __debug crash

__global__ void crashes(float *out, const float *in) {
  float x = in[threadIdx.x], y;
  PTX_INJECT("scale", PTX_IN(F32, x, x), PTX_OUT(F32, y, y));
  out[threadIdx.x] = y;
}
