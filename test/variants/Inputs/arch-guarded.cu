// A site that exists only when compiled for sm_90 or newer.
#include <ptx_inject.h>

extern "C" __global__ void guarded(float *data) {
  float x = data[threadIdx.x];
  float y = x;
#if __CUDA_ARCH__ >= 900
  PTX_INJECT("hopper", PTX_IN(x), PTX_OUT(y));
#endif
  data[threadIdx.x] = y;
}
