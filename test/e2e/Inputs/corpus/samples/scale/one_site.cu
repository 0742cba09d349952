#include <ptx_inject.h>
#include "scale_helper.h"
__global__ void step(float *v) {
  float x = scaled(v[0]), y;
  PTX_INJECT("step", PTX_IN(x), PTX_OUT(F32, y));
  v[1] = y;
}
