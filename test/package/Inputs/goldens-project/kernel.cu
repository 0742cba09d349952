// Two injects: 'blend' (two inputs, one output) and 'bias' (in place).
#include <ptx_inject.h>

extern "C" __global__ void blend_kernel(const float *a, const float *b,
                                        float *out) {
  float x = a[threadIdx.x], y = b[threadIdx.x], z;
  PTX_INJECT("blend", PTX_IN(x), PTX_IN(y), PTX_OUT(z));
  PTX_INJECT("bias", PTX_MOD(z));
  out[threadIdx.x] = z;
}
