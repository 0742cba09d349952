//===- VariantsCommand.cpp - ptxinject variants: many programs to cubins --===//
//
// Takes an annotated kernel (PTX, or CUDA that is rewritten and compiled to
// PTX first), a set of programs (Stack PTX text, raw stubs or random), and
// writes one cubin per module with the batch variant compiler, then prints
// a summary of throughput and where the time went.
//
//===----------------------------------------------------------------------===//
#include "Commands.h"
#include "ToolSupport.h"
#include "Variants.h"

#include "ptxinject/backends/AssemblerOptions.h"
#include "ptxinject/backends/CubinBackend.h"
#include "ptxinject/backends/CudaTool.h"
#include "ptxinject/module/Module.h"
#include "ptxinject/module/PtxPrune.h"
#include "ptxinject/stackptx/Text.h"
#include "ptxinject/support/ExitCode.h"
#include "ptxinject/variants/LinkedStubs.h"
#include "ptxinject/variants/VariantCache.h"
#include "ptxinject/variants/VariantCompiler.h"
#include "ptxinject/variants/VariantInputs.h"
#include "ptxinject/variants/VariantOutputFolder.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <sys/stat.h>
#include <unistd.h>

using namespace ptxinject;
using namespace ptxinject::backends;
using namespace ptxinject::tool;
using namespace ptxinject::variants;

