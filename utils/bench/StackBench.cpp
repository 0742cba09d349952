//===- StackBench.cpp - Stack PTX compile speed ---------------------------===//
//
// Microseconds per compiled program for random 32- and 100-instruction
// programs on one thread, and per 100 instructions; then the same programs
// compiled 500 at a time by Compiler::compileBatch, in rounds of their own.
// Baselines measured in the same run: copying the produced stubs (memcpy), the
// C API's measure-then-write path (compile with no buffer, then write the
// output), and the C compiler handle.
//
//   ptxinject-stack-bench [--programs N] [--rounds R] [--length L] [--mixed]
//   [--no-meta]
//
// --no-meta draws programs without meta instructions, stores and loads: the
// steps whose dispatch a branch predictor cannot learn, to see their cost.
// --length runs one program length only (e.g. to count instructions per
// compile under callgrind with --toggle-collect on Compiler::compile).
//
//===----------------------------------------------------------------------===//
#include "ptxinject/stackptx/Random.h"
#include "ptxinject/stackptx/StackPtx.h"

#include "BenchSupport.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

using namespace ptxinject::stackptx;
using ptxinject::bench::Clock;
using ptxinject::bench::secondsSince;

namespace {

bool NoMeta = false; // --no-meta
bool NoBaselines =
    false; // --no-baselines: only the compile rounds, for profiling
void run(size_t Length, size_t NumPrograms, int Rounds, bool Mixed) {
  const InstructionSet &Set = InstructionSet::builtin();
  unsigned F32 = unsigned(Set.findStackType("F32"));
  std::vector<StackPtxFastRegister> Regs = {
      {"x", F32}, {"y", F32}, {"w", F32}, {"z", F32}};
  const size_t Requests[] = {3};
  RandomProgramOptions Options;
  if (!Mixed) {
    Options.StackTypes = {F32};
    Options.SpecialRegisters = false;
  }
  if (NoMeta)
    Options.Meta = Options.StoreLoad = false;
  std::mt19937_64 Rng(Length * 7919);
  std::vector<std::vector<StackPtxFastInstruction>> Programs(NumPrograms);
  for (auto &P : Programs)
    randomProgram(Rng, Length, Set, Regs, P, Options);

  Compiler C(Set);
  Workspace WS;
  std::string Out;
  size_t Bytes = 0, Checksum = 0;
  for (auto &P : Programs) { // warm up and size the baseline
    C.compile(P, Regs, Requests, WS, Out);
    Bytes += Out.size();
  }

  // Timed per chunk as well as per round: on a shared machine a round of
  // 20,000 programs is rarely left alone, a chunk of 500 often is. The sum of
  // each chunk's best over the rounds still covers every program.
  constexpr size_t Chunk = 500;
  size_t NumChunks = (NumPrograms + Chunk - 1) / Chunk;
  std::vector<double> BestChunk(NumChunks, 1e30), BestBatch(NumChunks, 1e30);
  double Best = 1e30;
  for (int R = 0; R < Rounds; ++R) {
    auto T = Clock::now();
    for (size_t First = 0; First < NumPrograms; First += Chunk) {
      auto TC = Clock::now();
      for (size_t I = First; I < std::min(First + Chunk, NumPrograms); ++I) {
        C.compile(Programs[I], Regs, Requests, WS, Out);
        Checksum += Out.size();
      }
      double &B = BestChunk[First / Chunk];
      B = std::min(B, secondsSince(TC));
    }
    Best = std::min(Best, secondsSince(T));
  }
  // Then the same chunks, each as one batch (Compiler::compileBatch), in
  // rounds of their own: a batch writes 500 stubs into one string, a working
  // set that would otherwise sit between the rounds above.
  std::vector<Program> Spans(Programs.begin(), Programs.end());
  std::string Batch;
  std::vector<size_t> Ends;
  for (int R = 0; R < Rounds; ++R)
    for (size_t First = 0; First < NumPrograms; First += Chunk) {
      auto TC = Clock::now();
      C.compileBatch(Span<Program>(Spans.data() + First,
                                   std::min(Chunk, NumPrograms - First)),
                     Regs, Requests, WS, Batch, Ends);
      Checksum += Batch.size();
      double &B = BestBatch[First / Chunk];
      B = std::min(B, secondsSince(TC));
    }
  double Chunked = 0, Batched = 0;
  for (size_t K = 0; K < NumChunks; ++K) {
    Chunked += BestChunk[K];
    Batched += BestBatch[K];
  }

  // Baseline 1: copying the same number of bytes the compiler wrote.
  const int BaselineRounds = NoBaselines ? 0 : Rounds;
  std::vector<char> Src(Bytes / NumPrograms + 1, 'x'), Dst(Src.size());
  double Copy = 1e30;
  for (int R = 0; R < BaselineRounds; ++R) {
    auto T = Clock::now();
    for (size_t I = 0; I < NumPrograms; ++I) {
      std::memcpy(Dst.data(), Src.data(), Src.size());
      Checksum += size_t(Dst[I % Dst.size()]);
      asm volatile("" ::: "memory");
    }
    Copy = std::min(Copy, secondsSince(T));
  }

  // Baseline 2: the C API measure-and-allocate path (size query, then write).
  size_t WsSize = 0;
  stack_ptx_fast_compile_workspace_size(&C.limits(), &Set.info(), &WsSize);
  std::vector<char> CWs(WsSize);
  std::vector<char> Buffer(1 << 16);
  double Measure = 1e30;
  for (int R = 0; R < BaselineRounds; ++R) {
    auto T = Clock::now();
    for (auto &P : Programs) {
      size_t Required = 0, Written = 0;
      stack_ptx_fast_compile(&C.limits(), &Set.info(), P.data(), Regs.data(),
                             Regs.size(), nullptr, 0, Requests, 1, CWs.data(),
                             CWs.size(), nullptr, 0, &Required);
      stack_ptx_fast_write_output(CWs.data(), CWs.size(), Buffer.data(),
                                  Buffer.size(), &Written);
      Checksum += Written;
    }
    Measure = std::min(Measure, secondsSince(T));
  }

  // Baseline 3: the C compiler handle, which decodes the set once as the C++
  // Compiler does: it should run at about the C++ speed.
  StackPtxFastCompiler *Handle = nullptr;
  stack_ptx_fast_compiler_create(&C.limits(), &Set.info(), &Handle);
  double ViaHandle = 1e30;
  for (int R = 0; R < BaselineRounds; ++R) {
    auto T = Clock::now();
    for (auto &P : Programs) {
      size_t Required = 0;
      stack_ptx_fast_compiler_compile(
          Handle, P.data(), Regs.data(), Regs.size(), nullptr, 0, Requests, 1,
          CWs.data(), CWs.size(), Buffer.data(), Buffer.size(), &Required);
      Checksum += Required;
    }
    ViaHandle = std::min(ViaHandle, secondsSince(T));
  }
  stack_ptx_fast_compiler_destroy(Handle);

  double PerProgram = Best / double(NumPrograms) * 1e6;
  double PerProgramChunked = Chunked / double(NumPrograms) * 1e6;
  double PerProgramBatched = Batched / double(NumPrograms) * 1e6;
  std::printf("%-6s %4zu instr: %7.3f us/program  %7.3f us/100 instr  (best "
              "chunks: %7.3f  "
              "%7.3f)  %6.0f B stub",
              Mixed ? "mixed" : "f32", Length, PerProgram,
              PerProgram * 100.0 / double(Length), PerProgramChunked,
              PerProgramChunked * 100.0 / double(Length),
              double(Bytes) / double(NumPrograms));
  std::printf("  in batches of %zu: %7.3f us/program  %7.3f us/100 instr "
              "(x%.2f of one by one)",
              Chunk, PerProgramBatched,
              PerProgramBatched * 100.0 / double(Length), Batched / Chunked);
  if (!NoBaselines)
    std::printf(
        "  x%.1f memcpy of the stub  x%.2f of C measure+write  x%.2f of the C "
        "compiler handle",
        Best / Copy, Best / Measure, Best / ViaHandle);
  std::printf("  (checksum %zu)\n", Checksum % 1000);
}

} // namespace

