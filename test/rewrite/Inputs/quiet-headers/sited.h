// A header with a site of its own: its warnings are the input's.
#pragma once
#include <ptx_inject.h>
typedef old_t sited_alias;
__device__ inline int sited_twice(int x) {
  int y;
  PTX_INJECT("sited", PTX_IN(x), PTX_OUT(y));
  return y;
}
