#include "library.h"
#include "sited.h"

__global__ void kernel(int *p) { p[1] = sited_twice(p[0]); }
