// A site-free library header whose templates warn when instantiated.
#pragma once
template <class T> __device__ auto library_shift(T x) { return x << 40; }
template <class T> __device__ auto library_half(T x) {
  if (x > 0)
    return x / 2;
}
