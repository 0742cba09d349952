// Kernel A: its sites are typed through tile.h, found from this folder.
#include "tile.h"
#include <ptx_inject.h>

__global__ void kernelA(float *IO) {
  Tile<4> T;
  for (int I = 0; I < 4; ++I)
    T.V[I] = IO[I];
  Tile<4>::Elem X = T.sum();
  auto Y = twice(X);
  PTX_INJECT("a", PTX_IN(X), PTX_OUT(Y));
  IO[0] = tileScale(Y);
}
