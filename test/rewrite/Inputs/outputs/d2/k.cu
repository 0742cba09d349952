// The other input named k.cu.
#include <ptx_inject.h>

__global__ void second(float *data) {
  float x = data[0];
  PTX_INJECT("second", PTX_MOD(x));
  data[0] = x;
}
