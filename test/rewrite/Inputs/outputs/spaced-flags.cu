// Its site's type depends on an include path, a macro and the target arch,
// each given to the tool as an nvcc option with its value apart.
#include <ptx_inject.h>
#include <spaced_value.h>

__global__ void spaced(float *data) {
#if defined(WIDE) && __CUDA_ARCH__ >= 900
  SPACED_VALUE_TYPE x = data[0];
#else
  float x = data[0];
#endif
  PTX_INJECT("spaced", PTX_MOD(x));
  data[0] = x;
}
