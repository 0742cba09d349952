// Shared by kernel.cu: a header next to the kernel, included with quotes, as
// a project's own kernels do. The search must still find it.
#pragma once

#define SEARCH_TILE 4

// Clamp used around the searched epilogue.
__device__ inline float clampUnit(float v) {
  return fminf(fmaxf(v, -1.0f), 1.0f);
}
