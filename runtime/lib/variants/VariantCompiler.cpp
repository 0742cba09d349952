//===- VariantCompiler.cpp - Many kernel variants to cubins, on every core ===//
//
// The entry points: prepare the sources for their injects, screen the
// programs (stub failures, duplicates, cache hits), compile the rest on the
// workers (VariantBatch.h) and give duplicates their first program's result.
//
//===----------------------------------------------------------------------===//
#include "ptxinject/variants/VariantCompiler.h"

#include "VariantBatch.h"
#include "VariantWorkers.h"

#include "ptxinject/variants/ProgramDedup.h"
#include "ptxinject/variants/VariantCache.h"

#include <algorithm>
#include <chrono>
#include <optional>
#include <thread>

using namespace ptxinject;
using namespace ptxinject::variants;

Error ptxinject::variants::compileVariants(const Module &Kernel,
                                           const CubinBackend &Backend,
                                           ProgramSource &Programs,
                                           const VariantOptions &Options,
                                           const ModuleSink &Sink,
                                           VariantReport &Report) {
  std::vector<ProgramSource *> Sources{&Programs};
  return compileVariants(Kernel, Backend, Sources, Options, Sink, Report);
}

namespace {
// Step 2 of a screened batch: the cache answers for the distinct programs it
// holds (their places point into it); the rest go to Todo, each with its
// weight (itself and its duplicates) for the progress count. Programs that
// are settled now (stub failures, cache hits and their duplicates) are
// counted as done.
void screen(const Module &Kernel, const CubinBackend &Backend,
            const VariantOptions &Options, const std::vector<Hash128> &Codes,
            const ProgramGroups &Groups, VariantReport &Report,
            std::unique_ptr<VariantCache> &Cache, std::vector<Hash128> &Keys,
            std::vector<size_t> &Todo, std::vector<size_t> &TodoWeight) {
  size_t N = Codes.size();
  if (!Options.CacheDir.empty()) {
    Cache =
        std::make_unique<VariantCache>(Options.CacheDir, Options.CacheMaxBytes);
    Report.CachePins = {Cache->pins()};
    Keys.resize(N);
    Hash128 Context = variantCacheContext(Kernel.source(), Backend);
    for (size_t P : Groups.Unique)
      Keys[P] = VariantCache::key(Context, Codes[P]);
  }
  std::vector<size_t> Weight(N, 0);
  for (size_t P = 0; P < N; ++P)
    ++Weight[Groups.SameAs[P]];
  Todo.reserve(Groups.Unique.size());
  TodoWeight.reserve(Groups.Unique.size());
  size_t Settled = N - Groups.Unique.size(); // stub failures, duplicates
  for (size_t P : Groups.Unique) {
    VariantCache::Hit Hit;
    VariantCache::Found F =
        Cache ? Cache->lookup(Keys[P], Hit) : VariantCache::Found::Miss;
    std::optional<size_t> Inject;
    if (F == VariantCache::Found::Hit) {
      // The key holds the kernel's PTX, so the inject is there; an entry
      // naming another is damaged.
      Inject = Kernel.injectIndex(Hit.Where.Inject);
      if (!Inject)
        F = VariantCache::Found::Damaged;
    }
    if (F == VariantCache::Found::Hit) {
      ProgramPlace &Place = Report.Places[P];
      Place.CachedCubin = std::move(Hit.CubinPath);
      Place.Inject = *Inject;
      Place.PackIndex = Hit.Where.PackIndex;
      ++Report.CacheHits;
      ++Settled; // its duplicates are counted already
      continue;
    }
    if (F == VariantCache::Found::Damaged)
      ++Report.CacheRejected;
    Todo.push_back(P);
    TodoWeight.push_back(Weight[P]);
    Settled -= Weight[P] - 1; // its duplicates finish with it
  }
  if (Options.Progress)
    Options.Progress->fetch_add(Settled, std::memory_order_relaxed);
}
} // namespace

