// The README's tour kernel (its first example) with written types, so that
// plain nvcc compiles it; ptxinject-rewrite gives the untyped spelling the
// same marker asm. test/e2e/readme-tour.test runs the tour's steps 3 and 4
// on its PTX.
#include <ptx_inject.h>

extern "C" __global__ void kernel(float *out) {
  float x = out[0], y = out[1], z;
  PTX_INJECT("func", PTX_IN(F32, x), PTX_MOD(F32, y), PTX_OUT(F32, z));
  out[1] = y;
  out[2] = z;
}
