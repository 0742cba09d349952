/* The C library's math.h, after the integer types as NVRTC has them. */
#include <stdint.h>
#include_next <math.h>
