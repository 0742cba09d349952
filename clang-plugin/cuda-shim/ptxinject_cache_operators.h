// The cache-operator loads and stores of nvcc's sm_32_intrinsics.h (__ldcg,
// __ldca, __ldcs, __ldlu, __ldcv; __stwb, __stcg, __stcs, __stwt), which
// Clang 19's CUDA wrapper leaves out with the rest of that header. The
// rewriter pre-includes this after the wrapper, as nvcc's cuda_runtime.h
// reaches them; a rewrite generates no code, so declarations are enough.
// The types are the header's: the integer, floating-point and vector types
// the toolkit overloads them for (cuda_fp16.h and cuda_bf16.h add their own).
#ifndef PTXINJECT_CACHE_OPERATORS_H
#define PTXINJECT_CACHE_OPERATORS_H

#define PTXINJECT_CACHE_OPERATORS(T)                                           \
  __device__ T __ldcg(const T *);                                              \
  __device__ T __ldca(const T *);                                              \
  __device__ T __ldcs(const T *);                                              \
  __device__ T __ldlu(const T *);                                              \
  __device__ T __ldcv(const T *);                                              \
  __device__ void __stwb(T *, T);                                              \
  __device__ void __stcg(T *, T);                                              \
  __device__ void __stcs(T *, T);                                              \
  __device__ void __stwt(T *, T);

PTXINJECT_CACHE_OPERATORS(char)
PTXINJECT_CACHE_OPERATORS(signed char)
PTXINJECT_CACHE_OPERATORS(short)
PTXINJECT_CACHE_OPERATORS(int)
PTXINJECT_CACHE_OPERATORS(long)
PTXINJECT_CACHE_OPERATORS(long long)
PTXINJECT_CACHE_OPERATORS(unsigned char)
PTXINJECT_CACHE_OPERATORS(unsigned short)
PTXINJECT_CACHE_OPERATORS(unsigned int)
PTXINJECT_CACHE_OPERATORS(unsigned long)
PTXINJECT_CACHE_OPERATORS(unsigned long long)
PTXINJECT_CACHE_OPERATORS(float)
PTXINJECT_CACHE_OPERATORS(double)
PTXINJECT_CACHE_OPERATORS(char2)
PTXINJECT_CACHE_OPERATORS(char4)
PTXINJECT_CACHE_OPERATORS(short2)
PTXINJECT_CACHE_OPERATORS(short4)
PTXINJECT_CACHE_OPERATORS(int2)
PTXINJECT_CACHE_OPERATORS(int4)
PTXINJECT_CACHE_OPERATORS(longlong2)
PTXINJECT_CACHE_OPERATORS(uchar2)
PTXINJECT_CACHE_OPERATORS(uchar4)
PTXINJECT_CACHE_OPERATORS(ushort2)
PTXINJECT_CACHE_OPERATORS(ushort4)
PTXINJECT_CACHE_OPERATORS(uint2)
PTXINJECT_CACHE_OPERATORS(uint4)
PTXINJECT_CACHE_OPERATORS(ulonglong2)
PTXINJECT_CACHE_OPERATORS(float2)
PTXINJECT_CACHE_OPERATORS(float4)
PTXINJECT_CACHE_OPERATORS(double2)

#undef PTXINJECT_CACHE_OPERATORS

#endif // PTXINJECT_CACHE_OPERATORS_H
