//===- VariationBench.cpp - Variation operators for a search --------------===//
//
// Children per second of one thread: a child of a 32-instruction parent made
// by Variation::vary (an operator drawn by the default weights) and compiled
// to its stub, the unit of work of a search's generation before any PTX
// compile. Baseline measured in the same run: compiling the same children
// without making them, so the ratio is what variation adds to the compile.
//
//   ptxinject-variation-bench [--children N] [--rounds R] [--length L]
//
//===----------------------------------------------------------------------===//
#include "ptxinject/stackptx/Random.h"
#include "ptxinject/stackptx/StackPtx.h"
#include "ptxinject/stackptx/Variation.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

using namespace ptxinject::stackptx;
using Clock = std::chrono::steady_clock;

int main(int Argc, char **Argv) {
  size_t Children = 200000, Length = 32;
  int Rounds = 5;
  for (int I = 1; I < Argc; ++I) {
    if (!std::strcmp(Argv[I], "--children") && I + 1 < Argc)
      Children = size_t(std::atol(Argv[++I]));
    else if (!std::strcmp(Argv[I], "--rounds") && I + 1 < Argc)
      Rounds = std::atoi(Argv[++I]);
    else if (!std::strcmp(Argv[I], "--length") && I + 1 < Argc)
      Length = size_t(std::atol(Argv[++I]));
    else {
      std::fprintf(stderr,
                   "usage: %s [--children N] [--rounds R] [--length L]\n",
                   Argv[0]);
      return 2;
    }
  }
  const InstructionSet &Set = InstructionSet::builtin();
  size_t F32 = size_t(Set.findStackType("f32"));
  std::vector<StackPtxFastRegister> Regs = {{"x", F32}, {"y", F32}, {"z", F32}};
  const size_t Requests[] = {2};
  std::mt19937_64 Seed(1);
  std::vector<std::vector<StackPtxFastInstruction>> Parents(256);
  for (auto &P : Parents)
    randomProgram(Seed, Length, Set, Regs, P);
  VariationOptions VO;
  VO.MaxLength = 2 * Length;
  Variation V(Set, Regs.size(), RandomProgramOptions(), WordWeights(), VO);
  Compiler C(Set);
  Workspace WS;
  std::string Stub;
  std::vector<StackPtxFastInstruction> Child;
  std::vector<std::vector<StackPtxFastInstruction>> Made(Children);
  double Best = 1e30, BestCompile = 1e30;
  size_t Words = 0;
  for (int R = 0; R < Rounds; ++R) {
    std::mt19937_64 Rng(100 + R);
    Clock::time_point T = Clock::now();
    for (size_t I = 0; I < Children; ++I) {
      V.vary(Rng, Parents[I % Parents.size()], Parents[Rng() % Parents.size()],
             Child);
      if (C.compile(Child, Regs, Requests, WS, Stub) != STACK_PTX_FAST_SUCCESS)
        return 1;
      if (R == 0) {
        Made[I] = Child;
        Words += Child.size();
      }
    }
    Best =
        std::min(Best, std::chrono::duration<double>(Clock::now() - T).count());
    T = Clock::now();
    for (size_t I = 0; I < Children; ++I)
      if (C.compile(Made[I], Regs, Requests, WS, Stub) !=
          STACK_PTX_FAST_SUCCESS)
        return 1;
    BestCompile = std::min(
        BestCompile, std::chrono::duration<double>(Clock::now() - T).count());
  }
  std::printf("Variation + Stack PTX compile, one thread, best of %d rounds, "
              "%zu children of %zu-instruction parents (%.1f words each)\n",
              Rounds, Children, Length, double(Words) / Children);
  std::printf("vary + compile:   %.2f M children/s (%.3f us each)\n",
              Children / Best / 1e6, 1e6 * Best / Children);
  std::printf("compile alone:    %.2f M children/s (%.3f us each)\n",
              Children / BestCompile / 1e6, 1e6 * BestCompile / Children);
  std::printf("ratio:            %.2f x the compile alone\n",
              Best / BestCompile);
  return 0;
}
