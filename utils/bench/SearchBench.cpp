//===- SearchBench.cpp - The CPU side of a search -------------------------===//
//
// One thread. Operators: children per second, a child of a 32-instruction
// parent made by Variation::vary (an operator drawn by the default weights)
// and compiled to its stub; baseline in the same run: compiling the same
// children without making them. Evaluator: instruction evaluations per
// second of evaluateBatch (traced programs run an operation at a time over
// every sample); baseline in the same run: interpretProgram sample by
// sample, bit for bit the same results.
//
//   ptxinject-search-bench [--children N] [--rounds R] [--length L]
//                          [--programs P] [--samples S]
//
//===----------------------------------------------------------------------===//
#include "ptxinject/stackptx/BatchEval.h"
#include "ptxinject/stackptx/Interpreter.h"
#include "ptxinject/stackptx/Random.h"
#include "ptxinject/stackptx/StackPtx.h"
#include "ptxinject/stackptx/Variation.h"

#include "BenchSupport.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

using namespace ptxinject::stackptx;
using ptxinject::bench::Clock;
using ptxinject::bench::secondsSince;

namespace {

// Evaluator throughput: Programs live f32 programs over Samples samples.
int benchEvaluator(size_t NumPrograms, size_t Samples, size_t Length,
                   int Rounds) {
  const InstructionSet &Set = InstructionSet::builtin();
  unsigned F32 = unsigned(Set.findStackType("f32"));
  std::vector<StackPtxFastRegister> Regs = {{"x", F32}, {"y", F32}, {"z", F32}};
  const size_t Requests[] = {2};
  RandomProgramOptions O;
  O.InterpretedOnly = true;
  O.StackTypes = {F32};
  std::mt19937_64 Rng(7);
  std::vector<std::vector<StackPtxFastInstruction>> Storage(NumPrograms);
  std::vector<Program> Programs;
  for (auto &P : Storage) {
    randomProgram(Rng, Length, Set, Regs, P, O);
    Programs.emplace_back(P.data(), P.size());
  }
  std::vector<std::vector<uint32_t>> Columns(3, std::vector<uint32_t>(Samples));
  std::uniform_real_distribution<float> U(-2.0f, 2.0f);
  for (auto &C : Columns)
    for (uint32_t &B : C) {
      float F = U(Rng);
      std::memcpy(&B, &F, 4);
    }
  std::vector<float> Target(Samples, 1.0f);
  BatchEvalInputs In;
  In.Columns = {Columns[0].data(), Columns[1].data(), Columns[2].data()};
  In.Samples = Samples;
  In.Target = Target.data();
  std::vector<ProgramScore> Scores;
  double Best = 1e30;
  for (int R = 0; R < Rounds; ++R) {
    Clock::time_point T = Clock::now();
    evaluateBatch(Set, Programs, Regs, Requests, In, 1, Scores);
    Best = std::min(Best, secondsSince(T));
  }
  size_t Steps = 0;
  for (const ProgramScore &S : Scores)
    Steps += S.Steps;
  // The baseline: the interpreter, sample by sample (a tenth of them).
  size_t Few = std::max<size_t>(1, Samples / 10);
  std::vector<RequestValue> Out;
  std::string Error;
  Clock::time_point T = Clock::now();
  for (const Program &P : Programs)
    for (size_t S = 0; S < Few; ++S) {
      uint32_t Inputs[3] = {Columns[0][S], Columns[1][S], Columns[2][S]};
      if (!interpretProgram(Set.info(), defaultLimits(), P, Regs, Inputs,
                            Requests, {}, Out, Error))
        return 1;
    }
  double Interp = secondsSince(T) * double(Samples) / double(Few);
  double Evals = double(Steps) * double(Samples);
  std::printf("\nCPU evaluator, one thread, best of %d rounds: %zu live "
              "%zu-instruction f32 programs (%.1f operations each after "
              "tracing) over %zu samples\n",
              Rounds, NumPrograms, Length, double(Steps) / NumPrograms,
              Samples);
  std::printf("evaluateBatch:       %.1f M instruction evaluations/s\n",
              Evals / Best / 1e6);
  std::printf("interpretProgram:    %.1f M instruction evaluations/s "
              "(sample by sample)\n",
              Evals / Interp / 1e6);
  std::printf("ratio:               %.1f x the interpreter\n", Interp / Best);
  return 0;
}

} // namespace

int main(int Argc, char **Argv) {
  size_t Children = 200000, Length = 32, NumPrograms = 2000, Samples = 1024;
  int Rounds = 5;
  for (int I = 1; I < Argc; ++I) {
    if (!std::strcmp(Argv[I], "--children") && I + 1 < Argc)
      Children = size_t(std::atol(Argv[++I]));
    else if (!std::strcmp(Argv[I], "--rounds") && I + 1 < Argc)
      Rounds = std::atoi(Argv[++I]);
    else if (!std::strcmp(Argv[I], "--length") && I + 1 < Argc)
      Length = size_t(std::atol(Argv[++I]));
    else if (!std::strcmp(Argv[I], "--programs") && I + 1 < Argc)
      NumPrograms = size_t(std::atol(Argv[++I]));
    else if (!std::strcmp(Argv[I], "--samples") && I + 1 < Argc)
      Samples = size_t(std::atol(Argv[++I]));
    else {
      std::fprintf(stderr,
                   "usage: %s [--children N] [--rounds R] [--length L] "
                   "[--programs P] [--samples S]\n",
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
    Best = std::min(Best, secondsSince(T));
    T = Clock::now();
    for (size_t I = 0; I < Children; ++I)
      if (C.compile(Made[I], Regs, Requests, WS, Stub) !=
          STACK_PTX_FAST_SUCCESS)
        return 1;
    BestCompile = std::min(BestCompile, secondsSince(T));
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
  return benchEvaluator(NumPrograms, Samples, Length, Rounds);
}
