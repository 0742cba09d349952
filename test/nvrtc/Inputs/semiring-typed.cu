// semiring.cu with every operand typed: the route that needs no type
// inference. Its inject table must equal the one of semiring.cu, whose
// operands the front end types.
#include <cuda/std/cstdint>
#include <cuda_fp16.h>
#include <ptx_inject.h>

namespace std {
template <class A, class B> struct is_same {
  static constexpr bool value = false;
};
template <class A> struct is_same<A, A> {
  static constexpr bool value = true;
};
template <class A, class B> inline constexpr bool is_same_v = is_same<A, B>::value;
} // namespace std

enum class Reduce { Add, Max };

// No execution space: a device function under -default-device.
float combine(float acc, float x, float y) {
  PTX_INJECT("combine", PTX_IN(F32, x), PTX_IN(F32, y), PTX_MOD(F32, acc));
  return acc;
}

template <class T, Reduce R>
__global__ void semiring(const T *a, const T *b, T *c, uint32_t n,
                         const __half *scale) {
  static_assert(std::is_same_v<T, float>, "this kernel is for float");
  uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  T acc = c[i];
  T hyper = a[0];
  __half s = scale[i];
  uint64_t index = i;
  PTX_INJECT("epilogue", PTX_IN(F32, hyper), PTX_IN(F16, s), PTX_IN(U64, index),
             PTX_MOD(F32, acc));
  c[i] = combine(acc, a[i], b[i]);
}