Error ptxinject::variants::compileVariants(
    const Module &Kernel, const CubinBackend &Backend,
    const std::vector<ProgramSource *> &Sources, const VariantOptions &Options,
    const ModuleSink &Sink, VariantReport &Report) {
  Report = VariantReport();
  if (Sources.empty())
    return Error::make(ErrorCode::InvalidArgument, "no program source given");
  VariantOptions O = Options;
  O.InjectsPerVariant = Sources.size();
  Expected<std::vector<size_t>> Slots = resolveSlots(Kernel, O);
  if (!Slots)
    return Slots.error();
  // Sources leave out what the backend's architecture lacks; an arch that
  // names no SM (compute_80, empty) leaves every entry in.
  stackptx::Target For;
  stackptx::Target::parse(Backend.options().Arch, For);
  for (size_t R = 0; R < Sources.size(); ++R)
    Sources[R]->setTarget(For);
  for (size_t R = 0; R < Sources.size(); ++R)
    if (Error E = Sources[R]->prepare(Kernel.inject((*Slots)[R])))
      return E;
  for (size_t R = 1; R < Sources.size(); ++R)
    if (Sources[R]->numPrograms() != Sources[0]->numPrograms())
      return Error::make(
          ErrorCode::InvalidArgument,
          "inject '" + Kernel.inject((*Slots)[R]).Name + "' has " +
              std::to_string(Sources[R]->numPrograms()) +
              " programs but inject '" + Kernel.inject((*Slots)[0]).Name +
              "' has " + std::to_string(Sources[0]->numPrograms()) +
              "; a variant takes one program for each");

  Clock::time_point Start = Clock::now();
  size_t N = Sources[0]->numPrograms();
  Report.Places.resize(N);
  Batch B(Kernel, Backend, Sources, O, Sink, Slots.take(), Report);
  unsigned Jobs = Options.Jobs
                      ? Options.Jobs
                      : std::max(1u, std::thread::hardware_concurrency());
  Jobs = static_cast<unsigned>(
      std::min<size_t>(Jobs, std::max<size_t>(1, (N + O.Pack - 1) / O.Pack)));
  std::vector<Worker> Workers(Jobs);
  for (Worker &W : Workers)
    B.setUp(W);

  // 1. With deduplication or a cache, every program's stubs first, hashed:
  // stub failures are found here, and equal programs are told apart from
  // distinct ones (cheap next to a compile: a Stack PTX stub takes
  // microseconds). Without either, programs are compiled in order as they
  // come, and the workers hash their stubs on the way.
  std::vector<Hash128> Codes(N);
  std::vector<char> Good(N,
                         0); // vector<bool> is not safe to write from threads
  bool Screen = Options.Dedup || !Options.CacheDir.empty();
  std::vector<size_t> Todo, Weight;
  ProgramGroups Groups;
  std::unique_ptr<VariantCache> Cache;
  std::vector<Hash128> Keys;
  if (Screen) {
    onWorkers(Workers, N, 64, [&](Worker &W, size_t P) {
      Good[P] = B.fingerprint(W, P, Codes[P]);
    });
    Groups = groupPrograms(Codes, std::vector<bool>(Good.begin(), Good.end()),
                           Options.Dedup);
    Report.UniquePrograms = Groups.Distinct;
    for (size_t P = 0; P < N; ++P)
      Report.Places[P].SameAs = Groups.SameAs[P];
    screen(Kernel, Backend, Options, Codes, Groups, Report, Cache, Keys, Todo,
           Weight);
  } else {
    Todo.resize(N);
    for (size_t P = 0; P < N; ++P) {
      Todo[P] = P;
      Report.Places[P].SameAs = P;
    }
    Weight.assign(N, 1);
    B.hashWhileCompiling(&Codes, &Good);
  }

  // 3. The programs left, packed into modules, on every worker.
  B.setWork(std::move(Todo), std::move(Weight), Cache.get(), &Keys);
  if (Jobs == 1) {
    B.run(Workers[0]);
  } else {
    std::vector<std::thread> Threads;
    for (unsigned I = 0; I < Jobs; ++I)
      Threads.emplace_back([&B, &Workers, I] { B.run(Workers[I]); });
    for (std::thread &T : Threads)
      T.join();
  }
  Report.WallSeconds =
      std::chrono::duration<double>(Clock::now() - Start).count();
  Report.Threads = Jobs;
  Report.Variants = N;
  Report.Modules = B.numModules();
  Report.CacheWarning = B.cacheWarning();
  if (Cache) {
    // A worker skips the check while another makes it: the last stores of
    // the batch are checked here.
    Cache->settle();
    if (Report.CacheWarning.empty())
      Report.CacheWarning = Cache->configProblem();
  }
  if (!Screen)
    Report.UniquePrograms =
        groupPrograms(Codes, std::vector<bool>(Good.begin(), Good.end()), false)
            .Distinct;
  for (Worker &W : Workers) {
    Report.StubSeconds += W.Stub;
    Report.RenderSeconds += W.Render;
    Report.CubinSeconds += W.CubinTime;
    Report.SinkSeconds += W.Sink;
    Report.WorkerCpuSeconds += W.Cpu;
    Report.RunQueueWaitSeconds += W.Wait;
    Report.IsolationCompiles += W.Isolations;
    Report.PrunedKernels += W.PrunedKernels;
    for (VariantFailure &F : W.Failures)
      Report.Failures.push_back(std::move(F));
  }

  // 4. A duplicate runs its first program's code, or fails as it did: the
  // same stubs give the same PTX, the same compiler error.
  std::vector<size_t> CubinFailure(N, ProgramPlace::None);
  for (size_t I = 0; I < Report.Failures.size(); ++I)
    if (Report.Failures[I].Stage == VariantStage::Cubin)
      CubinFailure[Report.Failures[I].Program] = I;
  for (size_t P = 0; P < N; ++P) {
    size_t First = Report.Places[P].SameAs;
    if (First == P)
      continue;
    ProgramPlace &Place = Report.Places[P];
    const ProgramPlace &Of = Report.Places[First];
    Place.Module = Of.Module;
    Place.CachedCubin = Of.CachedCubin;
    Place.Inject = Of.Inject;
    Place.PackIndex = Of.PackIndex;
    if (CubinFailure[First] != ProgramPlace::None) {
      VariantFailure F = Report.Failures[CubinFailure[First]];
      F.Program = P;
      F.Message =
          "same stubs as program " + std::to_string(First) + ": " + F.Message;
      Report.Failures.push_back(std::move(F));
    }
  }
  std::stable_sort(Report.Failures.begin(), Report.Failures.end(),
                   [](const VariantFailure &A, const VariantFailure &B) {
                     return A.Program < B.Program;
                   });
  return Error::success();
}

