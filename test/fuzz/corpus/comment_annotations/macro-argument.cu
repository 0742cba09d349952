#include <ptx_inject.h>
#define WRAP(...) __VA_ARGS__
__global__ void k(float *p) {
  float a = p[0], b;
  WRAP(/* PTX_INJECT wrapped
          in f32 a
          out f32 b */)
  p[1] = b;
}
