// comment
#include <cute/tensor.hpp>
#define TILE \
  128
#include <ptx_inject.h>

__global__ void k() {}