int main(int Argc, char **Argv) {
  size_t NumPrograms = 20000;
  int Rounds = 5;
  bool Mixed = false;
  size_t OnlyLength = 0;
  for (int I = 1; I < Argc; ++I) {
    if (!std::strcmp(Argv[I], "--programs") && I + 1 < Argc)
      NumPrograms = size_t(std::atol(Argv[++I]));
    else if (!std::strcmp(Argv[I], "--rounds") && I + 1 < Argc)
      Rounds = std::atoi(Argv[++I]);
    else if (!std::strcmp(Argv[I], "--length") && I + 1 < Argc)
      OnlyLength = size_t(std::atol(Argv[++I]));
    else if (!std::strcmp(Argv[I], "--no-meta"))
      NoMeta = true;
    else if (!std::strcmp(Argv[I], "--no-baselines"))
      NoBaselines = true;
    else if (!std::strcmp(Argv[I], "--mixed"))
      Mixed = true;
    else {
      std::fprintf(stderr,
                   "usage: %s [--programs N] [--rounds R] [--length L] "
                   "[--mixed] [--no-meta] "
                   "[--no-baselines]\n",
                   Argv[0]);
      return 2;
    }
  }
  if (NumPrograms == 0 || Rounds <= 0) {
    std::fprintf(stderr, "error: --programs and --rounds must be positive\n");
    return 2;
  }
  std::printf("Stack PTX compile, one thread, best of %d rounds over %zu "
              "random programs\n",
              Rounds, NumPrograms);
  if (OnlyLength) {
    run(OnlyLength, NumPrograms, Rounds, Mixed);
    return 0;
  }
  for (size_t Length : {32, 100})
    run(Length, NumPrograms, Rounds, Mixed);
  return 0;
}
