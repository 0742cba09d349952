//===- VariantBatch.cpp - One batch of variants, compiled by workers ------===//
#include "VariantBatch.h"

#include "ptxinject/variants/LinkedStubs.h"

#include <algorithm>

using namespace ptxinject;
using namespace ptxinject::backends;
using namespace ptxinject::variants;

Batch::Batch(const Module &Kernel, const CubinBackend &Backend,
             const std::vector<ProgramSource *> &Sources,
             const VariantOptions &Options, const ModuleSink &Sink,
             std::vector<size_t> Slots, VariantReport &Report)
    : Kernel(Kernel), Backend(Backend), Sources(Sources), Options(Options),
      Sink(Sink), Slots(std::move(Slots)), G(Sources.size()),
      Places(Report.Places) {
  NumPrograms = Sources[0]->numPrograms();
  if (Backend.options().LinkObject)
    Functions.emplace(StubFunctions::make(Kernel));
  // Only a packed module can leave slots empty while others hold
  // programs (a failed variant of a single-variant module is not
  // compiled at all).
  // With linked stubs (LinkedStubs.h) the kernel is compiled already.
  if (Options.PruneUnfilledKernels && Options.Pack > 1 &&
      !Backend.options().LinkObject) {
    Pruner.emplace(Kernel, this->Slots);
    if (!Pruner->active())
      Pruner.reset();
  }
}

void Batch::setUp(Worker &W) const {
  W.Scratch.clear();
  for (const ProgramSource *S : Sources)
    W.Scratch.push_back(S->makeScratch());
  W.Buffers.assign(Options.Pack * G, std::string());
  W.Stubs.assign(Options.Pack * G, std::string_view());
  W.AllStubs.assign(Kernel.numInjects(), std::string_view());
  W.Bad.assign(Options.Pack, false);
  W.Filled.assign(Options.Pack * G, false);
  W.Programs.reserve(Options.Pack);
}

bool Batch::fingerprint(Worker &W, size_t P, Hash128 &Code) {
  Clock::time_point T = Clock::now();
  VariantCodeHasher H;
  bool Ok = true;
  for (size_t R = 0; R < G && Ok; ++R) {
    std::string_view Stub;
    Ok = Sources[R]->stub(P, W.Scratch[R].get(), W.Buffers[R], Stub, W.StubErr);
    if (Ok)
      H.add(Kernel.inject(Slots[R]).Name, Stub);
    else
      failStub(W, P, R);
  }
  W.Stub += secondsSince(T);
  Code = H.result();
  return Ok;
}

void Batch::setWork(std::vector<size_t> Programs, std::vector<size_t> Weights,
                    VariantCache *Cache, const std::vector<Hash128> *Keys) {
  Todo = std::move(Programs);
  Weight = std::move(Weights);
  this->Cache = Cache;
  this->Keys = Keys;
  NumModules = (Todo.size() + Options.Pack - 1) / Options.Pack;
}

void Batch::hashWhileCompiling(std::vector<Hash128> *Codes,
                               std::vector<char> *Good) {
  this->Codes = Codes;
  this->Good = Good;
}

void Batch::run(Worker &W) {
  double Cpu0 = 0, Wait0 = 0, Cpu1 = 0, Wait1 = 0;
  bool Sched = readSchedStat(Cpu0, Wait0);
  for (;;) {
    size_t M = NextModule.fetch_add(1, std::memory_order_relaxed);
    if (M >= NumModules)
      break;
    compileModule(W, M);
  }
  if (Sched && readSchedStat(Cpu1, Wait1)) {
    W.Cpu += Cpu1 - Cpu0;
    W.Wait += Wait1 - Wait0;
  }
}

