// A header whose types decide a site's operand types. Its function bodies
// hold no site, so a rewrite need not parse them (except twice's, whose
// return type is deduced from its body).
#pragma once

template <int N> struct Tile {
  using Elem = float;
  Elem V[N];
  __device__ Elem sum() const {
    Elem S = 0;
    for (int I = 0; I < N; ++I)
      S += V[I];
    return S;
  }
};

__device__ inline float tileScale(float X) { return 2.0f * X; }

template <class T> __device__ auto twice(T X) { return X + X; }
