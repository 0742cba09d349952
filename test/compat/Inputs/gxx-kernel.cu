// Typed sites with the built-in, a reference-style custom and a bit-view
// type, and an operand group; no CUDA header beyond ptx_inject.h.
#include <ptx_inject.h>

#define PTX_TYPE_INFO_DOG PTX_TYPES_DESC(f32, f32, f, ID)
#define PTX_TYPE_INFO_BITS16 PTX_TYPES_DESC(b16, b16, h, U16)
#define WORDS(w) PTX_IN(U32, w0, w[0]), PTX_MOD(U32, w1, w[1])

struct Half {
  unsigned short raw;
};

__global__ void kernel(float *f, unsigned *w, Half *h) {
  float x = f[0], y = f[1], z;
  Half half = h[0];
  PTX_INJECT("mixed", PTX_IN(F32, x), PTX_OUT(DOG, result, z),
             PTX_MOD(BITS16, half), WORDS(w), PTX_MOD(F32, y));
  f[2] = z + y;
  h[1] = half;
}
