// Placeholder until the stack command lands.
#include "Commands.h"
#include <cstdio>
int ptxinject::tool::runStack(int, char **) {
  std::fprintf(stderr, "ptxinject: error: 'stack' is not built yet\n");
  return 2;
}
