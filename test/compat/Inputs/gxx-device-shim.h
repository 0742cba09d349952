// Just enough of CUDA for a host C++ compiler to read device code as if it
// were the device pass: the execution-space keywords, and the macros that
// select the device side of ptx_inject.h.
#define __CUDACC__ 1
#define __CUDA_ARCH__ 800
#define __host__
#define __device__
#define __global__
#define __forceinline__ inline
