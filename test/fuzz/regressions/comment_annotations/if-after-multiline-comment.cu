#include <ptx_inject.h>
#if 1 /*
*/ /* PTX_INJECT f
 in x */
#endif
