//===- PythonCommands.cpp - Commands the Python package implements --------===//
//
// The search loop (ptxinject.search: NumPy targets, the archive, the
// strategies) and the GPU runner (ptxinject.gpu, on cuda.core) live in the
// Python package, so `ptxinject search ARGS` runs its `ptxinject-search
// ARGS` and `ptxinject run ARGS` its `ptxinject-run ARGS`, as `ptxinject
// variants --ray` runs the cluster driver. docs/search.md and docs/gpu.md
// have the options. The project's own package (build/pyvenv, made by
// utils/build-pyvenv) is found before one on PATH, so the tools of a build
// tree run its search without an activated venv.
//
//===----------------------------------------------------------------------===//
#include "Commands.h"
#include "ToolSupport.h"

#include "ptxinject/support/ExitCode.h"

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <sys/stat.h>
#include <unistd.h>

using namespace ptxinject;
using namespace ptxinject::tool;

namespace {
/// The folder of this executable, or empty when it cannot be told.
std::string executableFolder() {
  char Path[PATH_MAX];
  ssize_t N = ::readlink("/proc/self/exe", Path, sizeof(Path) - 1);
  if (N <= 0)
    return {};
  std::string Exe(Path, size_t(N));
  size_t Slash = Exe.rfind('/');
  return Slash == std::string::npos ? std::string() : Exe.substr(0, Slash);
}

bool isExecutable(const std::string &Path) {
  struct stat St;
  return ::stat(Path.c_str(), &St) == 0 && S_ISREG(St.st_mode) &&
         ::access(Path.c_str(), X_OK) == 0;
}

/// The project's own venv: $PTXINJECT_VENV (as utils/build-pyvenv takes
/// it), else build/pyvenv beside the build tree this tool is in
/// (build/release/bin/../../pyvenv). Program's path there, or empty.
std::string ownPackageScript(const std::string &Program) {
  std::vector<std::string> Venvs;
  if (const char *Env = std::getenv("PTXINJECT_VENV"); Env && *Env)
    Venvs.push_back(Env);
  std::string Bin = executableFolder();
  if (!Bin.empty())
    Venvs.push_back(Bin + "/../../pyvenv");
  for (const std::string &Venv : Venvs)
    if (isExecutable(Venv + "/bin/" + Program))
      return Venv + "/bin/" + Program;
  return {};
}

/// Replaces this process with the Python package's script `Program`, given
/// the command's arguments; returns only when it cannot start.
int runPythonScript(const char *Command, const std::string &Program,
                    const char *Doc, int Argc, char **Argv) {
  std::vector<char *> Args;
  std::string Own = ownPackageScript(Program);
  std::string Name = Own.empty() ? Program : Own;
  Args.push_back(Name.data());
  for (int I = 1; I < Argc; ++I)
    Args.push_back(Argv[I]);
  Args.push_back(nullptr);
  if (Own.empty())
    ::execvp(Args[0], Args.data());
  else
    ::execv(Args[0], Args.data());
  reportUsageError(Command, "cannot run " + Name + " (" + std::strerror(errno) +
                                "): the " + Command +
                                " command needs the Python package: "
                                "utils/build-pyvenv makes build/pyvenv, found "
                                "beside the build tree, or pip install . puts "
                                "it on PATH (" +
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
