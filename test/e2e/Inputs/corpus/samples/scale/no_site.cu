#include "scale_helper.h"
__global__ void scale(float *v) { v[threadIdx.x] = scaled(v[threadIdx.x]); }
