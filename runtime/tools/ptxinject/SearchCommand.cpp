//===- SearchCommand.cpp - ptxinject search: the Python search's CLI ------===//
//
// The search loop lives in the Python package (ptxinject.search: NumPy
// targets, the archive, the strategies), so `ptxinject search ARGS` runs its
// `ptxinject-search ARGS`, as `ptxinject variants --ray` runs the cluster
// driver. docs/search.md has the options.
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

int ptxinject::tool::runSearch(int Argc, char **Argv) {
  std::vector<char *> Args;
  std::string Program = "ptxinject-search";
  Args.push_back(Program.data());
  for (int I = 1; I < Argc; ++I)
    Args.push_back(Argv[I]);
  Args.push_back(nullptr);
  ::execvp(Args[0], Args.data());
  reportUsageError("search", std::string("cannot run ptxinject-search (") +
                                 std::strerror(errno) +
                                 "): the search needs the Python package "
                                 "on PATH: pip install . (docs/search.md)");
  return ExitUsage;
}
