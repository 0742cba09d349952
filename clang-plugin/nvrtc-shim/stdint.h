/* The fixed-width integer types and time_t as NVRTC and CCCL's NVRTC path
 * define them (int64_t and time_t are long long, not the C library's long),
 * so that <cuda/std/cstdint> and <cuda/std/ctime> (reached from
 * <cuda/std/atomic>, <cuda/std/chrono>, <cuda/barrier>, <cuda/pipeline> and
 * <cooperative_groups.h>) declare them again without a conflict. The C
 * library's own definitions (glibc's bits/stdint-*.h and
 * bits/types/time_t.h, reached from stdlib.h) are marked as done. */
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
#define __time_t_defined 1
typedef long long time_t;
#endif
