// Two injects: "scale" is baked, "shift" keeps its markers. "scale" has two
// sites, one of them in a template.
#include <ptx_inject.h>

template <typename T> __device__ T twice(T v) {
  T r;
  PTX_INJECT("scale", PTX_IN(v), PTX_OUT(r));
  return r;
}

__global__ void kernel(float *out, const float *in) {
  float v = in[threadIdx.x], r;
  PTX_INJECT("scale", PTX_IN(v), PTX_OUT(r));
  float w = r;
  PTX_INJECT("shift", PTX_MOD(w));
  out[threadIdx.x] = w + twice(v * 3.0f);
}
