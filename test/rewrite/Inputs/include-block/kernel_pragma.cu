// The block ends before the #pragma: only tile.h is precompiled.
#include "tile.h"
#pragma nv_diag_suppress 177
#include <ptx_inject.h>

__global__ void kernelP(float *IO) {
  Tile<2> T;
  T.V[0] = IO[0];
  T.V[1] = IO[1];
  Tile<2>::Elem X = T.sum();
  PTX_INJECT("p", PTX_MOD(X));
  IO[0] = X;
}
