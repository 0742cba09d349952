#include "version_macros.h"
__global__ void k(float *o) { o[0] = (float)sizeof(version_string); }
