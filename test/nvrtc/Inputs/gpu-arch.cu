// What a program sees of its GPU architecture, checked by the preprocessor:
// NVRTC (or nvcc) builds it, and so must the rewriter, also for the
// architectures newer than Clang knows (sm_100, sm_120...). EXPECTED_ARCH is
// __CUDA_ARCH__; EXPECTED_SPECIFIC and EXPECTED_FAMILY are the values of
// __CUDA_ARCH_SPECIFIC__ and __CUDA_ARCH_FAMILY_SPECIFIC__, 0 for undefined.
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cuda/std/tuple>
#ifdef WITH_CUTE
#include <cute/tensor.hpp>
#endif
#include <ptx_inject.h>

#if __CUDA_ARCH__ != EXPECTED_ARCH
#error "__CUDA_ARCH__ is the architecture asked for"
#endif
#if defined(__CUDA_ARCH_LIST__) && __CUDA_ARCH_LIST__ != EXPECTED_ARCH
#error "__CUDA_ARCH_LIST__ is the one architecture"
#endif
#if EXPECTED_SPECIFIC
#if !defined(__CUDA_ARCH_SPECIFIC__) || __CUDA_ARCH_SPECIFIC__ != EXPECTED_SPECIFIC
#error "an 'a' architecture defines __CUDA_ARCH_SPECIFIC__"
#endif
#elif defined(__CUDA_ARCH_SPECIFIC__)
#error "only an 'a' architecture defines __CUDA_ARCH_SPECIFIC__"
#endif
#if EXPECTED_FAMILY
#if !defined(__CUDA_ARCH_FAMILY_SPECIFIC__) || __CUDA_ARCH_FAMILY_SPECIFIC__ != EXPECTED_FAMILY
#error "an 'a' or 'f' architecture defines __CUDA_ARCH_FAMILY_SPECIFIC__"
#endif
#elif defined(__CUDA_ARCH_FAMILY_SPECIFIC__)
#error "only an 'a' or 'f' architecture defines __CUDA_ARCH_FAMILY_SPECIFIC__"
#endif
#if defined(EXPECTED_FEATURE) && EXPECTED_FEATURE != 1
#error "an 'a' architecture defines its __CUDA_ARCH_FEAT_SM<N>_ALL"
#endif
#if !defined(EXPECTED_FEATURE) && (defined(__CUDA_ARCH_FEAT_SM90_ALL) || defined(__CUDA_ARCH_FEAT_SM100_ALL) || defined(__CUDA_ARCH_FEAT_SM120_ALL))
#error "only an 'a' architecture defines __CUDA_ARCH_FEAT_SM<N>_ALL"
#endif

__global__ void arch(float *p, __half *h) {
  float x = p[0], y;
  __half hh = h[0];
  cuda::std::tuple<int, float> t(1, 2.0f);
  PTX_INJECT("arch", PTX_IN(F32, x), PTX_OUT(F32, y), PTX_MOD(F16, hh));
  p[1] = y + cuda::std::get<1>(t);
  h[1] = hh;
}
