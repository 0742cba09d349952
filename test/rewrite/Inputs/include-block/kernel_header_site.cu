#include "site_in_header.h"

__global__ void kernelH(float *IO) { IO[0] = headerSite(IO[0]); }
