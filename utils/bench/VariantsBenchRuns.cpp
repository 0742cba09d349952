//===- VariantsBenchRuns.cpp - ptxinject-variants-bench's measurements ---===//
//
// The timed loops of ptxinject-variants-bench and the rows each prints.
//
//===----------------------------------------------------------------------===//
#include "VariantsBenchRuns.h"

#include "BenchSupport.h"
#include "VariantsBenchKernels.h"

#include "ptxinject/backends/CubinBackend.h"

#include <algorithm>
#include <cstdio>
#include <memory>
#include <string>

#include <sys/wait.h>
#include <unistd.h>

namespace ptxinject {
namespace variantsbench {
namespace {

using namespace backends;
using namespace variants;
using bench::Clock;
using bench::cpuSeconds;
using bench::median;
using bench::secondsSince;
using bench::upperMedian;

// The scaling the machine allows: Copies independent processes, each
// compiling every program on one thread, at the same time. Cores that share
// a physical core, memory bandwidth or a hypervisor's time slice slow these
// down as much as threads of one process, so in-process scaling is judged
// against this ceiling. Returns programs per second over all copies, or 0
// when a copy failed.
double processCeiling(unsigned Copies, const Module &Kernel,
                      CubinBackend &Backend, ProgramSource &Programs,
                      const VariantOptions &OneThread) {
  std::fflush(stdout);
  Clock::time_point T = Clock::now();
  std::vector<pid_t> Children;
  for (unsigned I = 0; I < Copies; ++I) {
    pid_t Pid = fork();
    if (Pid == 0) {
      VariantReport R;
      Error E =
          compileVariants(Kernel, Backend, Programs, OneThread, nullptr, R);
      _exit(E || !R.Failures.empty() ? 1 : 0);
    }
    if (Pid < 0)
      break;
    Children.push_back(Pid);
  }
  bool Ok = Children.size() == Copies;
  for (pid_t Pid : Children) {
    int Status = 0;
    Ok &= waitpid(Pid, &Status, 0) == Pid && WIFEXITED(Status) &&
          WEXITSTATUS(Status) == 0;
  }
  double Wall = secondsSince(T);
  return Ok ? Copies * Programs.numPrograms() / Wall : 0;
}

} // namespace

void ReferenceRunner::run() {
  if (!C.referenceShape() || C.ReferenceBench.empty() || !C.FixedStub.empty())
    return;
  std::fflush(stdout);
  Runs.push_back(referenceshape::runReference(C.ReferenceBench, C.Modules,
                                              C.Kernels, C.Sites, C.Length,
                                              C.Seed, C.Arch));
  const referenceshape::ReferenceRun &Run = Runs.back();
  if (Run.Ok)
    std::printf("reference benchmark run %zu: %.1f programs/s/thread "
                "(nvPTXCompiler alone, %.0f ms for %zu programs)\n",
                Runs.size(), Run.ProgramsPerSecondPerThread, Run.WallMs,
                Run.Programs);
  else
    std::printf("reference benchmark run %zu failed: %s\n", Runs.size(),
                Run.Error.c_str());
}

bool runPtxPath(const Config &C, const Module &Kernel, CubinBackend &Backend,
                ProgramSource &Programs, ReferenceRunner &Reference,
                PtxPathResult &Result) {
  size_t Pack = C.pack();
  std::printf("\nPTX path (stub compile + render + PTX->cubin), pack %zu:\n",
              Pack);
  std::printf("  %-8s %9s %11s %15s %15s %9s %9s %9s %12s\n", "threads",
              "wall s", "us/program", "programs/s/thr", "cpu us/program",
              "stub %", "render %", "cubin %", "core wait %");
  double PerThread1 = 0, CpuPerProgram1 = 0;
  // The first thread count's run, for the comparison with the reference.
  // With the reference shape, the first thread count runs Rounds times,
  // each run after one of the reference's.
  size_t FirstCount = C.referenceShape() ? C.Rounds : 1;
  std::vector<unsigned> Schedule(FirstCount, C.Threads.front());
  Schedule.insert(Schedule.end(), C.Threads.begin() + 1, C.Threads.end());
  for (size_t Step = 0; Step < Schedule.size(); ++Step) {
    unsigned Threads = Schedule[Step];
    bool First = Step < FirstCount;
    if (First && Step > 0)
      Reference.run();
    VariantOptions VO;
    VO.Pack = Pack;
    VO.Jobs = Threads;
    VariantReport R;
    double Cpu = cpuSeconds();
    Error E = compileVariants(Kernel, Backend, Programs, VO, nullptr, R);
    Cpu = cpuSeconds() - Cpu;
    if (E) {
      std::fprintf(stderr, "ptxinject-variants-bench: error: %s\n",
                   E.Message.c_str());
      return false;
    }
    if (!R.Failures.empty())
      std::fprintf(stderr,
                   "ptxinject-variants-bench: %zu failures, first: %s\n",
                   R.Failures.size(), R.Failures[0].Message.c_str());
    double Busy = R.busySeconds();
    double UsPerProgram = R.WallSeconds * 1e6 / R.Variants;
    double PerThread = R.Variants / R.WallSeconds / R.Threads;
    std::printf("  %-8u %9.3f %11.1f %15.1f %15.1f %9.3f %9.3f %9.2f %12.1f\n",
                R.Threads, R.WallSeconds, UsPerProgram, PerThread,
                Cpu * 1e6 / R.Variants, 100 * R.StubSeconds / Busy,
                100 * R.RenderSeconds / Busy, 100 * R.CubinSeconds / Busy,
                100 * R.RunQueueWaitSeconds / (R.WallSeconds * R.Threads));
    if (First)
      Result.FirstRuns.push_back(R);
    if (Step == 0) {
      PerThread1 = PerThread;
      Result.CubinPerModule =
          (R.RenderSeconds + R.CubinSeconds + R.StubSeconds) / R.Modules;
      Result.CpuPerModule = Cpu / R.Modules;
      CpuPerProgram1 = Cpu / R.Variants;
    } else if (!First) {
      // Wall-clock scaling needs free cores; the CPU cost per program shows
      // whether the threads slow each other down (locks, shared caches).
      std::printf("  scaling %u->%u threads: %.2fx programs/s wall (linear: "
                  "%.2fx); %.2fx on CPU time (cpu per program %.2fx of the "
                  "%u-thread run)\n",
                  C.Threads.front(), Threads,
                  PerThread * R.Threads / (PerThread1 * C.Threads.front()),
                  double(Threads) / C.Threads.front(),
                  double(Threads) / C.Threads.front() * CpuPerProgram1 /
                      (Cpu / R.Variants),
                  (Cpu / R.Variants) / CpuPerProgram1, C.Threads.front());
      VariantOptions One = VO;
      One.Jobs = 1;
      double Ceiling = processCeiling(Threads, Kernel, Backend, Programs, One);
      if (Ceiling > 0)
        std::printf("  baseline, %u independent 1-thread processes: %.1f "
                    "programs/s (%.2fx one thread); %u threads in one process "
                    "reach %.1f%% of it\n",
                    Threads, Ceiling, Ceiling / PerThread1, Threads,
                    100 * PerThread * R.Threads / Ceiling);
      else
        std::printf("  baseline of %u processes failed\n", Threads);
    }
    if (Step == 0) {
      std::printf("  stub compile + render = %.3f%% of PTX->cubin time\n",
                  100 * (R.StubSeconds + R.RenderSeconds) / R.CubinSeconds);
    }
  }
  return true;
}

void runWithDedup(const Module &Kernel, const CubinBackend &Backend,
                  ProgramSource &Programs, VariantOptions Options,
                  size_t Rounds, const PlainRate &Without,
                  const std::vector<referenceshape::ReferenceRun> &Runs) {
  Options.Dedup = true;
  Options.CacheDir.clear(); // in memory: every run starts cold
  std::vector<double> Theirs;
  for (const referenceshape::ReferenceRun &Run : Runs)
    if (Run.Ok)
      Theirs.push_back(Run.ProgramsPerSecondPerThread);
  struct Row {
    VariantReport Last;
    std::vector<double> Rates, Cpus;
  } Rows[2];
  for (size_t Round = 0; Round < std::max<size_t>(1, Rounds); ++Round)
    for (int Keep = 0; Keep < 2; ++Keep) {
      Options.PruneUnfilledKernels = Keep == 0;
      VariantReport R;
      Error E = compileVariants(Kernel, Backend, Programs, Options, nullptr, R);
      if (E || !R.Variants) {
        std::printf("  dedup: failed: %s\n",
                    E ? E.Message.c_str() : "no programs");
        return;
      }
      Rows[Keep].Rates.push_back(R.Variants / R.WallSeconds / R.Threads);
      Rows[Keep].Cpus.push_back(R.WorkerCpuSeconds / R.Variants);
      Rows[Keep].Last = std::move(R);
    }
  for (int Keep = 0; Keep < 2; ++Keep) {
    const VariantReport &R = Rows[Keep].Last;
    double PerThread = median(Rows[Keep].Rates), Cpu = median(Rows[Keep].Cpus);
    std::printf("  dedup on%s: %zu distinct of %zu programs (duplicate rate "
                "%.1f%%) in %zu modules, %zu unfilled kernels left out: "
                "%.1f programs/s/thread%s = %.2fx without dedup (CPU per "
                "program %.0f us, %.2fx less)",
                Keep ? ", unfilled kernels compiled" : "", R.UniquePrograms,
                R.Variants, 100 * (1.0 - double(R.UniquePrograms) / R.Variants),
                R.Modules, R.PrunedKernels, PerThread,
                listed(Rows[Keep].Rates).c_str(), PerThread / Without.PerThread,
                Cpu * 1e6, Cpu > 0 ? Without.CpuPerProgram / Cpu : 0.0);
    if (!Theirs.empty())
      std::printf(", %.2fx the reference", PerThread / median(Theirs));
    std::printf("\n");
  }
  std::printf(
      "  leaving unfilled kernels out: %.2fx programs/s (medians of %zu)\n",
      median(Rows[0].Rates) / median(Rows[1].Rates), Rows[0].Rates.size());
}

bool runNvrtcPath(const Config &C, const ProgramSource &Programs,
                  const PtxPathResult &PtxPath) {
  size_t Pack = C.pack();
  size_t NvrtcModules = std::min(C.NvrtcModules, C.Modules);
  if (NvrtcModules == 0)
    return true;
  std::unique_ptr<ProgramScratch> Scratch = Programs.makeScratch();
  std::vector<std::string> Buffers(Pack);
  std::vector<std::string_view> Stubs(Pack);
  std::vector<double> Times, CpuTimes;
  std::string Cubin, Log;
  StubError Err;
  for (size_t M = 0; M < NvrtcModules; ++M) {
    for (size_t J = 0; J < Pack; ++J)
      if (!Programs.stub(M * Pack + J, Scratch.get(), Buffers[J], Stubs[J],
                         Err))
        Stubs[J] = std::string_view();
    std::string Source = kernelSource(C, &Stubs);
    if (M == 0 && !C.DumpCuda.empty())
      if (std::FILE *F = std::fopen(C.DumpCuda.c_str(), "wb")) {
        std::fwrite(Source.data(), 1, Source.size(), F);
        std::fclose(F);
      }
    Clock::time_point T = Clock::now();
    double Cpu = cpuSeconds();
    if (!nvrtcCompile(Source, C.Arch, C.cute(), true, Cubin, Log)) {
      std::fprintf(stderr,
                   "ptxinject-variants-bench: error: nvrtc variant: %s\n",
                   Log.c_str());
      return false;
    }
    Times.push_back(secondsSince(T));
    CpuTimes.push_back(cpuSeconds() - Cpu);
  }
  double PerModule = upperMedian(Times), CpuPerModule = upperMedian(CpuTimes);
  std::printf("\nCUDA path (nvrtc CUDA->cubin, same modules, 1 thread): "
              "%.1f ms/module = %.1f us/program (cpu %.1f ms/module)\n",
              PerModule * 1e3, PerModule * 1e6 / Pack, CpuPerModule * 1e3);
  std::printf("PTX path, 1 thread: %.2f ms/module = %.1f us/program "
              "(cpu %.2f ms/module)\n",
              PtxPath.CubinPerModule * 1e3, PtxPath.CubinPerModule * 1e6 / Pack,
              PtxPath.CpuPerModule * 1e3);
  std::printf("ratio nvrtc / PTX path per variant: %.1fx wall, %.1fx cpu\n",
              PerModule / PtxPath.CubinPerModule,
              CpuPerModule / PtxPath.CpuPerModule);
  return true;
}

void compareBackEnds(const Config &C, const Module &Kernel,
                     const ProgramSource &Programs) {
  size_t Pack = C.pack();
  StubError Err;
  std::string Log;
  CubinOptions CO;
  CO.Arch = C.Arch;
  std::printf("\nback ends on module 0 (median of %zu calls):\n", C.Repeats);
  std::unique_ptr<ProgramScratch> Scratch = Programs.makeScratch();
  std::vector<std::string> Buffers(Pack);
  std::vector<std::string_view> All(Kernel.numInjects());
  Expected<std::vector<size_t>> Slots = resolveSlots(Kernel, [&] {
    VariantOptions VO;
    VO.Pack = Pack;
    return VO;
  }());
  std::string_view View;
  for (size_t J = 0; J < Pack; ++J)
    if (Programs.stub(J, Scratch.get(), Buffers[J], View, Err))
      All[(*Slots)[J]] = View;
  std::string Rendered;
  bench::exitOnError(Kernel.render(All, Rendered), "ptxinject-variants-bench");
  if (!C.DumpPtx.empty()) {
    if (std::FILE *F = std::fopen(C.DumpPtx.c_str(), "wb")) {
      std::fwrite(Rendered.data(), 1, Rendered.size(), F);
      std::fclose(F);
    }
  }
  // The kernel itself, every site empty: what a module costs whatever its
  // programs, so what deduplication cannot save per distinct program.
  std::string NoProgram;
  bench::exitOnError(
      Kernel.render(std::vector<std::string_view>(Kernel.numInjects()),
                    NoProgram),
      "ptxinject-variants-bench");
  std::string Empty = ".version 8.0\n.target " + C.Arch +
                      "\n.address_size 64\n.visible .entry e() { ret; }\n";
  for (CubinBackendKind K :
       {CubinBackendKind::NvJitLink, CubinBackendKind::NvPtxCompiler,
        CubinBackendKind::Ptxas}) {
    if (!isCubinBackendBuilt(K))
      continue;
    CubinOptions V = CO;
    V.Verbose = true;
    Expected<std::unique_ptr<CubinBackend>> MadeB = createCubinBackend(K, V);
    Expected<std::unique_ptr<CubinBackend>> MadeQuiet =
        createCubinBackend(K, CO);
    if (!MadeB || !MadeQuiet)
      continue;
    std::unique_ptr<CubinBackend> B = MadeB.take();
    std::unique_ptr<CubinBackend> Quiet = MadeQuiet.take();
    std::vector<char> Cubin;
    std::vector<double> Module, Floor, ModuleCpu, Unfilled;
    Quiet->compile(Empty, Cubin, Log);
    for (size_t I = 0; I < C.Repeats; ++I) {
      Clock::time_point T = Clock::now();
      double Cpu = cpuSeconds();
      Quiet->compile(Rendered, Cubin, Log);
      Module.push_back(secondsSince(T));
      ModuleCpu.push_back(cpuSeconds() - Cpu);
      T = Clock::now();
      Quiet->compile(Empty, Cubin, Log);
      Floor.push_back(secondsSince(T));
      double Cpu0 = cpuSeconds();
      Quiet->compile(NoProgram, Cubin, Log);
      Unfilled.push_back(cpuSeconds() - Cpu0);
    }
    B->compile(Rendered, Cubin, Log);
    std::vector<KernelResources> Res = parseKernelResources(Log);
    std::printf("  %-14s module %7.2f ms (cpu %7.2f ms)  empty module %6.2f ms"
                "  kernel with no site filled: cpu %7.2f ms (%.0f%% of the "
                "module's)\n"
                "  %-14s ",
                cubinBackendName(K), upperMedian(Module) * 1e3,
                upperMedian(ModuleCpu) * 1e3, upperMedian(Floor) * 1e3,
                upperMedian(Unfilled) * 1e3,
                100 * upperMedian(Unfilled) / upperMedian(ModuleCpu), "");
    for (const KernelResources &R : Res)
      std::printf("%s: %d regs, spill %d/%d B, stack %d B;  ",
                  R.Function.c_str(), R.Registers, R.SpillStoreBytes,
                  R.SpillLoadBytes, R.StackFrameBytes);
    std::printf("\n");
  }
}

} // namespace variantsbench
} // namespace ptxinject
