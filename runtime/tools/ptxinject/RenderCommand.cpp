// Placeholder until the render command lands.
#include "Commands.h"
#include <cstdio>
int ptxinject::tool::runRender(int, char **) {
  std::fprintf(stderr, "ptxinject: error: 'render' is not built yet\n");
  return 2;
}
