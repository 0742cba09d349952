// Compiles only against the headers of the CUDA whose version is given as
// WANT (CUDART_VERSION, e.g. 12090 for 12.9).
#include <ptx_inject.h>
#include <cuda_runtime_api.h>
#if CUDART_VERSION != WANT
#error "the rewrite read another toolkit's headers"
#endif
__global__ void kernel(float *out) {
  float x = out[0], z;
  PTX_INJECT("func", PTX_IN(x), PTX_OUT(z));
  out[1] = z;
}
