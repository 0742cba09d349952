// Each operand's type comes from a header found by another kind of look-up:
// the include path (<shadow.h>), the input's folder first ("near.h"), and a
// __has_include probe (<probe.h>, absent at first).
#include <shadow.h>
#include "near.h"
#if __has_include(<probe.h>)
#include <probe.h>
#else
#define PROBED_T float
#endif
#include <ptx_inject.h>

__global__ void kernel(shadow_t *a, near_t *b, PROBED_T *c) {
  shadow_t x = a[0];
  near_t y = b[0];
  PROBED_T z = c[0];
  PTX_INJECT("f", PTX_MOD(x), PTX_MOD(y), PTX_MOD(z));
  a[0] = x;
  b[0] = y;
  c[0] = z;
}
