#include "needs_pre.h"
#include <ptx_inject.h>

__global__ void scale(Elem *x) {
  Elem y = x[0] * kScale;
  Elem z;
  PTX_INJECT("f", PTX_IN(y), PTX_OUT(z));
  x[0] = z;
}
