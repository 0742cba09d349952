#include <ptx_inject.h>
#define SITE(v) \
  /* PTX_INJECT in_define
     in v */ \
  (void)0
__global__ void k(float v) { SITE(v); }
