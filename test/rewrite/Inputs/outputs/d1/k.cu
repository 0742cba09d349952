// One of two inputs named k.cu, in different folders.
#include <ptx_inject.h>

__global__ void first(float *data) {
  float x = data[0];
  PTX_INJECT("first", PTX_MOD(x));
  data[0] = x;
}
