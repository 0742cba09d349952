#include <ptx_inject.h>
#define Y(a) a
Y(
#define Z /*
*/ /* PTX_INJECT f
 in x */
)
