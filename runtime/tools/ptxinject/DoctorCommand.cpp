//===- DoctorCommand.cpp - ptxinject doctor: what this machine has --------===//
//
// Prints Doctor.h's findings. Always exits 0: it reports, it does not
// judge; a missing piece is a "fix:" line under its finding.
//
//===----------------------------------------------------------------------===//
#include "CommandLine.h"
#include "Commands.h"

#include "ptxinject/doctor/Doctor.h"
#include "ptxinject/support/ExitCode.h"

#include <climits>
#include <cstdio>
#include <unistd.h>

using namespace ptxinject;
using namespace ptxinject::doctor;
using namespace ptxinject::tool;

namespace {

/// The folder of the running program, where ptxinject-rewrite is built or
/// installed beside it.
std::string programFolder() {
  char Path[PATH_MAX];
  ssize_t N = ::readlink("/proc/self/exe", Path, sizeof(Path) - 1);
  if (N <= 0)
    return "";
  std::string P(Path, size_t(N));
  return P.substr(0, P.rfind('/'));
}

} // namespace

int ptxinject::tool::runDoctor(int Argc, char **Argv) {
  CLI::App App("Says what this machine has for PTX Inject: the CUDA "
               "toolkit, each back end and where it comes from, NVRTC, the "
               "Clang front end, the caches, the GPU; and for each missing "
               "piece, the command that adds it.",
               "ptxinject doctor");
  App.set_help_flag("-h,--help", "print this help and exit");
  if (std::optional<int> Exit = parseCommandLine(App, "doctor", Argc, Argv))
    return *Exit;
  std::fputs(formatFindings(examineEnvironment(programFolder())).c_str(),
             stdout);
  return ExitOk;
}
