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

/* The reference system's header version, 1.0.0, whose macros and C API this
 * header keeps (on both sides, as there), for code that tests it. */
#define PTX_INJECT_VERSION_MAJOR 1
#define PTX_INJECT_VERSION_MINOR 0
#define PTX_INJECT_VERSION_PATCH 0
#define PTX_INJECT_VERSION_STRING "1.0.0"
#define PTX_INJECT_VERSION                                                     \
  (PTX_INJECT_VERSION_MAJOR * 10000 + PTX_INJECT_VERSION_MINOR * 100 +         \
   PTX_INJECT_VERSION_PATCH)

#if defined(__CUDACC__) || defined(__CUDA__)
#include "ptx_inject_annotations.h"
#endif

#if !defined(__CUDACC_RTC__)
#include "ptx_inject_runtime.h"
#endif

#endif /* PTX_INJECT_H */

/* The reference's single-header build: host code that defines
 * PTX_INJECT_IMPLEMENTATION before this header got, from its implementation
 * section, these headers (and <assert.h> with PTX_INJECT_DEBUG), and goes on
 * to use bool, strlen, printf or malloc. The implementation itself is in the
 * library; the includes stay, once, as the reference's section is once. */
#if defined(PTX_INJECT_IMPLEMENTATION) &&                                      \
    !defined(PTX_INJECT_IMPLEMENTATION_ONCE) && !defined(__CUDACC_RTC__)
#define PTX_INJECT_IMPLEMENTATION_ONCE
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef PTX_INJECT_DEBUG
#include <assert.h>
#endif
#endif
