#include <ptx_inject.h>
__global__ void k(float x) {
  /* PTX_INJECT */
  /* PTX_INJECT name trailing words
     in x */
  /* PTX_INJECT bad_kind
     inout x
     in
     mod f32
     out @ x
     in x` */
  /*PTX_INJECT tight
in x*/
  /* PTX_INJECTED not_a_site */
  // /* PTX_INJECT commented_site
  //    in x */
  /* PTX_INJECT unterminated
     in x
