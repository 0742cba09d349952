#include "version_macros.h"
int main(void) { return version_string[0] == 0x31 ? 0 : 1; }
