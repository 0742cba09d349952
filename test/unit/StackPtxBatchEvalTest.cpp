//===- StackPtxBatchEvalTest.cpp - Programs over many samples -------------===//
//
// The batch evaluator computes, bit for bit, what interpretProgram computes
// sample by sample, and what the PTX evaluator computes on the compiled
// stub; and it scores by the rules BatchEval.h states.
//
//===----------------------------------------------------------------------===//
#include "ptxinject/eval/PtxEval.h"
#include "ptxinject/stackptx/BatchEval.h"
#include "ptxinject/stackptx/ConstantFit.h"
#include "ptxinject/stackptx/Interpreter.h"
#include "ptxinject/stackptx/Random.h"
#include "ptxinject/stackptx/StackPtx.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <map>
#include <random>

using namespace ptxinject;
using namespace ptxinject::stackptx;

namespace {

const InstructionSet &set() { return InstructionSet::builtin(); }

uint32_t bits(float F) {
  uint32_t B;
  std::memcpy(&B, &F, 4);
  return B;
}

TEST(StackPtxBatchEval, AgreesWithTheInterpreterAndTheStubEvaluator) {
  size_t F32 = size_t(set().findStackType("f32"));
  std::vector<StackPtxFastRegister> Regs = {{"x", F32}, {"y", F32}, {"z", F32}};
  const size_t Requests[] = {2};
  const size_t Samples = 37;
  std::mt19937_64 Rng(21);
  std::vector<std::vector<uint32_t>> Columns(3, std::vector<uint32_t>(Samples));
  std::uniform_real_distribution<float> U(-4.0f, 4.0f);
  for (auto &C : Columns)
    for (uint32_t &B : C)
      B = bits(U(Rng));
  Columns[0][0] = bits(std::numeric_limits<float>::quiet_NaN());
  Columns[1][1] = bits(-0.0f);
  std::vector<const uint32_t *> Ptrs = {Columns[0].data(), Columns[1].data(),
                                        Columns[2].data()};
  RandomProgramOptions O;
  O.InterpretedOnly = true;
  O.StackTypes = {unsigned(F32)};
  Compiler C(set());
  Workspace WS;
  std::string Stub;
  size_t Traced = 0;
  for (int P = 0; P < 300; ++P) {
    std::vector<StackPtxFastInstruction> Prog;
    randomProgram(Rng, 32, set(), Regs, Prog, O);
    Tape T;
    std::string Error;
    ASSERT_TRUE(traceProgram(set().info(), defaultLimits(), Prog, Regs,
                             Requests, {}, T, Error))
        << Error;
    std::vector<uint32_t> Values;
    std::vector<const uint32_t *> Out;
    runTape(T, Ptrs, Samples, Values, Out);
    ASSERT_EQ(Out.size(), 1u);
    Traced += T.Steps.size();
    ASSERT_EQ(C.compile(Prog, Regs, Requests, WS, Stub),
              STACK_PTX_FAST_SUCCESS);
    BatchEvalInputs In;
    In.Columns = Ptrs;
    In.Samples = Samples;
    EXPECT_EQ(crossCheck(set(), Prog, Regs, 2, In, 4), "") << Stub;
    for (size_t S = 0; S < Samples; ++S) {
      uint32_t In[3] = {Columns[0][S], Columns[1][S], Columns[2][S]};
      std::vector<RequestValue> Want;
      ASSERT_TRUE(interpretProgram(set().info(), defaultLimits(), Prog, Regs,
                                   In, Requests, {}, Want, Error))
          << Error;
      ASSERT_EQ(Want[0].Assigned, Out[0] != nullptr);
      if (!Want[0].Assigned)
        break;
      EXPECT_EQ(Want[0].Bits, Out[0][S]) << "program " << P << " sample " << S;
      if (S % 9 == 0) {
        // The stub, run by the PTX evaluator, gives the same bits.
        std::map<std::string, uint32_t> File = {
            {"x", In[0]}, {"y", In[1]}, {"z", In[2]}};
        ptxinject::Error Ran = eval::evaluateStub(Stub, File);
        ASSERT_FALSE(Ran) << Ran.located();
        EXPECT_EQ(File["z"], Out[0][S]) << Stub;
      }
    }
  }
  EXPECT_GT(Traced, 300u); // the programs did work
}

TEST(StackPtxBatchEval, ScoringRules) {
  const float Inf = std::numeric_limits<float>::infinity();
  const float NaN = std::numeric_limits<float>::quiet_NaN();
  float Target[] = {1.0f, NaN, Inf, 0.0f, 2.0f};
  uint32_t Same[] = {bits(1.0f), bits(NaN), bits(Inf), bits(-0.0f), bits(2.0f)};
  ProgramScore S;
  scoreF32(Same, Target, 5, S);
  EXPECT_EQ(S.MaxAbs, 0);
  EXPECT_EQ(S.MaxUlp, 0);
  uint32_t Near[] = {bits(1.0f) + 2, bits(NaN), bits(Inf), bits(0.0f),
                     bits(2.5f)};
  scoreF32(Near, Target, 5, S);
  EXPECT_EQ(S.MaxAbs, 0.5);
  EXPECT_DOUBLE_EQ(S.MeanAbs, (0.5 + 2 * std::ldexp(1.0, -23)) / 5);
  EXPECT_EQ(S.MaxUlp, double(bits(2.5f) - bits(2.0f)));
  uint32_t Wrong[] = {bits(1.0f), bits(1.0f), bits(-Inf), bits(0.0f),
                      bits(2.0f)};
  scoreF32(Wrong, Target, 5, S);
  EXPECT_TRUE(std::isinf(S.MaxAbs));
  EXPECT_EQ(S.MaxUlp, 4294967296.0);
  scoreF32(nullptr, Target, 5, S); // unassigned
  EXPECT_TRUE(std::isinf(S.MeanAbs));
}

TEST(StackPtxBatchEval, BatchScoresEachProgram) {
  size_t F32 = size_t(set().findStackType("f32"));
  std::vector<StackPtxFastRegister> Regs = {{"x", F32}, {"z", F32}};
  const size_t Requests[] = {1};
  int Add = set().findInstruction("add.ftz.f32");
  ASSERT_GE(Add, 0);
  // x + x, and nothing (unassigned).
  std::vector<StackPtxFastInstruction> Double = {
      stack_ptx_fast_encode_input(0), stack_ptx_fast_encode_input(0),
      stack_ptx_fast_encode_ptx_instruction(unsigned(Add)),
      stack_ptx_fast_encode_return};
  std::vector<StackPtxFastInstruction> Empty = {stack_ptx_fast_encode_return};
  std::vector<Program> Programs = {Double, Empty};
  std::vector<uint32_t> X = {bits(1.0f), bits(2.5f)}, Z = {0, 0};
  float Target[] = {2.0f, 5.0f};
  BatchEvalInputs In;
  In.Columns = {X.data(), Z.data()};
  In.Samples = 2;
  In.Target = Target;
  std::vector<ProgramScore> Out;
  evaluateBatch(set(), Programs, Regs, Requests, In, 2, Out);
  ASSERT_EQ(Out.size(), 2u);
  EXPECT_TRUE(Out[0].Ok);
  EXPECT_EQ(Out[0].MaxAbs, 0);
  EXPECT_EQ(Out[0].Steps, 1u);
  EXPECT_TRUE(Out[1].Ok);
  EXPECT_TRUE(std::isinf(Out[1].MaxAbs));
}

TEST(StackPtxConstantFit, ScalingIsExactAndFittingMovesAConstant) {
  // a and b in closed form: f = x, target 3x + 0.5.
  float F[] = {-1, 0, 0.5f, 2}, T[] = {-2.5f, 0.5f, 2, 6.5f};
  LinearScale L = linearScale(F, T, 4, false);
  EXPECT_NEAR(L.A, 3, 1e-12);
  EXPECT_NEAR(L.B, 0.5, 1e-12);
  // A constant output has no slope; for max_abs the offset is the middle
  // of the residuals' range.
  float Flat[] = {1, 1, 1, 1};
  L = linearScale(Flat, T, 4, true);
  EXPECT_EQ(L.A, 0);
  EXPECT_NEAR(L.B, 2, 1e-12);

  // sin(c * x) against sin(2.5 x): scaling cannot reach it, c must move.
  size_t F32 = size_t(set().findStackType("f32"));
  std::vector<StackPtxFastRegister> Regs = {{"x", F32}, {"out", F32}};
  int Mul = set().findInstruction("mul.ftz.f32");
  int Sin = set().findInstruction("sin.approx.ftz.f32");
  ASSERT_GE(Mul, 0);
  ASSERT_GE(Sin, 0);
  std::vector<std::vector<StackPtxFastInstruction>> Programs = {
      {stack_ptx_fast_encode_constant_bits(F32, bits(1.0f)),
       stack_ptx_fast_encode_input(0),
       stack_ptx_fast_encode_ptx_instruction(unsigned(Mul)),
       stack_ptx_fast_encode_ptx_instruction(unsigned(Sin)),
       stack_ptx_fast_encode_return}};
  const size_t Samples = 32;
  std::vector<uint32_t> X(Samples), Out(Samples, 0);
  std::vector<float> Target(Samples);
  for (size_t S = 0; S < Samples; ++S) {
    float V = -1 + 2.0f * float(S) / float(Samples - 1);
    X[S] = bits(V);
    Target[S] = float(std::sin(2.5 * double(V)));
  }
  BatchEvalInputs In;
  In.Columns = {X.data(), Out.data()};
  In.Samples = Samples;
  In.Target = Target.data();
  ConstantFitOptions O;
  O.Iterations = 20;
  O.Scale = false;
  std::vector<float> Outputs;
  size_t Runs = fitConstants(set(), Programs, {{0}}, Regs, 1, In, O, Outputs);
  float C;
  std::memcpy(&C, &Programs[0][0].payload.u, 4);
  EXPECT_NEAR(C, 2.5f, 1e-3);
  // The first run, then per step a Jacobian and a trial at most.
  EXPECT_GT(Runs, 2u);
  EXPECT_LE(Runs, 1 + 2 * size_t(O.Iterations));
  // The outputs left are the fitted program's, as the evaluator runs it.
  std::vector<ProgramScore> Scores;
  std::vector<float> Again(Samples);
  std::vector<Program> Spans = {Programs[0]};
  const size_t Requests[] = {1};
  evaluateBatch(set(), Spans, Regs, Requests, In, 1, Scores,
                reinterpret_cast<uint32_t *>(Again.data()));
  EXPECT_EQ(std::memcmp(Again.data(), Outputs.data(), Samples * 4), 0);
  EXPECT_LT(Scores[0].MaxAbs, 1e-3);
}

TEST(StackPtxConstantFit, JacobianIsTheChainRuleOverTheTape) {
  // out = sin(c0 * x + c1), with c2 pushed and dropped by nothing it
  // feeds: d/dc0 = cos(.) x, d/dc1 = cos(.), d/dc2 = 0.
  size_t F32 = size_t(set().findStackType("f32"));
  std::vector<StackPtxFastRegister> Regs = {{"x", F32}, {"out", F32}};
  int Mul = set().findInstruction("mul.ftz.f32");
  int Add = set().findInstruction("add.ftz.f32");
  int Sin = set().findInstruction("sin.approx.ftz.f32");
  ASSERT_GE(Mul, 0);
  ASSERT_GE(Add, 0);
  ASSERT_GE(Sin, 0);
  const float C0 = 1.5f, C1 = -0.25f;
  std::vector<StackPtxFastInstruction> Prog = {
      stack_ptx_fast_encode_constant_bits(F32, bits(7.0f)),
      stack_ptx_fast_encode_constant_bits(F32, bits(C0)),
      stack_ptx_fast_encode_input(0),
      stack_ptx_fast_encode_ptx_instruction(unsigned(Mul)),
      stack_ptx_fast_encode_constant_bits(F32, bits(C1)),
      stack_ptx_fast_encode_ptx_instruction(unsigned(Add)),
      stack_ptx_fast_encode_ptx_instruction(unsigned(Sin)),
      stack_ptx_fast_encode_return};
  const size_t Samples = 16;
  std::vector<uint32_t> X(Samples), Out(Samples, 0);
  std::vector<float> Target(Samples, 0.0f);
  for (size_t S = 0; S < Samples; ++S)
    X[S] = bits(-1 + 2.0f * float(S) / float(Samples - 1));
  BatchEvalInputs In;
  In.Columns = {X.data(), Out.data()};
  In.Samples = Samples;
  In.Target = Target.data();
  ConstantJacobian J;
  std::vector<double> D;
  ASSERT_TRUE(J.compute(set(), Prog, Regs, 1, In, {1, 4, 0}, D));
  ASSERT_EQ(D.size(), Samples * 3);
  for (size_t S = 0; S < Samples; ++S) {
    float V;
    std::memcpy(&V, &X[S], 4);
    double Cos = std::cos(double(C0) * V + C1);
    EXPECT_NEAR(D[S * 3 + 0], Cos * V, 2e-3) << S;
    EXPECT_NEAR(D[S * 3 + 1], Cos, 2e-3) << S;
    EXPECT_EQ(D[S * 3 + 2], 0.0) << S;
  }
  // An output no constant reaches (here none is assigned) has derivatives 0.
  std::vector<StackPtxFastInstruction> Bad = {
      stack_ptx_fast_encode_ptx_instruction(
          uint32_t(set().info().num_instructions)),
      stack_ptx_fast_encode_return};
  J.compute(set(), Bad, Regs, 1, In, {0}, D);
  EXPECT_EQ(D, std::vector<double>(Samples, 0.0));
}

TEST(StackPtxConstantFit, PrepareFitWeighsInputsAndKeepsLiveConstants) {
  // 7.0 (dead: nothing consumes it) x y 0.5 mul add, then a scaling tail
  // 2.0 1.0 fma: the fit sees x and y weighted, y's own weight kept, the
  // tail gone and only the live constants.
  size_t F32 = size_t(set().findStackType("f32"));
  std::vector<StackPtxFastRegister> Regs = {
      {"x", F32}, {"y", F32}, {"out", F32}};
  int Mul = set().findInstruction("mul.ftz.f32");
  int Add = set().findInstruction("add.ftz.f32");
  int Fma = set().findInstruction("fma.rn.ftz.f32");
  auto constant = [&](float V) {
    return stack_ptx_fast_encode_constant_bits(F32, bits(V));
  };
  auto ptx = [](int I) {
    return stack_ptx_fast_encode_ptx_instruction(unsigned(I));
  };
  std::vector<StackPtxFastInstruction> Prog = {constant(7.0f),
                                               stack_ptx_fast_encode_input(0),
                                               stack_ptx_fast_encode_input(1),
                                               constant(0.5f),
                                               ptx(Mul),
                                               ptx(Add),
                                               constant(2.0f),
                                               constant(1.0f),
                                               ptx(Fma),
                                               stack_ptx_fast_encode_return};
  const StackPtxFastInstruction Weight[2] = {constant(1.0f), ptx(Mul)};
  FitCandidate C;
  ASSERT_TRUE(prepareFit(set(), Prog, 3, Weight, Regs, 2, C));
  std::vector<StackPtxFastInstruction> Want = {constant(7.0f),
                                               stack_ptx_fast_encode_input(0),
                                               constant(1.0f),
                                               ptx(Mul),
                                               stack_ptx_fast_encode_input(1),
                                               constant(0.5f),
                                               ptx(Mul),
                                               ptx(Add),
                                               stack_ptx_fast_encode_return};
  ASSERT_EQ(C.Words.size(), Want.size());
  EXPECT_EQ(std::memcmp(C.Words.data(), Want.data(), Want.size() * 8), 0);
  EXPECT_EQ(C.Positions, (std::vector<size_t>{2, 5}));
  // Without a weight, only the words before the tail.
  ASSERT_TRUE(prepareFit(set(), Prog, 3, nullptr, Regs, 2, C));
  EXPECT_EQ(C.Words.size(), 7u);
  EXPECT_EQ(C.Positions, (std::vector<size_t>{3}));
}

} // namespace
