//===- KernelToPtx.cpp - ptxinject variants: a .cu kernel to PTX ----------===//
#include "CommandLine.h"
#include "ToolSupport.h"
#include "Variants.h"

#include "ptxinject/backends/CudaTool.h"
#include "ptxinject/support/ExitCode.h"
#include "ptxinject/support/File.h"

#include <cstdio>
#include <unistd.h>

using namespace ptxinject;
using namespace ptxinject::backends;
using namespace ptxinject::tool;

namespace {

std::string selfDirectory() {
  char Buf[4096];
  ssize_t N = ::readlink("/proc/self/exe", Buf, sizeof(Buf) - 1);
  if (N <= 0)
    return ".";
  std::string Path(Buf, static_cast<size_t>(N));
  size_t Slash = Path.rfind('/');
  return Slash == std::string::npos ? "." : Path.substr(0, Slash);
}

// A failed tool's messages, before the error that names the step.
void printToolLog(const ToolRun &Run) {
  if (!Run.Log.empty())
    std::fprintf(stderr, "%s\n", Run.Log.c_str());
}

std::string directoryOf(const std::string &Path) {
  size_t Slash = Path.rfind('/');
  if (Slash == std::string::npos)
    return ".";
  return Slash == 0 ? "/" : Path.substr(0, Slash);
}

} // namespace

// CUDA input: rewrite the annotations (when the rewriter is available) and
// compile to PTX. The intermediate files go to OutDir so a user can look.
// Both steps see the user's compiler flags, the target architecture (an
// arch-guarded site must be typed for the arch it is compiled for) and the
// kernel's own folder, which the rewritten copy in OutDir no longer sits in.
// Returns ExitOk, ExitUsage when a tool is missing, ExitFailed when one
// fails.
int ptxinject::tool::cudaToPtx(const VariantsArguments &A, std::string &Ptx) {
  // A kernel that cannot be read is a bad input, not a failed compile.
  std::string Source;
  if (!readWholeFileOrReport(A.Kernel, Source))
    return ExitUsage;
  std::string Dir = selfDirectory();
  std::string Rewriter =
      A.Rewriter.empty() ? Dir + "/ptxinject-rewrite" : A.Rewriter;
  Source = A.Kernel;
  std::string Base = A.OutDir + "/kernel";
  std::string SourceDir = "-I" + directoryOf(A.Kernel);
  if (isExecutable(Rewriter)) {
    std::string Rewritten = Base + ".rewritten.cu";
    std::vector<std::string> Argv = {
        Rewriter, A.Kernel, "-o", Rewritten, "--", "--cuda-gpu-arch=" + A.Arch};
    Argv.insert(Argv.end(), A.CompilerFlags.begin(), A.CompilerFlags.end());
    ToolRun Rewrite = runTool(Argv, Base + ".rewrite.log");
    if (!Rewrite.Ok) {
      printToolLog(Rewrite);
      reportError(A.Kernel,
                  "ptxinject-rewrite failed (messages above); fix what they "
                  "name: a missing header or flag goes after '--' "
                  "(-Idir, -DNAME, -std=c++17), an annotation in the source");
      return ExitFailed;
    }
    Source = Rewritten;
  } else if (!A.Rewriter.empty()) {
    reportError(A.Kernel, "rewriter '" + A.Rewriter + "' is not an executable");
    return ExitUsage;
  } else {
    std::fprintf(stderr,
                 "ptxinject variants: note: ptxinject-rewrite is not built; "
                 "compiling %s with nvcc as is (it must already hold marker "
                 "asm)\n",
                 A.Kernel.c_str());
  }
  std::string Nvcc = findCudaTool("nvcc", A.Nvcc);
  if (Nvcc.empty()) { // findCudaTool returns only executables
    reportError(A.Kernel, "nvcc not found; install the CUDA toolkit, pass "
                          "--nvcc PATH, or give a .ptx file");
    return ExitUsage;
  }
  std::string PtxPath = Base + ".ptx";
  std::vector<std::string> Argv = {Nvcc, "-ptx", "-arch=" + A.Arch};
  Argv.push_back(SourceDir);
  Argv.push_back("-I" + Dir + "/../include");
  Argv.insert(Argv.end(), A.CompilerFlags.begin(), A.CompilerFlags.end());
  Argv.push_back(Source);
  Argv.push_back("-o");
  Argv.push_back(PtxPath);
  ToolRun Compile = runTool(Argv, Base + ".nvcc.log");
  if (!Compile.Ok) {
    printToolLog(Compile);
    reportError(Source, "nvcc -ptx failed (messages above); compiler flags "
                        "go after '--'");
    return ExitFailed;
  }
  return readWholeFileOrReport(PtxPath, Ptx) ? ExitOk : ExitFailed;
}
