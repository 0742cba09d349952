//===- Variants.h - The parts of ptxinject variants -------------*- C++ -*-===//
//
// `ptxinject variants` in pieces, one file each: its command line
// (VariantsOptions.cpp), the hand-over to a Ray cluster (VariantsRay.cpp),
// CUDA to PTX for a .cu kernel (KernelToPtx.cpp), the progress line
// (ProgressBar.cpp) and the run itself (VariantsCommand.cpp). Reading
// programs and writing the output folder are the library's
// (ptxinject/variants/VariantInputs.h, VariantOutputFolder.h).
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_TOOLS_VARIANTS_H
#define PTXINJECT_TOOLS_VARIANTS_H

#include "ptxinject/backends/CubinBackend.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace ptxinject {
namespace tool {

/// The command line of `ptxinject variants`.
struct VariantsArguments {
  std::string Kernel, OutDir, Stubs, Desc, Arch = "sm_80";
  std::string Nvcc, Rewriter, BackendName;
  std::vector<std::string> Programs; // FILE, or NAME=FILE per inject
  std::vector<std::string> Slots;
  std::vector<std::string> CompilerFlags; // after '--'
  size_t Random = 0, Length = 32, Pack = 1;
  unsigned long long Seed = 1;
  unsigned Jobs = 0;
  bool HaveRandom = false, KeepPtx = false, Progress = true, Live = false;
  bool PruneGlobals = false;
  bool Dedup = true, NoCache = false, PruneKernels = true;
  std::string CacheDir; // --cache; empty: the user's cache folder
  std::optional<std::uint64_t> CacheMaxSize; // --cache-max-size
  double Timeout = 0;                        // --timeout; 0: none
  std::optional<std::uint64_t> MemoryLimit;  // --memory-limit
  std::string Ray; // --ray ADDRESS: the work goes to a Ray cluster
  // Assembler options (AssemblerOptions.h): -O, --maxrregcount,
  // --fast-compile, --lineinfo, -Xptxas (repeatable); --options-sweep
  // compiles each program under each combination it lists; --resources
  // puts the compiler's resource report into the manifest.
  int OptLevel = 3, MaxRegisters = 0;
  std::string FastCompile, OptionsSweep;
  bool LineInfo = false, Resources = false;
  std::vector<std::string> Xptxas;
  // --link-stubs: the kernel compiled once with its sites as calls, each
  // variant's stubs linked to it (LinkedStubs.h).
  bool LinkStubs = false;
  backends::CubinBackendKind Backend = backends::defaultCubinBackend();
};

/// Parses the command line into A; returns -1 to go on, else the exit
/// code (help printed, or a usage error reported).
int parseVariantsArguments(int Argc, char **Argv, VariantsArguments &A);

/// --ray: the cluster driver lives in the Python package (Ray is a Python
/// library), so the command becomes its `ptxinject-distributed variants`,
/// with the options both read. Returns only on error.
int forwardToRay(const VariantsArguments &A);

/// CUDA input: rewrite the annotations (when the rewriter is available) and
/// compile to PTX, the intermediate files in A.OutDir. Returns ExitOk,
/// ExitUsage when a tool is missing, ExitFailed when one fails.
int cudaToPtx(const VariantsArguments &A, std::string &Ptx);

bool endsWith(const std::string &S, const char *Suffix);

/// "[=====     ] 120/1000 variants, 85.3/s, 10 s left, 3 failed"
std::string progressLine(size_t Done, size_t Total, double Seconds,
                         size_t Failed);

// Redraws a one-line progress display on stderr while the batch runs:
// count, rate, time left and failures so far.
class ProgressBar {
public:
  ProgressBar(std::atomic<size_t> &Done, std::atomic<size_t> &Failed,
              size_t Total)
      : Done(Done), Failed(Failed), Total(Total),
        Start(std::chrono::steady_clock::now()), Thread([this] { loop(); }) {}
  ~ProgressBar() {
    {
      std::lock_guard<std::mutex> L(M);
      Stop = true;
    }
    CV.notify_one();
    Thread.join();
    draw();
    std::fputc('\n', stderr);
  }

private:
  void loop() {
    std::unique_lock<std::mutex> L(M);
    while (!CV.wait_for(L, std::chrono::milliseconds(200),
                        [this] { return Stop; }))
      draw();
  }
  void draw() {
    size_t D = Done.load(std::memory_order_relaxed);
    double Seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
            .count();
    std::fprintf(
        stderr, "\r%s",
        progressLine(D, Total, Seconds, Failed.load(std::memory_order_relaxed))
            .c_str());
    std::fflush(stderr);
  }
  std::atomic<size_t> &Done, &Failed;
  size_t Total;
  std::chrono::steady_clock::time_point Start;
  std::mutex M;
  std::condition_variable CV;
  bool Stop = false;
  std::thread Thread;
};

} // namespace tool
} // namespace ptxinject

#endif
