/* The C library's math.h, after the integer types as NVRTC has them. */
#include_next <math.h>
#include <stdint.h>