namespace {

// The summary on stdout: what was made, where the time went, where it is.
void printSummary(const VariantsArguments &A, const VariantReport &Report,
                  const CubinBackend &Backend, const PruneStats &Pruned,
                  const std::string &CacheDir,
                  const std::vector<std::string> &OptionTexts,
                  const std::string &KernelObject) {
  double Busy = Report.busySeconds() > 0 ? Report.busySeconds() : 1;
  double PerSecond =
      Report.WallSeconds > 0 ? Report.Variants / Report.WallSeconds : 0;
  std::printf("variants:            %zu\n", Report.Variants);
  std::printf("modules:             %zu (pack %zu)\n", Report.Modules, A.Pack);
  std::printf("failures:            %zu\n", Report.Failures.size());
  if (A.PruneGlobals)
    std::printf("pruned globals:      %zu (%zu bytes of the kernel's PTX)\n",
                Pruned.RemovedVariables, Pruned.RemovedBytes);
  std::printf("back end:            %s, %s\n", cubinBackendName(Backend.kind()),
              A.Arch.c_str());
  // Which toolkit's compiler made the cubins (and keys the cache).
  std::printf("compiler:            %s\n", Backend.version().c_str());
  // What the assembler was told: each combination of a sweep.
  for (const std::string &Options : OptionTexts)
    std::printf("assembler options:   %s\n", Options.c_str());
  // --link-stubs: what the kernel object cost this run, before the batch.
  if (!KernelObject.empty())
    std::printf("kernel object:       %s\n", KernelObject.c_str());
  std::printf("threads:             %u\n", Report.Threads);
  // Programs whose stubs compiled (a variant fails at its first bad stub,
  // once; duplicates share only cubin failures).
  size_t WithCode = Report.Variants;
  for (const VariantFailure &F : Report.Failures)
    WithCode -= F.Stage == VariantStage::Stub;
  std::printf("unique programs:     %zu (duplicate rate %.1f%%%s)\n",
              Report.UniquePrograms,
              WithCode ? 100.0 * (WithCode - Report.UniquePrograms) / WithCode
                       : 0.0,
              A.Dedup ? "" : ", --no-dedup: compiled anyway");
  if (CacheDir.empty())
    std::printf("cache:               off\n");
  else
    std::printf("cache hits:          %zu of %zu%s (%s)\n", Report.CacheHits,
                Report.UniquePrograms,
                Report.CacheRejected
                    ? (", " + std::to_string(Report.CacheRejected) +
                       " damaged entries compiled again")
                          .c_str()
                    : "",
                CacheDir.c_str());
  // Kernels of a partly filled module that held no program (KernelPrune.h).
  if (Report.PrunedKernels)
    std::printf("unfilled kernels:    %zu left out\n", Report.PrunedKernels);
  std::printf("wall time:           %.3f s\n", Report.WallSeconds);
  std::printf("variants/s:          %.1f\n", PerSecond);
  std::printf("variants/s/thread:   %.1f\n", PerSecond / Report.Threads);
  std::printf(
      "time shares:         stub compile %.2f%%, render %.2f%%, "
      "PTX->cubin %.2f%%, write %.2f%%\n",
      100 * Report.StubSeconds / Busy, 100 * Report.RenderSeconds / Busy,
      100 * Report.CubinSeconds / Busy, 100 * Report.SinkSeconds / Busy);
  // Only worth a line when it changes what a user should do.
  double WaitShare =
      Report.WallSeconds > 0
          ? Report.RunQueueWaitSeconds / (Report.WallSeconds * Report.Threads)
          : 0;
  if (WaitShare >= 0.10)
    std::printf("waiting for a core:  %.1f%% of worker time (a busy machine; "
                "fewer --jobs may do as well)\n",
                100 * WaitShare);
  std::printf("manifest:            %s/manifest.tsv\n", A.OutDir.c_str());
  if (A.HaveRandom)
    std::printf("programs:            %s/random.stack\n", A.OutDir.c_str());
  std::printf("output:              %s\n", A.OutDir.c_str());
}

// The programs: one source per inject a variant fills, from the files
// given or at random. False after reporting a file that cannot be read or
// does not have its format.
bool readInputs(const VariantsArguments &A, const stackptx::InstructionSet &Set,
                VariantInputs &In) {
  if (!A.Stubs.empty() || !A.Programs.empty()) {
    Error E = !A.Stubs.empty() ? readStubFile(A.Stubs, In)
                               : readProgramFiles(A.Programs, Set, In);
    if (E) {
      if (E.Code == ErrorCode::InvalidArgument)
        reportUsageError("variants", E.Message);
      else
        std::fprintf(stderr, "%s\n", E.format(A.Kernel).c_str());
      return false;
    }
    return true;
  }
  // Every selected inject gets its own random programs (pack 1), from
  // seeds Seed, Seed + 1, ... in --slot order.
  size_t Roles = A.Pack == 1 ? std::max<size_t>(1, A.Slots.size()) : 1;
  for (size_t R = 0; R < Roles; ++R) {
    auto S = std::make_unique<StackPtxSource>(Set);
    if (A.Live)
      S->addRandomLive(A.Random, A.Length, A.Seed + R);
    else
      S->addRandom(A.Random, A.Length, A.Seed + R);
    In.Stack.push_back(S.get());
    In.Sources.push_back(std::move(S));
    In.Origins.emplace_back();
  }
  return true;
}

// The back ends of a run: the one chosen, one per combination of an
// options sweep (none without), and with --link-stubs where the kernel's
// object came from.
struct RunBackends {
  std::unique_ptr<CubinBackend> Main;
  std::vector<std::unique_ptr<CubinBackend>> Swept;
  std::string KernelObject;

