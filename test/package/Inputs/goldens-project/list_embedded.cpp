// Parses the PTX linked into this program (EMBED kernel_ptx) and lists its
// injects: no PTX file is read.
#include "kernel_ptx.h"
#include "ptxinject/module/EmbeddedPtx.h"

#include <cstdio>
#include <cstring>

int main() {
  if (std::strlen(kernel_ptx) != kernel_ptx_size) {
    std::fprintf(stderr, "kernel_ptx_size %zu, but the text has %zu bytes\n",
                 kernel_ptx_size, std::strlen(kernel_ptx));
    return 1;
  }
  ptxinject::Expected<ptxinject::Module> M = PTXINJECT_PARSE_EMBEDDED(kernel_ptx);
  if (!M) {
    std::fprintf(stderr, "embedded PTX: %s\n", M.error().Message.c_str());
    return 1;
  }
  std::printf("embedded PTX: %zu bytes, %zu injects\n", kernel_ptx_size,
              M->numInjects());
  for (size_t I = 0; I < M->numInjects(); ++I)
    std::printf("inject %s: %zu operands\n", M->inject(I).Name.c_str(),
                M->inject(I).Operands.size());
  return 0;
}