bool Batch::assemble(Worker &W, size_t Count) {
  Clock::time_point T = Clock::now();
  // Slots past Count (a last, partial module) stay empty.
  for (size_t J = 0; J < Options.Pack; ++J)
    for (size_t R = 0; R < G; ++R)
      W.AllStubs[Slots[J * G + R]] =
          J < Count && !W.Bad[J] ? W.Stubs[J * G + R] : std::string_view();
  // With linked stubs the compile is the stubs' functions, linked to the
  // kernel's object.
  Error E = !Functions   ? Kernel.render(W.AllStubs, W.Ptx)
            : *Functions ? (*Functions)->render(W.AllStubs, W.Ptx)
                         : Functions->error();
  W.LastPruned = 0;
  if (!E && Pruner) {
    // Kernels none of whose slots got a program are not compiled
    // (KernelPrune.h); the PTX kept is the PTX compiled.
    for (size_t J = 0; J < Options.Pack; ++J)
      for (size_t R = 0; R < G; ++R)
        W.Filled[J * G + R] = J < Count && !W.Bad[J];
    W.LastPruned = Pruner->prune(W.Ptx, W.Filled, W.Pruned);
    if (W.LastPruned)
      std::swap(W.Ptx, W.Pruned);
  }
  W.Render += secondsSince(T);
  if (E) {
    W.Log = "render: " + E.Message;
    return false;
  }
  CompileStatus Status =
      Backend.compile(W.Ptx, W.Cubin, W.Log, Options.TimeoutSeconds);
  bool Ok = Status == CompileStatus::Ok;
  W.TimedOut = Status == CompileStatus::TimedOut;
  W.OutOfMemory = Status == CompileStatus::OutOfMemory;
  if (Status == CompileStatus::Failed) // one line per error, not per site
    W.Log = summarizeCompilerLog(W.Log);
  W.CubinTime += secondsSince(T);
  return Ok;
}

void Batch::fail(Worker &W, size_t Program, VariantStage Stage,
                 const std::string &Message, size_t Role) {
  VariantFailure F;
  F.Program = Program;
  F.Role = Role;
  F.Stage = Stage;
  F.Message = Message;
  W.Failures.push_back(std::move(F));
  W.Failed.push_back(Program);
}

void Batch::failStub(Worker &W, size_t Program, size_t Role) {
  fail(W, Program, VariantStage::Stub, W.StubErr.Message, Role);
  W.Failures.back().Line = W.StubErr.Line;
  W.Failures.back().Column = W.StubErr.Column;
}

