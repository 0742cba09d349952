#include <ptx_inject.h>
#define X /*
*/ /* PTX_INJECT f
 in x */
X
