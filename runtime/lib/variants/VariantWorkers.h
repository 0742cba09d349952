//===- VariantWorkers.h - The batch compiler's worker threads ---*- C++ -*-===//
//
// What one worker thread of a variant batch owns (scratch, buffers, its
// share of the report), how work is handed out to the workers, and the
// timing each worker keeps. Internal to the PtxInject::variants library.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_VARIANTS_VARIANTWORKERS_H
#define PTXINJECT_VARIANTS_VARIANTWORKERS_H

#include "ptxinject/variants/VariantCompiler.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace ptxinject::variants {

using Clock = std::chrono::steady_clock;

inline double secondsSince(Clock::time_point &T) {
  Clock::time_point Now = Clock::now();
  double S = std::chrono::duration<double>(Now - T).count();
  T = Now;
  return S;
}

// This thread's CPU time and run-queue wait, in seconds, from Linux's
// schedstat; false where it is not available.
bool readSchedStat(double &Cpu, double &Wait);

// Everything one worker owns; reused for every module it compiles. A module
// holds up to Pack variants of G programs each; position J * G + R is
// program R (inject Slots[J * G + R]) of the module's variant J.
struct Worker {
  std::vector<std::unique_ptr<ProgramScratch>> Scratch; // one per source
  std::vector<std::string> Buffers;                     // one per position
  std::vector<std::string_view> Stubs;                  // one per position
  std::vector<std::string_view> AllStubs; // one per inject of the module
  std::vector<bool> Bad;                  // per variant of the module
  std::vector<size_t> Programs;           // per variant: its program number
  std::vector<size_t> Failed;             // program numbers, this module
  std::vector<bool> Filled;               // per position: holds a program
  std::string Ptx, Pruned, Log, Error;
  StubError StubErr;
  std::vector<char> Cubin;
  std::vector<VariantFailure> Failures;
  double Stub = 0, Render = 0, CubinTime = 0, Sink = 0;
  double Cpu = 0, Wait = 0;
  size_t Isolations = 0;
  bool TimedOut = false;    // the last assemble() ran past the deadline
  bool OutOfMemory = false; // the last assemble()'s compiler ran out of it
  size_t LastPruned = 0;    // kernels the last assemble() removed
  size_t PrunedKernels = 0; // summed over this worker's modules
};

// Runs Body(Worker, Index) for Index in [0, N) on the workers, in chunks
// taken from a shared counter. Jobs == 1 runs on the calling thread.
template <typename Fn>
void onWorkers(std::vector<Worker> &Workers, size_t N, size_t Chunk, Fn Body) {
  std::atomic<size_t> Next{0};
  auto Loop = [&](Worker &W) {
    for (;;) {
      size_t Begin = Next.fetch_add(Chunk, std::memory_order_relaxed);
      if (Begin >= N)
        return;
      for (size_t I = Begin; I < std::min(N, Begin + Chunk); ++I)
        Body(W, I);
    }
  };
  if (Workers.size() == 1) {
    Loop(Workers[0]);
    return;
  }
  std::vector<std::thread> Threads;
  for (Worker &W : Workers)
    Threads.emplace_back([&Loop, &W] { Loop(W); });
  for (std::thread &T : Threads)
    T.join();
}

} // namespace ptxinject::variants

#endif
