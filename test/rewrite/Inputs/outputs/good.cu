// A correct input: rewrites cleanly.
#include <ptx_inject.h>

__global__ void good(float *data) {
  float x = data[0];
  PTX_INJECT("good", PTX_MOD(x));
  data[0] = x;
}
