//===- PtxasBackend.cpp - PTX to cubin through the ptxas command line -----===//
//
// The fallback that needs nothing but a ptxas executable. Each compile writes
// its PTX to a private temporary folder, runs ptxas with its messages sent to
// a log file, and reads back the cubin; calls from many threads use distinct
// file names, so they run in parallel.
//
//===----------------------------------------------------------------------===//
#include "Backends.h"
#include "ptxinject/backends/CudaTool.h"
#include "ptxinject/support/File.h"

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace ptxinject;
using namespace ptxinject::backends;

std::string detail::findPtxasExecutable(const std::string &Requested) {
  return findCudaTool("ptxas", Requested);
}

namespace {

class PtxasBackend final : public CubinBackend {
public:
  PtxasBackend(const CubinOptions &Options, std::string Ptxas, std::string Dir)
      : CubinBackend(Options), Ptxas(std::move(Ptxas)), Dir(std::move(Dir)) {
    for (bool Debug : {false, true})
      Args[Debug] = detail::checkedCompilerArguments(CubinBackendKind::Ptxas,
                                                     Options, Debug);
  }

  ~PtxasBackend() override { ::rmdir(Dir.c_str()); }

  CubinBackendKind kind() const override { return CubinBackendKind::Ptxas; }

protected:
  CompileStatus compileWithin(std::string_view Ptx, std::vector<char> &Cubin,
                              std::string &Log,
                              double TimeoutSeconds) const override {
    Cubin.clear();
    Log.clear();
    std::string Base = Dir + "/v" + std::to_string(Counter.fetch_add(1));
    std::string PtxPath = Base + ".ptx";
    std::string CubinPath = Base + ".cubin";
    std::string LogPath = Base + ".log";
    bool Ok = false, TimedOut = false, OutOfMemory = false;
    if (Error E = writeFileAtomically(PtxPath, Ptx)) {
      Log = "ptxas: " + PtxPath + ": " + E.Message +
            "; check free space in the temporary folder";
    } else {
      Ok = run(Args[isDebugPtx(Ptx)], PtxPath, CubinPath, LogPath,
               TimeoutSeconds, Log, TimedOut, OutOfMemory);
    }
    if (Ok) {
      Expected<std::string> Bytes = readFile(CubinPath);
      if (Bytes) {
        Cubin.assign(Bytes->begin(), Bytes->end());
      } else {
        Ok = false;
        Log = "ptxas: cannot read its output " + CubinPath;
      }
    }
    if (!Ok)
      Cubin.clear();
    ::unlink(PtxPath.c_str());
    ::unlink(CubinPath.c_str());
    ::unlink(LogPath.c_str());
    return Ok            ? CompileStatus::Ok
           : TimedOut    ? CompileStatus::TimedOut
           : OutOfMemory ? CompileStatus::OutOfMemory
                         : CompileStatus::Failed;
  }

public:
  // "ptxas 13.0.88 (PATH)", from `ptxas --version`'s "Cuda compilation
  // tools, release 13.0, V13.0.88" line, asked once: a process start is not
  // free. The path is part of it, as nvJitLink's is: two toolkits of one
  // version are two compilers to the cache.
  std::string version() const override {
    std::call_once(VersionOnce, [this] {
      ToolRun Run = runTool({Ptxas, "--version"}, Dir + "/version.log");
      ::unlink((Dir + "/version.log").c_str());
      std::string_view Text = Run.Ok ? std::string_view(Run.Log) : "";
      size_t At = Text.find(", V");
      std::string_view Release =
          At == std::string_view::npos ? "unknown" : Text.substr(At + 3);
      Release = Release.substr(0, Release.find_first_of(" \r\n"));
      Version = "ptxas " + std::string(Release) + " (" + Ptxas + ")";
    });
    return Version;
  }

private:
  bool run(const std::vector<std::string> &Flags, const std::string &PtxPath,
           const std::string &CubinPath, const std::string &LogPath,
           double TimeoutSeconds, std::string &Log, bool &TimedOut,
           bool &OutOfMemory) const {
    std::vector<std::string> Argv;
    Argv.push_back(Ptxas);
    Argv.insert(Argv.end(), Flags.begin(), Flags.end());
    Argv.push_back("-o");
    Argv.push_back(CubinPath);
    Argv.push_back(PtxPath);
    ToolLimits Limits;
    Limits.TimeoutSeconds = TimeoutSeconds;
    Limits.MemoryBytes = Options.MemoryLimitBytes;
    ToolRun Run = runTool(Argv, LogPath, Limits);
    Log = std::move(Run.Log);
    TimedOut = Run.TimedOut;
    OutOfMemory = Run.OutOfMemory;
    return Run.Ok;
  }

  std::string Ptxas;
  std::string Dir;
  // Indexed by isDebugPtx: debug PTX takes -g instead of -O.
  std::vector<std::string> Args[2];
  mutable std::atomic<unsigned long> Counter{0};
  mutable std::once_flag VersionOnce;
  mutable std::string Version;
};

} // namespace

detail::BackendOrError detail::createPtxasBackend(const CubinOptions &Options) {
  std::string Ptxas = detail::findPtxasExecutable(Options.PtxasPath);
  if (Ptxas.empty())
    return Error::make(
        ErrorCode::InvalidArgument,
        Options.PtxasPath.empty()
            ? "ptxas not found in the CUDA toolkit ($CUDA_HOME, "
              "$CUDA_PATH, /usr/local/cuda), the nvidia-cuda-nvcc wheel "
              "or on PATH; pip install nvidia-cuda-nvcc (CUDA 13) or "
              "nvidia-cuda-nvcc-cu12 (CUDA 12), set CUDA_HOME to a toolkit, "
              "or pass its path"
            : "ptxas '" + Options.PtxasPath + "' is not an executable");
  std::string Root = Options.TempDir;
  if (Root.empty()) {
    const char *Tmp = std::getenv("TMPDIR");
    Root = Tmp && *Tmp ? Tmp : "/tmp";
  }
  std::string Template = Root + "/ptxinject-ptxas-XXXXXX";
  if (!::mkdtemp(Template.data()))
    return Error::make(ErrorCode::FileError,
                       "cannot create a temporary folder under " + Root + ": " +
                           std::strerror(errno) +
                           "; set TMPDIR to a writable folder");
  return std::unique_ptr<CubinBackend>(std::make_unique<PtxasBackend>(
      Options, std::move(Ptxas), std::move(Template)));
}
