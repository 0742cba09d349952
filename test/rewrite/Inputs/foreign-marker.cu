// A kernel written for the reference system: its include folder comes
// first on the command line.
#include <ptx_inject.h>
__global__ void k(float *p) {
  float x = p[0], y;
  PTX_INJECT("f", PTX_IN(F32, x), PTX_OUT(F32, y));
  p[1] = y;
}
