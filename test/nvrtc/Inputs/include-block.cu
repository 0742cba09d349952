#pragma once
// An NVRTC program read from a header of its library, as mm-kermac's are:
// `#pragma once` first, then its include block.
#include <cuda/std/tuple>
#include "pack-index-header.h"
#include <ptx_inject.h>

template <class T>
__global__ void second(const T *in, cuda::std::tuple_element_t<1, T> *out) {
  cuda::std::tuple_element_t<1, T> x = cuda::std::get<1>(in[0]);
  cuda::std::tuple_element_t<1, T> y;
  PTX_INJECT("scale", PTX_IN(x), PTX_OUT(y));
  out[0] = y;
}
