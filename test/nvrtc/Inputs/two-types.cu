// A kernel template whose site is typed differently per instantiation
// (f32 for float, f64 for double): the rewritten site picks its asm with
// 'if constexpr'.
#include <ptx_inject.h>
template <typename T> __global__ void scale(T *p) {
  T x = p[0], y;
  PTX_INJECT("scale", PTX_IN(x), PTX_OUT(y));
  p[1] = y;
}
