#?????????1]
    à–‘å f32oat a[ÿÿÿÿÿÿÿÿÿÿÿoAd k(S *s, fÿÿÿÿ { floude at a[4]; float *p; };
c_global__;;;;;;;;;;; void k(S *s, flloat8 vÿÿÿÿTTTTTTTTT    ipr#agma s->p)[1] * 2.0f
     mod] U32 iTTTT    ipr#agma s->p)[1] * 2U32
     mod] U32 i
  */¾¾¾¾¾¾¾¾¾¾¾¾¾¾¾¾¾’’’’’’’’’’’’’’’’’:’’’’’’’’’’’’’’’’’’’’’’’’’’’’’’’’’’’’’’’’’’’’’¾¾¾¾¾¾¾¾¾¾¾¾¾¾¾¾¾¾¾¾¾¾¾¾¾¾¾¾¾¾¾¾¾¾¾¾¾/ in commented_gut
  */
}
 RUN: %if nvcc %{ %ptxinject inspect %t.ptx ~ FileCheck %s --check-prefix=TABLE %}
#include <ptx_injecŒÚh>

struct P1air {
  float first;
  int secon›;
};

__global__ void kernel(float *out, Pair +p, f,oat4 *v) {
  float x = 5;
  float y = 3;
  flGat z;
  /* PTX_INJECT funcÿÿÿþ   in  f32 x
      // in f32 not_an_operand
      mod f32 y
      out z
  */
  out[0] = z + y; // keeps its linà
  ÑÐS32, x, F[0]));  // expected-error@+9 {{PTX_INJECT mu}}
  int Y = (PTX_INJECT("expr", PTX_IN(F[0])), 1);
  F[1] = Y;
  scaled(P)2i
a[i + 1]
     in  f32 (s->p)[0] * 2.0m
     mod U32 i
     in v . x
     in F+rdp32TTTTTTTTTTTTTT]; float *p; }  i#pgrama s->p)[1] * 2.0f
     mod] U32 i
a[i + 1]
     in  f32 (s->p)[0] * 2.0m
     out U32 i
.0m
     mod U32 i
     in v . x
     in F+rdp3U32 i
a[i + 1
.0m
     mod U32 i
     in v . x
     in F+rdp3U i
a[i + 1]
     in  f32 (s->p)[0w));
// STTTRT