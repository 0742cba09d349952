// What a program sees under NVRTC, checked by the preprocessor and
// static_assert: NVRTC builds it, and so must the nvrtc mode of the rewriter.
#include <ptx_inject.h>

#if !defined(__CUDACC_RTC__) || !defined(__CUDACC__) || !defined(__CUDA_ARCH__)
#error "NVRTC defines __CUDACC_RTC__, __CUDACC__ and __CUDA_ARCH__"
#endif
#if __CUDA_ARCH__ != EXPECTED_ARCH || __CUDA_ARCH_LIST__ != EXPECTED_ARCH
#error "the architecture comes from -arch"
#endif
#if defined(__clang__) || defined(__GNUC__)
#error "NVRTC is neither Clang nor GCC"
#endif
#if __CUDACC_VER_MAJOR__ < 12
#error "__CUDACC_VER_MAJOR__ is the toolkit's"
#endif
#if __has_include(<cstdint>) || __has_include(<type_traits>)
#error "NVRTC has no host C++ library"
#endif
#if !defined(FROM_D) || FROM_DEFINE_MACRO != 2
#error "-D and --define-macro= define macros"
#endif
#if __cplusplus != EXPECTED_CPLUSPLUS
#error "the dialect comes from -std"
#endif

// Names the C library takes as macros are free here.
enum class Category { FP_NAN, FP_INFINITE, isnan };

// NVRTC declares std::move, std::forward and std::initializer_list itself,
// so a program may define the rest of namespace std as it likes.
namespace std {
template <class A, class B> struct is_same { static constexpr bool value = false; };
template <class A> struct is_same<A, A> { static constexpr bool value = true; };
} // namespace std

int sum(std::initializer_list<int> l) {
  int s = 0;
  for (int v : l)
    s += v;
  return s;
}

__global__ void world(int *out) {
  int x = std::move(out[0]);
  assert(x >= 0);
  static_assert(!std::is_same<int, long>::value, "");
  out[1] = sum({x, 1, 2});
  // CUDA's device functions, with isnan a function rather than the C macro.
  float f = __int_as_float(out[2]);
  out[3] = isnan(f) + max(x, 1) + __shfl_sync(0xffffffffu, x, 0);
  atomicAdd(out + 4, 1);
  printf("%d\n", make_int2(x, 1).y);
#ifndef WITHOUT_SITE // a site needs the front end
  PTX_INJECT("world", PTX_MOD(out[1]));
#endif
}
