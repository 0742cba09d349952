// One operand typed by <value.h>, whose edits keep its size.
#include <value.h>
#include <ptx_inject.h>

__global__ void kernel(value_t *a) {
  value_t v = a[0];
  PTX_INJECT("g", PTX_MOD(v));
  a[0] = v;
}
