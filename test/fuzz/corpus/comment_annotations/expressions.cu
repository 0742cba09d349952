#include <ptx_inject.h>
struct S { float a[4]; float *p; };
__global__ void k(S *s, float4 v, int i) {
  /* PTX_INJECT exprs
     in  s->a[i + 1]
     in  f32 (s->p)[0] * 2.0f
     mod U32 i
     in v . x
     in F32 "text" [0]
     in 'c'
     out s [ 0 ] . a [ 3 ]
     in x <<< y >>> z
     in a ? b : c
     in \
        continued
     // in commented_out
  */
}
