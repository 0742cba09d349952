// Placeholder until the inspect command lands.
#include "Commands.h"
#include <cstdio>
int ptxinject::tool::runInspect(int, char **) {
  std::fprintf(stderr, "ptxinject: error: 'inspect' is not built yet\n");
  return 2;
}
