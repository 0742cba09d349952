//===- VariantBatch.h - One batch of variants ----------------- -*- C++ -*-===//
//
// The state of one compileVariants call that its worker threads share, and
// the compile of one module of packed variants. Internal to the
// PtxInject::variants library.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_VARIANTS_VARIANTBATCH_H
#define PTXINJECT_VARIANTS_VARIANTBATCH_H

#include "VariantWorkers.h"

#include "ptxinject/variants/ContentHash.h"
#include "ptxinject/variants/KernelPrune.h"
#include "ptxinject/variants/LinkedStubs.h"
#include "ptxinject/variants/ProgramDedup.h"
#include "ptxinject/variants/VariantCache.h"
#include "ptxinject/variants/VariantCompiler.h"

#include <atomic>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace ptxinject::variants {

// One call of compileVariants: the programs to compile, packed into
// modules, and what each worker does with a module (stubs, render, prune,
// compile, isolate failures, hand to the sink, store in the cache). The
// workers share it; each module is taken by one of them.
class Batch {
public:
  Batch(const Module &Kernel, const CubinBackend &Backend,
        const std::vector<ProgramSource *> &Sources,
        const VariantOptions &Options, const ModuleSink &Sink,
        std::vector<size_t> Slots, VariantReport &Report);

  /// Gives every worker its scratch and buffers.
  void setUp(Worker &W) const;

  /// The stubs of program P, hashed as they will be rendered; false (with
  /// the failure recorded) when one of them cannot be made. Role R is
  /// hashed with the name of the inject its source was prepared for
  /// (Slots[R]), whichever packed site the program lands on.
  bool fingerprint(Worker &W, size_t P, Hash128 &Code);

  /// The programs to compile, in order, and how many programs each stands
  /// for (itself and its duplicates), for the progress count.
  void setWork(std::vector<size_t> Programs, std::vector<size_t> Weights,
               VariantCache *Cache, const std::vector<Hash128> *Keys);

  /// Without a first pass over the stubs, the workers hash each program's
  /// stubs as they make them, so the report still counts distinct programs.
  void hashWhileCompiling(std::vector<Hash128> *Codes, std::vector<char> *Good);

  size_t numModules() const { return NumModules; }
  size_t numPrograms() const { return NumPrograms; }

  void run(Worker &W);

  std::string cacheWarning() {
    std::lock_guard<std::mutex> L(WarningLock);
    return CacheWarning;
  }

private:
  bool assemble(Worker &W, size_t Count);

  void fail(Worker &W, size_t Program, VariantStage Stage,
            const std::string &Message, size_t Role = 0);

  void failStub(Worker &W, size_t Program, size_t Role);

  void compileModule(Worker &W, size_t M);

  // Every program of the module still standing fails with Message.
  void failRemaining(Worker &W, size_t Count, const std::string &Message,
                     VariantStage Stage = VariantStage::Cubin);

  // The packed module failed: compile each variant alone (its slots filled,
  // the others empty) to find the bad ones, which are then left out.
  void isolate(Worker &W, size_t Count);

  // The module's cubin goes to the cache once, and an entry per good
  // program points at it. A failed write costs the next run a compile, not
  // this one its result, so it is a warning.
  void store(Worker &W, size_t Count);

  const Module &Kernel;
  const CubinBackend &Backend;
  const std::vector<ProgramSource *> &Sources;
  const VariantOptions &Options;
  const ModuleSink &Sink;
  // With linked stubs, what each compile renders in place of the kernel.
  std::optional<Expected<StubFunctions>> Functions;
  std::vector<size_t> Slots;
  size_t G = 1;
  size_t NumPrograms = 0, NumModules = 0;
  std::vector<size_t> Todo, Weight;
  VariantCache *Cache = nullptr;
  const std::vector<Hash128> *Keys = nullptr;
  std::vector<Hash128> *Codes = nullptr;
  std::vector<char> *Good = nullptr;
  std::vector<ProgramPlace> &Places;
  std::optional<KernelPruner> Pruner;
  std::mutex WarningLock;
  std::string CacheWarning;
  std::atomic<size_t> NextModule{0};
};

} // namespace ptxinject::variants

#endif
