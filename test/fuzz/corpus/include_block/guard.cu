#ifndef K
#define K
#include <a.h>
int x;
#endif
