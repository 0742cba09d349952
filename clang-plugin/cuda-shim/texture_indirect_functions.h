// Intentionally empty: Clang 19 includes this header from its CUDA wrapper, but
// CUDA 13 no longer ships it. Put this folder on the include path for Clang.
