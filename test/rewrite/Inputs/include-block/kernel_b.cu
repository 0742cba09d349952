/* Kernel B: another kernel of the same project. Its comments differ from
   kernel A's, its include block does not. */

#include "tile.h"

#include <ptx_inject.h>  // the markers

template <int N> __device__ void step(Tile<N> &T) {
  typename Tile<N>::Elem X = T.sum();
  PTX_INJECT("b", PTX_MOD(X));
  T.V[0] = X;
}

__global__ void kernelB(float *IO) {
  Tile<8> T;
  for (int I = 0; I < 8; ++I)
    T.V[I] = IO[I];
  step(T);
  IO[0] = T.V[0];
}
