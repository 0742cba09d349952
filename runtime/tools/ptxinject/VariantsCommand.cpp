// Placeholder until the variants command lands.
#include "Commands.h"
#include <cstdio>
int ptxinject::tool::runVariants(int, char **) {
  std::fprintf(stderr, "ptxinject: error: 'variants' is not built yet\n");
  return 2;
}