  // What compileVariantSweep runs: each combination, else the one.
  std::vector<const CubinBackend *> all() const {
    std::vector<const CubinBackend *> All;
    for (const auto &B : Swept)
      All.push_back(B.get());
    if (All.empty())
      All.push_back(Main.get());
    return All;
  }
};

// The assembler's options from the command line, and the back end they
// name (--backend, else the default), refused before any work.
int createBackend(const VariantsArguments &A, CubinOptions &CO,
                  RunBackends &B) {
  CO.Arch = A.Arch;
  CO.OptLevel = A.OptLevel;
  CO.MaxRegisters = A.MaxRegisters;
  CO.FastCompile = A.FastCompile;
  CO.LineInfo = A.LineInfo;
  CO.AssemblerFlags = A.Xptxas;
  CO.Verbose = A.Resources;
  if (A.MemoryLimit) {
    if (A.Backend != CubinBackendKind::Ptxas) {
      reportUsageError("variants",
                       "--memory-limit bounds ptxas processes (--backend "
                       "ptxas); nvPTXCompiler and nvJitLink run in this "
                       "process: bound it with ulimit -v");
      return ExitUsage;
    }
    CO.MemoryLimitBytes = *A.MemoryLimit;
  }
  Expected<std::unique_ptr<CubinBackend>> Made =
      createCubinBackend(A.Backend, CO);
  if (!Made) {
    reportUsageError("variants", Made.error().Message);
    return ExitUsage;
  }
  B.Main = Made.take();
  return ExitOk;
}

// Once the kernel's PTX is known: without --backend, the default or one
// that reads the PTX's ISA when the default's compiler is older (PTX from
// a newer nvcc); then one back end per combination of the options sweep,
// each refused before any work when its compiler does not take its
// options.
int chooseBackends(const VariantsArguments &A, const CubinOptions &CO,
                   const std::string &Ptx, RunBackends &B) {
  auto Create = [](CubinBackendKind Kind, const CubinOptions &O,
                   std::unique_ptr<CubinBackend> &Into) {
    Expected<std::unique_ptr<CubinBackend>> Made = createCubinBackend(Kind, O);
    if (!Made) {
      reportUsageError("variants", Made.error().Message);
      return false;
    }
    Into = Made.take();
    return true;
  };
  if (A.BackendName.empty()) {
    DefaultCubinBackend Chosen = chooseDefaultCubinBackend(Ptx, CO);
    if (!Chosen.Note.empty()) // newer than the driver that runs the cubins
      std::fprintf(stderr, "ptxinject variants: note: %s\n",
                   Chosen.Note.c_str());
    if (Chosen.Kind != B.Main->kind() && !Create(Chosen.Kind, CO, B.Main))
      return ExitUsage;
  }
  if (A.OptionsSweep.empty())
    return ExitOk;
  Expected<std::vector<CubinOptions>> Combos =
      parseOptionsSweep(A.OptionsSweep, CO);
  if (!Combos) {
    reportUsageError("variants", Combos.error().Message);
    return ExitUsage;
  }
  for (const CubinOptions &C : *Combos)
    if (!Create(B.Main->kind(), C, B.Swept.emplace_back()))
      return ExitUsage;
  return ExitOk;
}

// --link-stubs: each back end becomes the nvJitLink one linking the stubs
// to the kernel's object, which its own compiler makes and the cache keeps
// for the next run. False after reporting why not.
bool linkStubs(const VariantsArguments &A, const Module &Kernel,
               RunBackends &B) {
  std::string ObjectCache =
      A.NoCache ? std::string()
                : (A.CacheDir.empty() ? defaultVariantCacheDir() : A.CacheDir);
  auto Link = [&](std::unique_ptr<CubinBackend> &Backend) {
    KernelObjectSource Source;
    Expected<std::unique_ptr<CubinBackend>> Made =
        createLinkedStubsBackend(Kernel, *Backend, ObjectCache, &Source);
    if (!Made) {
      reportError(A.Kernel, Made.error());
      return false;
    }
    if (B.KernelObject.empty())
      B.KernelObject = describeKernelObject(Source);
    Backend = Made.take();
    return true;
  };
  if (!Link(B.Main))
    return false;
  for (std::unique_ptr<CubinBackend> &Backend : B.Swept)
    if (!Link(Backend))
      return false;
  return true;
}

// The batch's options from the command line and the programs read: the
// cache, and the injects the programs name (--slot must agree).
int variantOptions(const VariantsArguments &A, const VariantInputs &In,
                   VariantOptions &VO) {
  VO.Pack = A.Pack;
  VO.Jobs = A.Jobs;
  VO.KeepPtx = A.KeepPtx;
  VO.Slots = A.Slots;
  VO.Dedup = A.Dedup;
  VO.PruneUnfilledKernels = A.PruneKernels;
  VO.InjectsPerVariant = In.Sources.size();
  // The cache keeps cubins, not the compiler's reports.
  if (!A.NoCache && !A.Resources) {
    VO.CacheDir = A.CacheDir.empty() ? defaultVariantCacheDir() : A.CacheDir;
    VO.CacheMaxBytes = A.CacheMaxSize;
    if (VO.CacheDir.empty())
      std::fprintf(stderr,
                   "ptxinject variants: note: no cache (neither "
                   "XDG_CACHE_HOME nor HOME is set; use --cache DIR)\n");
  }
  VO.TimeoutSeconds = A.Timeout;
  if (!In.Injects.empty()) {
    // The programs name their injects; --slot, when given, must agree.
    if (!A.Slots.empty() && A.Slots != In.Injects) {
      std::string Named;
      for (const std::string &N : In.Injects)
        Named += (Named.empty() ? "" : ", ") + N;
      reportUsageError("variants", "the programs name injects " + Named +
                                       "; drop --slot or give the same list");
      return ExitUsage;
    }
    VO.Slots = In.Injects;
  } else if (In.Sources.size() == 1 && A.Pack == 1 && A.Slots.size() > 1) {
    reportUsageError("variants",
                     std::to_string(A.Slots.size()) +
                         " injects are selected but each program is for one; "
                         "write one line per variant as 'NAME: program ; "
                         "NAME: program', or pass --programs NAME=FILE per "
                         "inject");
    return ExitUsage;
  }
  if (In.Sources[0]->numPrograms() == 0) {
    reportError(!A.Stubs.empty()      ? A.Stubs
                : !A.Programs.empty() ? A.Programs[0]
                                      : A.Kernel,
                "no programs to compile");
    return ExitUsage;
  }
  return ExitOk;
}

// Each failed variant, tied to the program that caused it: its file, line
// and column, and under a sweep the options it was compiled with.
void reportFailures(const VariantsArguments &A, const VariantInputs &In,
                    const Module &Kernel, const std::vector<size_t> &Slots,
                    const std::vector<std::string> &OptionTexts,
                    const VariantReport &Report) {
  size_t Total = In.Sources[0]->numPrograms();
  bool Sweep = OptionTexts.size() > 1;
  for (const VariantFailure &F : Report.Failures) {
    std::string Where = A.Kernel;
    const std::vector<ProgramOrigin> &Origins = In.Origins[F.Role];
    bool Stub = F.Stage == VariantStage::Stub;
    if (F.Program % Total < Origins.size()) {
      const ProgramOrigin &O = Origins[F.Program % Total];
      // Stub errors point into the program's text, which starts at O.
      unsigned Line = O.Line + (Stub && F.Line ? F.Line - 1 : 0);
      unsigned Column = !Stub || !F.Column ? O.Column
                        : F.Line > 1       ? F.Column
                                           : O.Column + F.Column - 1;
      Where =
          O.File + ":" + std::to_string(Line) + ":" + std::to_string(Column);
    }
    std::string Msg = (Sweep ? "variant " : "program ") +
                      std::to_string(F.Program) + " (" +
                      variantStageName(F.Stage);
    if (Sweep)
      Msg += ", " + OptionTexts[F.Program / Total];
    if (Stub && In.Sources.size() > 1)
      Msg += ", inject '" + Kernel.inject(Slots[F.Role]).Name + "'";
    reportError(Where, Msg + "): " + F.Message);
  }
}

} // namespace

