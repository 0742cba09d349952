/*===- ptx_inject.h - PTX Inject: annotations and runtime C API ----------===*
 *
 * One header for both sides, as in the reference system:
 *  - compiled as CUDA (nvcc, nvrtc, clang -x cuda) it defines the PTX_INJECT
 *    annotation macros (ptx_inject_annotations.h);
 *  - compiled as host C or C++ it declares the runtime C API
 *    (ptx_inject_runtime.h), callable from C99.
 *
 *===----------------------------------------------------------------------===*/
#ifndef PTX_INJECT_H
#define PTX_INJECT_H

#if defined(__CUDACC__) || defined(__CUDA__)
#include "ptx_inject_annotations.h"
#endif

#if !defined(__CUDACC_RTC__)
#include "ptx_inject_runtime.h"
#endif

#endif /* PTX_INJECT_H */