namespace {
// Adds one back end's batch of a sweep to the whole: its variants numbered
// from ProgramBase, its modules from ModuleBase.
void appendReport(VariantReport &Whole, VariantReport &&Part,
                  size_t ProgramBase, size_t ModuleBase) {
  Whole.Variants += Part.Variants;
  Whole.Modules += Part.Modules;
  Whole.UniquePrograms += Part.UniquePrograms;
  Whole.CacheHits += Part.CacheHits;
  Whole.CacheRejected += Part.CacheRejected;
  if (Whole.CacheWarning.empty())
    Whole.CacheWarning = Part.CacheWarning;
  for (auto &P : Part.CachePins)
    Whole.CachePins.push_back(std::move(P));
  for (ProgramPlace &Place : Part.Places) {
    Place.SameAs += ProgramBase;
    if (Place.Module != ProgramPlace::None)
      Place.Module += ModuleBase;
    Whole.Places.push_back(std::move(Place));
  }
  for (VariantFailure &F : Part.Failures) {
    F.Program += ProgramBase;
    Whole.Failures.push_back(std::move(F));
  }
  Whole.Threads = std::max(Whole.Threads, Part.Threads);
  Whole.WallSeconds += Part.WallSeconds;
  Whole.StubSeconds += Part.StubSeconds;
  Whole.RenderSeconds += Part.RenderSeconds;
  Whole.CubinSeconds += Part.CubinSeconds;
  Whole.SinkSeconds += Part.SinkSeconds;
  Whole.RunQueueWaitSeconds += Part.RunQueueWaitSeconds;
  Whole.WorkerCpuSeconds += Part.WorkerCpuSeconds;
  Whole.IsolationCompiles += Part.IsolationCompiles;
  Whole.PrunedKernels += Part.PrunedKernels;
}
} // namespace

Error ptxinject::variants::compileVariantSweep(
    const Module &Kernel, const std::vector<const CubinBackend *> &Backends,
    const std::vector<ProgramSource *> &Sources, const VariantOptions &Options,
    const ModuleSink &Sink, VariantReport &Report) {
  Report = VariantReport();
  // Each batch finishes (its sink calls too) before the next starts, so
  // the bases change only between batches.
  size_t ProgramBase = 0, ModuleBase = 0;
  ModuleSink Renumbered = [&](const CompiledModule &M, std::string &Err) {
    if (ProgramBase == 0 && ModuleBase == 0)
      return Sink(M, Err);
    CompiledModule R = M;
    R.Index += ModuleBase;
    R.FirstProgram += ProgramBase;
    std::vector<size_t> Programs, Failed;
    auto Shift = [&](const std::vector<size_t> *From, std::vector<size_t> &To) {
      if (!From)
        return From;
      for (size_t P : *From)
        To.push_back(P + ProgramBase);
      return static_cast<const std::vector<size_t> *>(&To);
    };
    R.Programs = Shift(M.Programs, Programs);
    R.Failed = Shift(M.Failed, Failed);
    std::vector<VariantFailure> Failures(M.Failures,
                                         M.Failures + M.NumFailures);
    for (VariantFailure &F : Failures)
      F.Program += ProgramBase;
    R.Failures = Failures.data();
    return Sink(R, Err);
  };
  for (const CubinBackend *Backend : Backends) {
    VariantReport Part;
    if (Error E = compileVariants(Kernel, *Backend, Sources, Options,
                                  Renumbered, Part))
      return E;
    size_t Variants = Part.Variants, Modules = Part.Modules;
    appendReport(Report, std::move(Part), ProgramBase, ModuleBase);
    ProgramBase += Variants;
    ModuleBase += Modules;
  }
  return Error::success();
}
