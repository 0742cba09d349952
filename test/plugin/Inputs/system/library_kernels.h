// Annotated device code of a library whose headers users include as system
// headers (-isystem).
#include <ptx_inject.h>

template <class T> __device__ T libraryStep(T X) {
  PTX_INJECT("library", PTX_MOD(X));
  return X;
}

__device__ inline float libraryInline(float X) {
  PTX_INJECT("library_inline", PTX_MOD(X));
  return X;
}
