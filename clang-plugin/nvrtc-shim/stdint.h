/* The fixed-width integer types as NVRTC and CCCL's NVRTC path define them
 * (int64_t is long long, not the C library's long), so that
 * <cuda/std/cstdint> declares them again without a conflict. The C library's
 * own definitions (glibc's bits/stdint-*.h, reached from stdlib.h) are
 * marked as done. */
#ifndef PTX_INJECT_NVRTC_STDINT_H
#define PTX_INJECT_NVRTC_STDINT_H
#define _STDINT_H 1
#define _BITS_STDINT_INTN_H 1
#define _BITS_STDINT_UINTN_H 1
typedef signed char int8_t;
typedef short int16_t;
typedef int int32_t;
typedef long long int64_t;
typedef unsigned char uint8_t;
typedef unsigned short uint16_t;
typedef unsigned int uint32_t;
typedef unsigned long long uint64_t;
#endif
