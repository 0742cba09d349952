#include <ptx_inject.h>
__global__ void k(float *p) {
  float x = p[0], y;
  /* PTX_INJECT f
     in f32 x
     out f32 y
  */
  p[1] = y;
}
