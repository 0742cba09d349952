// No site here: host code nvcc accepts and Clang's device-side parse does
// not (max of an int and an unsigned, in a function and at file scope).
#include <cuda_runtime.h>
#include "helper.h"
#include <library.h>

__global__ void write(cudaSurfaceObject_t s) { surf2Dwrite(1.0f, s, 0, 0); }

int pick(int a, unsigned b) { return max(a, b); }

int picked = max(3, 4u);
