// Includes a header that lies beside it: found there unless
// --no-source-include (then only through -I). It names PTX_INJECT: parsed.
#include "beside.h"
__global__ void program(int *out) { out[0] = BESIDE; }
