#include "library.h"
#include <ptx_inject.h>

// The same warnings in the input's own code.
typedef old_t kernel_alias;
template <class T> __device__ auto local_shift(T x) { return x << 41; }
template <class T> __device__ auto local_half(T x) {
  if (x > 0)
    return x / 2;
}

__global__ void kernel(int *p) {
  int x = library_shift(p[0]) + library_half(p[1]) + local_shift(p[2]) +
          local_half(p[3]);
  int y;
  PTX_INJECT("quiet", PTX_IN(x), PTX_OUT(y));
  p[4] = y;
}
