#include <ptx_inject.h>
__global__ void k(float *p) {
  float x = p[0];
  /* PTX_INJECT a"b
     mod f32 x
  */
  /* PTX_INJECT "
     in "q\\" */
  p[0] = x;
}
