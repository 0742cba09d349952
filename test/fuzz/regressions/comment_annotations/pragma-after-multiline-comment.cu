#include <ptx_inject.h>
#pragma /*
*/ /* PTX_INJECT f
 in x */