int ptxinject::tool::runVariants(int Argc, char **Argv) {
  VariantsArguments A;
  if (int Exit = parseVariantsArguments(Argc, Argv, A); Exit >= 0)
    return Exit;
  if (!A.Ray.empty())
    return forwardToRay(A);
  // The back end first: an architecture or back end it refuses is a
  // command-line mistake, found before any work.
  CubinOptions CO;
  RunBackends B;
  if (int Exit = createBackend(A, CO, B); Exit != ExitOk)
    return Exit;
  if (Error E = makeOutputFolder(A.OutDir)) {
    std::fprintf(stderr, "%s\n", E.format(A.OutDir).c_str());
    return ExitUsage;
  }

  // The kernel, parsed once.
  std::string Ptx;
  if (endsWith(A.Kernel, ".cu")) {
    if (int Exit = cudaToPtx(A, Ptx); Exit != ExitOk)
      return Exit;
  } else if (!readWholeFileOrReport(A.Kernel, Ptx)) {
    return ExitUsage;
  }
  if (int Exit = chooseBackends(A, CO, Ptx, B); Exit != ExitOk)
    return Exit;
  PruneStats Pruned;
  if (A.PruneGlobals)
    Ptx = pruneUnusedGlobals(Ptx, &Pruned);
  Expected<Module> Kernel = Module::parse(Ptx);
  if (!Kernel) {
    reportError(A.Kernel, Kernel.error());
    return ExitUsage;
  }
  if (A.LinkStubs && !linkStubs(A, *Kernel, B))
    return ExitUsage;

  // The programs: one source per inject a variant fills. A file that
  // cannot be read or does not have its format is a bad input.
  VariantInputs In;
  stackptx::InstructionSet Set = stackptx::InstructionSet::builtin();
  if (!A.Desc.empty() && !loadDescriptionOrReport(A.Desc, Set))
    return ExitUsage;
  if (!readInputs(A, Set, In))
    return ExitUsage;
  VariantOptions VO;
  if (int Exit = variantOptions(A, In, VO); Exit != ExitOk)
    return Exit;
  size_t Total = In.Sources[0]->numPrograms();

  // Under an options sweep, variant V is program V % Total under the
  // options of combination V / Total: the programs again for each.
  std::vector<const CubinBackend *> Backends = B.all();
  size_t Combos = Backends.size();

  std::atomic<size_t> Done{0}, FailedSoFar{0};
  VO.Progress = &Done;

  std::vector<ProgramSource *> Sources;
  for (auto &S : In.Sources)
    Sources.push_back(S.get());
  size_t G = Sources.size();
  Expected<std::vector<size_t>> Resolved = resolveSlots(*Kernel, VO);
  if (!Resolved) { // the slots and packing the kernel cannot take
    reportError(A.Kernel, Resolved.error());
    return ExitUsage;
  }
  std::vector<size_t> Slots = Resolved.take();
  ManifestSources MS;
  MS.Kernel = &*Kernel;
  MS.Ptx = Ptx;
  MS.Slots = Slots;
  MS.Pack = A.Pack;
  MS.Assembler = B.Main->version();
  describeInputs(In, A.Seed, MS);
  if (Combos > 1) {
    auto Source = MS.Source, Text = MS.Text;
    MS.Source = [Source, Total](size_t R, size_t V) {
      return Source(R, V % Total);
    };
    MS.Text = [Text, Total](size_t R, size_t V) { return Text(R, V % Total); };
  }
  std::vector<std::string> OptionTexts;
  for (const CubinBackend *B : Backends)
    OptionTexts.push_back(assemblerOptionsText(B->options()));
  MS.Options = [&OptionTexts, Total](size_t V) {
    return OptionTexts[V / Total];
  };
  std::map<size_t, std::vector<KernelResources>> Resources;
  std::mutex ResourcesLock;
  if (A.Resources)
    MS.ModuleResources = &Resources;
  ManifestRows Rows(MS);
  // The manifest grows a module at a time while the batch runs: a run that
  // is killed leaves the rows of every module it wrote.
  std::string ManifestPath = A.OutDir + "/manifest.tsv";
  if (!writeFileAtomicallyOrReport(ManifestPath, ManifestRows::header()))
    return ExitFailed;
  ManifestAppender Appender(ManifestPath);

  // The sink runs on the workers: each module writes its own files, then
  // its manifest rows (modules and variants numbered across the sweep).
  ModuleSink Sink = [&](const CompiledModule &M, std::string &Err) {
    FailedSoFar.fetch_add(M.Failed->size(), std::memory_order_relaxed);
    size_t Index = M.Index;
    if (Error E = writeModuleFiles(
            A.OutDir, Index, std::string_view(M.Cubin->data(), M.Cubin->size()),
            A.KeepPtx ? &M.Ptx : nullptr)) {
      Err = E.Message;
      return false;
    }
    if (A.Resources && !M.Cubin->empty()) {
      std::vector<KernelResources> K = parseKernelResources(M.Log);
      std::lock_guard<std::mutex> L(ResourcesLock);
      Resources[Index] = std::move(K);
    }
    std::string Text;
    for (size_t J = 0; J < M.NumPrograms; ++J) {
      size_t P = (*M.Programs)[J];
      ProgramPlace Place;
      Place.SameAs = P;
      Place.Module = Index;
      Place.Inject = Slots[J * G];
      Place.PackIndex = J;
      const VariantFailure *Failed = nullptr;
      for (size_t F = 0; F < M.NumFailures && !Failed; ++F)
        if (M.Failures[F].Program == P)
          Failed = &M.Failures[F];
      // An empty cubin fails every program of the module (each has its
      // failure above); this stays a failure should one lack it.
      static const VariantFailure CompileFailed{};
      if (!Failed && M.Cubin->empty())
        Failed = &CompileFailed;
      Text += Rows.rows(P, Place, Failed);
    }
    Appender.append(Text);
    return true;
  };

  VariantReport Report;
  Error E;
  {
    std::unique_ptr<ProgressBar> Bar;
    if (A.Progress && ::isatty(2))
      Bar = std::make_unique<ProgressBar>(Done, FailedSoFar, Total * Combos);
    E = compileVariantSweep(*Kernel, Backends, Sources, VO, Sink, Report);
  }
  if (E) { // the slots and packing the kernel cannot take
    reportError(A.Kernel, E);
    return ExitUsage;
  }

  reportFailures(A, In, *Kernel, Slots, OptionTexts, Report);

  if (!Report.CacheWarning.empty())
    std::fprintf(stderr,
                 "ptxinject variants: warning: cache: %s (the results "
                 "are complete; the next run compiles them again)\n",
                 Report.CacheWarning.c_str());
  Expected<std::map<std::string, std::string>> CachedNames =
      linkCachedCubins(Report.Places, A.OutDir);
  if (!CachedNames) {
    std::fprintf(stderr, "%s\n", CachedNames.error().format(A.OutDir).c_str());
    return ExitFailed;
  }
  MS.CachedNames = &*CachedNames;
  // The whole manifest, in program order, replaces the one that grew.
  if (!writeFileAtomicallyOrReport(ManifestPath, manifestTsv(MS, Report)))
    return ExitFailed;
  if (A.HaveRandom) {
    std::string Header =
        "# ptxinject variants --random " + std::to_string(A.Random) +
        " --length " + std::to_string(A.Length) + " --seed " +
        std::to_string(A.Seed) + (A.Live ? " --live" : "") +
        ": line N is program N; recompile with --programs "
        "this file" +
        (G == 1 && A.Pack == 1 ? " --slot " + Kernel->inject(Slots[0]).Name
         : A.Pack > 1          ? " --pack " + std::to_string(A.Pack)
                               : std::string()) +
        "\n";
    if (!writeFileAtomicallyOrReport(A.OutDir + "/random.stack",
                                     programsFile(MS, Total, Header)))
      return ExitFailed;
  }

  printSummary(A, Report, *B.Main, Pruned, VO.CacheDir, OptionTexts,
               B.KernelObject);
  return Report.Failures.empty() ? ExitOk : ExitFailed;
}
