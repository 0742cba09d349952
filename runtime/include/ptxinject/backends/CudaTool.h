//===- CudaTool.h - Finding and running CUDA toolkit programs ---*- C++ -*-===//
//
// The ptxas back end, `ptxinject variants` and the benchmarks run toolkit
// programs (ptxas, nvcc, the rewriter) the same way: found on PATH or in the
// toolkit, started without a shell, their messages captured in a log file
// that is read back for the caller's error report.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_CUDATOOL_H
#define PTXINJECT_CUDATOOL_H

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ptxinject::backends {

/// A CUDA toolkit program (ptxas, nvcc) found the way the ptxas back end
/// finds ptxas: Requested when given (empty unless it is executable), else
/// the bin/ of the toolkit findCudaToolkit() names when the user names it
/// ($CUDA_HOME, $CUDA_PATH), else the nvidia-* wheels beside this code when
/// it is a Python package's (site-packages/nvidia/cu13/bin, then CUDA 12's
/// nvidia/cuda_nvcc/bin), else that toolkit found otherwise (the nvcc on
/// PATH, /usr/local/cuda: the front end's toolkit), else PATH, else each of
/// Fallbacks (folders); empty when there is none.
std::string findCudaTool(std::string_view Name,
                         const std::string &Requested = "",
                         const std::vector<std::string> &Fallbacks = {
                             "/usr/local/cuda/bin"});

/// A CUDA shared library as the ecosystem finds it: its stem ("nvJitLink",
/// "nvrtc"), the folder of its CUDA 12 pip wheel under site-packages/nvidia
/// ("nvjitlink", "cuda_nvrtc"; CUDA 13 wheels share nvidia/cu13), and the
/// variable that names its file outright (PTXINJECT_NVJITLINK).
struct CudaLibrary {
  std::string_view Stem;
  std::string_view Cu12Wheel;
  const char *PathVariable;
};

/// Where Lib is looked for, in order: $PathVariable (a file; when set, the
/// only place); the lib64/lib folders of $CUDA_HOME and $CUDA_PATH; the
/// nvidia-* wheels next to this library (site-packages/nvidia/cu13/lib,
/// then the CUDA 12 wheel's, when the project is a Python package);
/// $CONDA_PREFIX/lib; the toolkit findCudaToolkit() gives (the nvcc on
/// PATH, /usr/local/cuda); last, the names alone, for the system's loader
/// (LD_LIBRARY_PATH, ldconfig). In each folder lib<Stem>.so.13, then .so.12.
std::vector<std::string> cudaLibraryCandidates(const CudaLibrary &Lib);

/// How a program run by runTool ended.
struct ToolRun {
  /// It started and exited with status 0.
  bool Ok = false;
  /// What it wrote to standard output and error, without trailing newlines.
  /// When it could not start, or failed without a word, a sentence naming
  /// the program and saying why ("nvcc: killed by signal 9").
  std::string Log;
  /// It ran past ToolLimits::TimeoutSeconds and was killed.
  bool TimedOut = false;
  /// Under ToolLimits::MemoryBytes it died of a signal or could not start:
  /// most likely out of that bound.
  bool OutOfMemory = false;
};

/// Bounds on a program run by runTool; 0: none.
struct ToolLimits {
  /// Wall-clock seconds; past them the program is killed (SIGKILL).
  double TimeoutSeconds = 0;
  /// Its address space (RLIMIT_AS), set as it starts.
  std::uint64_t MemoryBytes = 0;
};

/// Runs Argv[0] (a path; no shell, no PATH search) with the arguments that
/// follow, its standard output and error both sent to LogPath (created or
/// truncated, left for the caller to keep or remove), and waits for it.
/// Safe to call from many threads with distinct log paths.
ToolRun runTool(const std::vector<std::string> &Argv,
                const std::string &LogPath, const ToolLimits &Limits = {});

} // namespace ptxinject::backends

#endif
