// An input that does not compile: a ';' is missing before the site.
#include <ptx_inject.h>

__global__ void broken(float *data) {
  float x = data[0]
  PTX_INJECT("broken", PTX_MOD(x));
  data[0] = x;
}
