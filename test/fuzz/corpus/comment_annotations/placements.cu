#include <ptx_inject.h>
template <class T> __device__ T twice(T v) {
  T r;
  /* PTX_INJECT tmpl
     in v
     out r */
  return r;
}
struct Acc {
  float s;
  __device__ void add(float v) {
    /* PTX_INJECT member
       in f32 v
       mod f32 s */
  }
};
__global__ void k(float *p, int n) {
  float x = p[0];
  if (n) /* PTX_INJECT branch
            mod x */
  else
    x = 1;
  auto f = [&](float y) { /* PTX_INJECT lambda
                                in y
                                mod x */ };
  f(twice(x));
  int a = /* PTX_INJECT mid_declaration
             in x */ 3;
  p[0] = x + a;
}
/* PTX_INJECT file_scope
   in p */
