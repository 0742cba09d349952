// Example kernel: one inject site, typed by the front end.
#include <ptx_inject.h>

#include "scale.h"

extern "C" __global__ void scale(float *data) {
  float x = data[threadIdx.x];
  float y;
  PTX_INJECT("transform", PTX_IN(x), PTX_OUT(y));
  data[threadIdx.x] = y * EXAMPLE_SCALE + EXAMPLE_OFFSET;
}
