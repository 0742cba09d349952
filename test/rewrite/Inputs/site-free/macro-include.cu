// An include named by a macro cannot be followed without the preprocessor.
#define HEADER "helper.h"
#include HEADER
int pick(int a, unsigned b) { return max(a, b); }
