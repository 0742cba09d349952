//===- BatchEval.cpp - Many Stack PTX programs over many samples ----------===//
#include "ptxinject/stackptx/BatchEval.h"

#include "ptxinject/eval/PtxEval.h"
#include "ptxinject/support/F32Bits.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <map>
#include <thread>

namespace ptxinject {
namespace stackptx {

namespace {

constexpr double FarUlp = 4294967296.0; // 2^32: infinitely far

// f32 bits on a line where adjacent floats are adjacent integers and -0
// meets +0.
int64_t ordered(uint32_t Bits) {
  int64_t Magnitude = Bits & 0x7fffffffu;
  return (Bits & 0x80000000u) ? -Magnitude : Magnitude;
}

} // namespace

void runTape(const Tape &T, const std::vector<const uint32_t *> &Columns,
             size_t Samples, std::vector<uint32_t> &Values,
             std::vector<const uint32_t *> &RequestColumns) {
  Values.resize(T.NumValues * Samples);
  auto column = [&](uint32_t V) -> const uint32_t * {
    return V < T.NumInputs ? Columns[V] : Values.data() + V * Samples;
  };
  for (const auto &[V, Bits] : T.Constants)
    std::fill_n(Values.data() + V * Samples, Samples, Bits);
  const uint32_t *Args[4];
  for (const Tape::Step &S : T.Steps) {
    for (unsigned A = 0; A < S.NumArgs; ++A)
      Args[A] = column(S.Args[A]);
    S.Op.evaluate(Args, Values.data() + size_t(S.Result) * Samples, Samples);
  }
  RequestColumns.clear();
  for (int64_t V : T.Requests)
    RequestColumns.push_back(V == Tape::Unassigned ? nullptr
                                                   : column(uint32_t(V)));
}

void scoreF32(const uint32_t *Out, const float *Target, size_t Samples,
              ProgramScore &Score) {
  const double Inf = std::numeric_limits<double>::infinity();
  Score.MaxAbs = Score.MeanAbs = Score.MaxUlp = 0;
  if (!Out) {
    Score.MaxAbs = Score.MeanAbs = Inf;
    Score.MaxUlp = FarUlp;
    return;
  }
  double Sum = 0;
  for (size_t S = 0; S < Samples; ++S) {
    float O = asFloat(Out[S]), W = Target[S];
    double Abs, Ulp;
    if (std::isnan(O) || std::isnan(W) || std::isinf(O) || std::isinf(W)) {
      bool Same = (std::isnan(O) && std::isnan(W)) || O == W;
      Abs = Same ? 0 : Inf;
      Ulp = Same ? 0 : FarUlp;
    } else {
      Abs = std::fabs(double(O) - double(W));
      Ulp = double(std::llabs(ordered(Out[S]) - ordered(asBits(W))));
    }
    Score.MaxAbs = std::max(Score.MaxAbs, Abs);
    Score.MaxUlp = std::max(Score.MaxUlp, Ulp);
    Sum += Abs;
  }
  Score.MeanAbs = Samples ? Sum / double(Samples) : 0;
}

std::string crossCheck(const InstructionSet &Set, Program Prog,
                       Span<StackPtxFastRegister> Registers, size_t Request,
                       const BatchEvalInputs &Inputs, size_t MaxSamples) {
  const size_t Requests[] = {Request};
  Tape T;
  std::string Error;
  if (!traceProgram(Set.info(), defaultLimits(), Prog, Registers, Requests, {},
                    T, Error))
    return "cannot trace: " + Error;
  std::vector<uint32_t> Values;
  std::vector<const uint32_t *> Out;
  size_t Samples = std::min(MaxSamples, Inputs.Samples);
  runTape(T, Inputs.Columns, Samples, Values, Out);
  Compiler C(Set);
  Workspace WS;
  std::string Stub;
  if (C.compile(Prog, Registers, Requests, WS, Stub) != STACK_PTX_FAST_SUCCESS)
    return "the program does not compile";
  char Buf[160];
  for (size_t S = 0; S < Samples; ++S) {
    std::map<std::string, uint32_t> File;
    for (size_t R = 0; R < Registers.size(); ++R)
      File[Registers[R].name] = Inputs.Columns[R][S];
    if (ptxinject::Error E = eval::evaluateStub(Stub, File))
      return "the PTX evaluator cannot run the stub: " + E.located();
    // An unassigned request leaves the register as it was.
    uint32_t Batch = Out[0] ? Out[0][S] : Inputs.Columns[Request][S];
    uint32_t FromStub = File[Registers[Request].name];
    if (Batch != FromStub) {
      std::snprintf(Buf, sizeof(Buf),
                    "sample %zu: the stub gives 0x%08x, the batch 0x%08x", S,
                    FromStub, Batch);
      return Buf;
    }
  }
  return std::string();
}

void evaluateBatch(const InstructionSet &Set, Span<Program> Programs,
                   Span<StackPtxFastRegister> Registers, Span<size_t> Requests,
                   const BatchEvalInputs &Inputs, unsigned Jobs,
                   std::vector<ProgramScore> &Out, uint32_t *Outputs) {
  Out.assign(Programs.size(), ProgramScore());
  if (!Jobs)
    Jobs = std::max(1u, std::thread::hardware_concurrency());
  Jobs = unsigned(std::min<size_t>(Jobs, std::max<size_t>(1, Programs.size())));
  std::atomic<size_t> Next{0};
  const StackPtxFastCompilerInfo Limits = defaultLimits();
  auto Work = [&] {
    Tape T;
    std::vector<uint32_t> Values;
    std::vector<const uint32_t *> Results;
    for (;;) {
      size_t I = Next.fetch_add(1);
      if (I >= Programs.size())
        return;
      ProgramScore &S = Out[I];
      uint32_t *Row = Outputs ? Outputs + I * Inputs.Samples : nullptr;
      S.Ok = traceProgram(Set.info(), Limits, Programs[I], Registers, Requests,
                          {}, T, S.Error);
      if (!S.Ok) {
        scoreF32(nullptr, nullptr, 0, S);
        if (Row)
          std::fill_n(Row, Inputs.Samples, 0x7fc00000u);
        continue;
      }
      S.Steps = T.Steps.size();
      runTape(T, Inputs.Columns, Inputs.Samples, Values, Results);
      const uint32_t *Result = Results.empty() ? nullptr : Results[0];
      scoreF32(Result, Inputs.Target, Inputs.Samples, S);
      if (Row && Result)
        std::copy_n(Result, Inputs.Samples, Row);
      else if (Row)
        std::fill_n(Row, Inputs.Samples, 0x7fc00000u);
    }
  };
  if (Jobs == 1) {
    Work();
    return;
  }
  std::vector<std::thread> Threads;
  for (unsigned J = 0; J < Jobs; ++J)
    Threads.emplace_back(Work);
  for (std::thread &Th : Threads)
    Th.join();
}

} // namespace stackptx
} // namespace ptxinject
