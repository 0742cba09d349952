//===- PythonCommands.cpp - Commands the Python package implements --------===//
//
// The search loop (ptxinject.search: NumPy targets, the archive, the
// strategies) and the GPU runner (ptxinject.gpu, on cuda.core) live in the
// Python package, so `ptxinject search ARGS` runs its `ptxinject-search
// ARGS` and `ptxinject run ARGS` its `ptxinject-run ARGS`, as `ptxinject
// variants --ray` runs the cluster driver. docs/search.md and docs/gpu.md
// have the options.
//
//===----------------------------------------------------------------------===//
#include "Commands.h"
#include "ToolSupport.h"

#include "ptxinject/support/ExitCode.h"

#include <cerrno>
#include <cstring>
#include <string>
#include <vector>

#include <unistd.h>

using namespace ptxinject;
using namespace ptxinject::tool;

namespace {
/// Replaces this process with the Python package's script `Program`, given
/// the command's arguments; returns only when it cannot start.
int runPythonScript(const char *Command, const std::string &Program,
                    const char *Doc, int Argc, char **Argv) {
  std::vector<char *> Args;
  std::string Name = Program;
  Args.push_back(Name.data());
  for (int I = 1; I < Argc; ++I)
    Args.push_back(Argv[I]);
  Args.push_back(nullptr);
  ::execvp(Args[0], Args.data());
  reportUsageError(Command, "cannot run " + Program + " (" +
                                std::strerror(errno) + "): the " + Command +
                                " command needs the Python package on PATH: "
                                "pip install . (" +
                                Doc + ")");
  return ExitUsage;
}
} // namespace

int ptxinject::tool::runSearch(int Argc, char **Argv) {
  return runPythonScript("search", "ptxinject-search", "docs/search.md", Argc,
                         Argv);
}

int ptxinject::tool::runRun(int Argc, char **Argv) {
  return runPythonScript("run", "ptxinject-run", "docs/gpu.md", Argc, Argv);
}
