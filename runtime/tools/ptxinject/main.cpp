//===- main.cpp - The ptxinject command-line tool -------------------------===//
//
// Runtime-side tool (no LLVM): inspect and render annotated PTX, compile Stack
// PTX programs to stubs, and compile batches of kernel variants to cubins.
//
//===----------------------------------------------------------------------===//
#include "Commands.h"

#include "ptxinject/backends/CubinBackend.h"

#include "ptxinject/support/ExitCode.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

using namespace ptxinject;
using namespace ptxinject::backends;
using namespace ptxinject::tool;

namespace {
struct Command {
  const char *Name;
  int (*Run)(int, char **);
  const char *Summary;
};

const Command Commands[] = {
    {"inspect", runInspect, "print the inject table of annotated PTX"},
    {"render", runRender, "insert PTX stubs at the inject sites"},
    {"stack", runStack, "compile a Stack PTX program to a PTX stub"},
    {"variants", runVariants, "compile many kernel variants to cubins"},
    {"cache", runCache, "show, trim or clear the compiled-variant cache"},
    {"doctor", runDoctor,
     "say what this machine has: toolkit, back ends, caches, GPU"},
    {"search", runSearch,
     "evolve Stack PTX programs against a target (Python package)"},
    {"run", runRun,
     "run a variants folder on a GPU, check and time it (Python package)"},
};

void printUsage(FILE *Out) {
  std::fprintf(Out, "usage: ptxinject <command> [options]\n\ncommands:\n");
  for (const Command &C : Commands)
    std::fprintf(Out, "  %-10s %s\n", C.Name, C.Summary);
  std::fprintf(Out,
               "\nRun 'ptxinject <command> --help' for a command's options.\n");
}
} // namespace

int main(int Argc, char **Argv) {
  if (Argc < 2) {
    std::fprintf(stderr, "ptxinject: error: no command given; see "
                         "'ptxinject --help'\n");
    return ExitUsage;
  }
  if (!std::strcmp(Argv[1], "--help") || !std::strcmp(Argv[1], "-h")) {
    printUsage(stdout);
    return ExitOk;
  }
  if (!std::strcmp(Argv[1], "--version")) {
    std::printf("ptxinject " PTXINJECT_VERSION "\n");
    return ExitOk;
  }
  for (const Command &C : Commands)
    if (!std::strcmp(Argv[1], C.Name)) {
      int Status = C.Run(Argc - 1, Argv + 1);
      // A library compile abandoned at its deadline (--timeout) still runs:
      // the library's static destructors must not run under it, so leave
      // without them, the output written first.
      std::fflush(stdout);
      std::fflush(stderr);
      if (backgroundCompiles())
        std::_Exit(Status);
      return Status;
    }
  std::fprintf(stderr,
               "ptxinject: error: unknown command '%s'; see 'ptxinject "
               "--help'\n",
               Argv[1]);
  return ExitUsage;
}
