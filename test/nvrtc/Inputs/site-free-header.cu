#include "site-free-header.h"
#include <ptx_inject.h>

template <class T> __global__ void twice(T *x) {
  T y = library_template(x[0]);
  T z;
  PTX_INJECT("twice", PTX_IN(y), PTX_OUT(z));
  x[0] = z;
}
