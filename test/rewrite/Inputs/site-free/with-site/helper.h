// The same name, in a folder whose helper spells PTX_INJECT: a file that
// includes it must be parsed.
#pragma once
#include <ptx_inject.h>
__device__ inline float helper(float x) {
  float y;
  PTX_INJECT("helper", PTX_IN(F32, x), PTX_OUT(F32, y));
  return y;
}
