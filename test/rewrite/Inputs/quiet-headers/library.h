// A site-free library header that warns when it is parsed and when its
// templates are instantiated.
#pragma once
struct [[deprecated("use new_t")]] old_t {};
typedef old_t library_alias;
template <class T> __device__ auto library_shift(T x) { return x << 40; }
template <class T> __device__ auto library_half(T x) {
  if (x > 0)
    return x / 2;
}
