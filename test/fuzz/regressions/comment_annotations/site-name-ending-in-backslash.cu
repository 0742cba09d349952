#include <ptx_inject.h>
__global__ void k(float *p) {
  float x = p[0];
  /* PTX_INJECT a\
     mod f32 x
  */
  p[0] = x;
}