void Batch::compileModule(Worker &W, size_t M) {
  size_t Base = M * Options.Pack;
  size_t Count = std::min(Options.Pack, Todo.size() - Base);
  W.Programs.assign(Todo.begin() + Base, Todo.begin() + Base + Count);
  W.Failed.clear();
  size_t FailuresBefore = W.Failures.size();
  Clock::time_point T = Clock::now();
  for (size_t J = 0; J < Count; ++J) {
    W.Bad[J] = false;
    for (size_t R = 0; R < G && !W.Bad[J]; ++R) {
      size_t P = J * G + R;
      W.Stubs[P] = std::string_view();
      if (Sources[R]->stub(W.Programs[J], W.Scratch[R].get(), W.Buffers[P],
                           W.Stubs[P], W.StubErr))
        continue;
      W.Bad[J] = true;
      failStub(W, W.Programs[J], R);
    }
  }
  if (Codes)
    for (size_t J = 0; J < Count; ++J) {
      if (W.Bad[J])
        continue;
      VariantCodeHasher H;
      for (size_t R = 0; R < G; ++R)
        H.add(Kernel.inject(Slots[R]).Name, W.Stubs[J * G + R]);
      (*Codes)[W.Programs[J]] = H.result();
      (*Good)[W.Programs[J]] = 1;
    }
  W.Stub += secondsSince(T);

  W.TimedOut = false;
  bool Ok = W.Failed.size() < Count && assemble(W, Count);
  if (!Ok && W.TimedOut) {
    // Finding the slow program would take a deadline per program: the
    // module's programs fail together, with the deadline as the reason.
    failRemaining(W, Count, W.Log, VariantStage::Timeout);
  } else if (!Ok && W.OutOfMemory) {
    // As with a deadline: a bound the whole module ran into.
    failRemaining(W, Count, W.Log, VariantStage::Memory);
  } else if (!Ok && W.Failed.size() < Count) {
    if (Count - W.Failed.size() == 1) {
      failRemaining(W, Count, W.Log);
    } else {
      isolate(W, Count);
      Ok = W.Failed.size() < Count && assemble(W, Count);
      if (!Ok)
        failRemaining(W, Count, W.Log);
    }
  }
  if (!Ok)
    W.Cubin.clear();
  else
    W.PrunedKernels += W.LastPruned;
  std::sort(W.Failed.begin(), W.Failed.end());

  T = Clock::now();
  CompiledModule C;
  C.Index = M;
  C.FirstProgram = Count ? W.Programs[0] : 0;
  C.NumPrograms = Count;
  C.Programs = &W.Programs;
  C.Failed = &W.Failed;
  C.Failures = W.Failures.data() + FailuresBefore;
  C.NumFailures = W.Failures.size() - FailuresBefore;
  if (Options.KeepPtx)
    C.Ptx = W.Ptx;
  C.Cubin = &W.Cubin;
  if (!W.Cubin.empty())
    C.Log = W.Log;
  if (Sink && !Sink(C, W.Error))
    failRemaining(W, Count, W.Error);
  for (size_t J = 0; J < Count; ++J) {
    if (W.Bad[J])
      continue;
    ProgramPlace &Place = Places[W.Programs[J]];
    Place.Module = M;
    Place.Inject = Slots[J * G];
    Place.PackIndex = J;
  }
  if (Cache && !W.Cubin.empty())
    store(W, Count);
  W.Sink += secondsSince(T);
  if (Options.Progress) {
    size_t Done = 0;
    for (size_t J = 0; J < Count; ++J)
      Done += Weight[Base + J];
    Options.Progress->fetch_add(Done, std::memory_order_relaxed);
  }
}

void Batch::failRemaining(Worker &W, size_t Count, const std::string &Message,
                          VariantStage Stage) {
  for (size_t J = 0; J < Count; ++J)
    if (!W.Bad[J]) {
      fail(W, W.Programs[J], Stage, Message);
      W.Bad[J] = true;
    }
}

void Batch::isolate(Worker &W, size_t Count) {
  std::vector<bool> Keep(W.Bad);
  for (size_t J = 0; J < Count; ++J) {
    if (Keep[J])
      continue;
    for (size_t K = 0; K < Count; ++K)
      W.Bad[K] = K != J;
    bool Ok = assemble(W, Count);
    ++W.Isolations;
    if (!Ok) {
      Keep[J] = true;
      fail(W, W.Programs[J],
           W.TimedOut      ? VariantStage::Timeout
           : W.OutOfMemory ? VariantStage::Memory
                           : VariantStage::Cubin,
           W.Log);
    }
  }
  for (size_t J = 0; J < Count; ++J)
    W.Bad[J] = Keep[J];
}

void Batch::store(Worker &W, size_t Count) {
  Expected<Hash128> CubinHash = Cache->storeCubin(W.Cubin);
  Error E = CubinHash ? Error::success() : CubinHash.error();
  for (size_t J = 0; J < Count && !E; ++J) {
    if (W.Bad[J])
      continue;
    VariantCache::Site Where{Kernel.inject(Slots[J * G]).Name, J};
    E = Cache->storeEntry((*Keys)[W.Programs[J]], *CubinHash, W.Cubin.size(),
                          Where);
  }
  if (E) {
    W.Error = E.Message;
    std::lock_guard<std::mutex> L(WarningLock);
    if (CacheWarning.empty())
      CacheWarning = W.Error;
  }
}
