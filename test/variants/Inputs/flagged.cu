// Needs compiler flags: an include folder, a macro, C++17 and
// --expt-relaxed-constexpr (a constexpr host function called on the device).
#include <ptx_inject.h>

#include <flagged.h>

constexpr float hostOnlyScale() { return 2.0f; }

extern "C" __global__ void flagged(float *data) {
  float x = data[threadIdx.x];
  float y;
  if constexpr (sizeof(float) == 4) {
    PTX_INJECT("transform", PTX_IN(x), PTX_OUT(y));
  }
  data[threadIdx.x] = y * variantScale<float>() * hostOnlyScale();
}
