__global__ void k(float x) {
  /* PTX_INJECT no_header
     in f32 x */
}
#include <ptx_inject.h>
#undef PTX_INJECT
__global__ void j(float x) {
  /* PTX_INJECT undefined_again
     in x */
}
