//===- Driver.cpp - Stack PTX A/B benchmark -------------------------------===//
//
// Times two builds of the Stack PTX core (sides A and B, see Side.cpp) on
// the same random programs in one process: chunk by chunk, the two sides
// alternate, so that both see the same load on a shared machine, and each
// chunk keeps its best time over the rounds. Before timing, every program's
// stub is compared between the sides: a speed change must not change output.
//
//   stack-ab-driver [--length L] [--programs N] [--rounds R] [--chunk C]
//
//===----------------------------------------------------------------------===//
// The native header's name in either revision (NEW may predate the rename).
#if __has_include("stack_ptx_native.h")
#include "stack_ptx_native.h"
#else
#include "stack_ptx_fast.h"
#endif

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#define STACK_AB_DECLARE(S)                                                    \
  extern "C" void *stackAbCreate##S();                                         \
  extern "C" void stackAbGenerate##S(void *, size_t, size_t,                   \
                                     std::vector<StackPtxFastInstruction> *,   \
                                     std::vector<size_t> *);                   \
  extern "C" size_t stackAbCompile##S(void *, const StackPtxFastInstruction *, \
                                      const size_t *, size_t, size_t);         \
  extern "C" const std::string *stackAbOutput##S(void *);
STACK_AB_DECLARE(A)
STACK_AB_DECLARE(B)

using Clock = std::chrono::steady_clock;

int main(int Argc, char **Argv) {
  size_t Length = 32, N = 20000, Chunk = 100;
  int Rounds = 16;
  for (int I = 1; I + 1 < Argc; I += 2) {
    if (!std::strcmp(Argv[I], "--length"))
      Length = std::strtoul(Argv[I + 1], nullptr, 10);
    else if (!std::strcmp(Argv[I], "--programs"))
      N = std::strtoul(Argv[I + 1], nullptr, 10);
    else if (!std::strcmp(Argv[I], "--rounds"))
      Rounds = std::atoi(Argv[I + 1]);
    else if (!std::strcmp(Argv[I], "--chunk"))
      Chunk = std::strtoul(Argv[I + 1], nullptr, 10);
    else {
      std::fprintf(stderr, "stack-ab-driver: unknown option '%s'\n", Argv[I]);
      return 2;
    }
  }
  if (!Length || !N || !Chunk || Rounds < 1) {
    std::fprintf(stderr, "stack-ab-driver: length, programs, chunk and rounds "
                         "must be positive\n");
    return 2;
  }
  void *A = stackAbCreateA(), *B = stackAbCreateB();
  std::vector<StackPtxFastInstruction> Flat;
  std::vector<size_t> Starts;
  stackAbGenerateA(A, Length, N, &Flat, &Starts);
  for (size_t I = 0; I < N; ++I) {
    stackAbCompileA(A, Flat.data(), Starts.data(), I, 1);
    stackAbCompileB(B, Flat.data(), Starts.data(), I, 1);
    if (*stackAbOutputA(A) != *stackAbOutputB(B)) {
      std::fprintf(stderr,
                   "stack-ab-driver: program %zu compiles differently\n--- "
                   "A\n%s\n--- B\n%s\n",
                   I, stackAbOutputA(A)->c_str(), stackAbOutputB(B)->c_str());
      return 1;
    }
  }
  size_t NumChunks = (N + Chunk - 1) / Chunk, Bytes = 0;
  std::vector<double> BestA(NumChunks, 1e30), BestB(NumChunks, 1e30);
  for (int R = 0; R < Rounds; ++R)
    for (size_t C = 0; C < NumChunks; ++C) {
      size_t First = C * Chunk, Count = std::min(Chunk, N - First);
      for (int Turn = 0; Turn < 2; ++Turn) {
        // Which side goes first alternates too.
        bool SideA = (Turn == 0) == ((R + C) % 2 == 0);
        auto T = Clock::now();
        Bytes +=
            SideA
                ? stackAbCompileA(A, Flat.data(), Starts.data(), First, Count)
                : stackAbCompileB(B, Flat.data(), Starts.data(), First, Count);
        double Seconds =
            std::chrono::duration<double>(Clock::now() - T).count();
        double &Best = SideA ? BestA[C] : BestB[C];
        Best = std::min(Best, Seconds);
      }
    }
  double SumA = 0, SumB = 0;
  for (size_t C = 0; C < NumChunks; ++C) {
    SumA += BestA[C];
    SumB += BestB[C];
  }
  double UsA = SumA / double(N) * 1e6, UsB = SumB / double(N) * 1e6;
  std::printf("%zu instr: A %.4f us/program (%.3f us/100 instr)  B %.4f "
              "us/program (%.3f us/100 "
              "instr)  B/A %.4f  (%zu)\n",
              Length, UsA, UsA * 100 / double(Length), UsB,
              UsB * 100 / double(Length), SumB / SumA, Bytes % 10);
  return 0;
}
