//===- PtxEvalTest.cpp - The CPU evaluator rejects what it cannot run -----===//
#include "ptxinject/eval/PtxEval.h"
#include "ptxinject/support/F32Bits.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <optional>
#include <vector>

using namespace ptxinject::eval;

namespace {

std::string evalError(std::string_view Stub) {
  std::map<std::string, uint32_t> Registers{{"a", 7}, {"b", 9}};
  ptxinject::Error E = evaluateStub(Stub, Registers);
  EXPECT_TRUE(E) << Stub;
  return E.located();
}

TEST(PtxEval, CopyWithoutSourceIsAnErrorNotARead) {
  // These read past an empty operand list before the counts were checked.
  for (const char *Stub :
       {"cvt.u8.u8 %a;", "cvt.s8.s8 %a;", "mov.b32 %a;", "mov.u32 %a;"}) {
    std::string E = evalError(Stub);
    EXPECT_NE(E.find("one destination and one source"), std::string::npos)
        << Stub << ": " << E;
    EXPECT_EQ(E.substr(0, 2), "1:") << E; // located
  }
}

TEST(PtxEval, TheFormerNamespaceStillNamesTheEvaluator) {
  // ptxinject::ptxeval is an alias of ptxinject::eval for existing users.
  uint32_t Args[2] = {2, 3}, Result = 0;
  ASSERT_TRUE(
      ptxinject::ptxeval::evaluateOpcode("add.u32", Args, 2, &Result, 1));
  EXPECT_EQ(Result, 5u);
}

TEST(PtxEval, CopyWithTooManyOperandsIsAnError) {
  evalError("cvt.u8.u8 %a, %b, %b;");
  evalError("mov.b32 {%a, %b}, %b;");
}

TEST(PtxEval, ArithmeticWithWrongOperandCountIsAnError) {
  for (const char *Stub : {"add.u32 %a;", "add.u32 %a, %b;",
                           "fma.rn.f32 %a, %b, %b;", "selp.f32 %a, %b;"})
    evalError(Stub);
}

TEST(PtxEval, CopiesStillRun) {
  std::map<std::string, uint32_t> Registers{{"b", 9}};
  ptxinject::Error E =
      evaluateStub("cvt.u8.u8 %a, %b; mov.b32 %c, %a;", Registers);
  ASSERT_FALSE(E) << E.located();
  EXPECT_EQ(Registers["c"], 9u);
}

uint32_t bits(float F) { return ptxinject::asBits(F); }

float asFloatForTest(uint32_t B) { return ptxinject::asFloat(B); }

// The f32 comparisons of instruction sets such as mm-kermac's (its
// setp.gt.ftz.f32), with PTX's ordered semantics.
TEST(PtxEval, FloatComparisonsAreOrdered) {
  const float NaN = std::numeric_limits<float>::quiet_NaN();
  const float Sub = std::numeric_limits<float>::denorm_min();
  struct Case {
    const char *Opcode;
    float A, B;
    uint32_t Expected;
  } Cases[] = {
      {"setp.gt.ftz.f32", 2.0f, 1.0f, 1},
      {"setp.gt.ftz.f32", 1.0f, 1.0f, 0},
      {"setp.ge.ftz.f32", 1.0f, 1.0f, 1},
      {"setp.le.f32", 1.0f, 2.0f, 1},
      {"setp.lt.f32", 2.0f, 1.0f, 0},
      {"setp.eq.f32", -0.0f, 0.0f, 1},
      {"setp.ne.f32", 1.0f, 2.0f, 1},
      {"setp.ne.ftz.f32", 1.0f, 1.0f, 0},
      // NaN: every ordered comparison is false, ne included.
      {"setp.ne.f32", NaN, 1.0f, 0},
      {"setp.eq.f32", NaN, NaN, 0},
      {"setp.gt.ftz.f32", NaN, 1.0f, 0},
      {"setp.lt.ftz.f32", 1.0f, NaN, 0},
      // .ftz flushes a subnormal operand to zero before comparing.
      {"setp.gt.ftz.f32", Sub, 0.0f, 0},
      {"setp.gt.f32", Sub, 0.0f, 1},
      {"setp.eq.ftz.f32", -Sub, 0.0f, 1},
      {"setp.eq.f32", -Sub, 0.0f, 0},
  };
  for (const Case &C : Cases) {
    uint32_t Args[2] = {bits(C.A), bits(C.B)}, R = 7;
    ASSERT_TRUE(evaluateOpcode(C.Opcode, Args, 2, &R, 1)) << C.Opcode;
    EXPECT_EQ(R, C.Expected) << C.Opcode << " " << C.A << " " << C.B;
  }
}

// min and max follow the PTX ISA's definition, (a < b) ? a : b after the
// NaN rules: of two zeros the second operand is the result, in the scalar
// evaluator and in the batch one alike (std::fmin left the sign open, and
// the two disagreed on min(-0, +0)).
TEST(PtxEval, MinAndMaxOfZerosAndNaNsFollowThePtxDefinition) {
  const float NaN = std::numeric_limits<float>::quiet_NaN();
  struct Case {
    const char *Opcode;
    float A, B;
    uint32_t Expected;
  } Cases[] = {
      {"min.ftz.f32", -0.0f, 0.0f, 0x00000000u},
      {"min.ftz.f32", 0.0f, -0.0f, 0x80000000u},
      {"max.ftz.f32", -0.0f, 0.0f, 0x00000000u},
      {"max.ftz.f32", 0.0f, -0.0f, 0x80000000u},
      {"min.ftz.f32", NaN, 2.0f, bits(2.0f)},
      {"max.ftz.f32", 2.0f, NaN, bits(2.0f)},
      {"min.ftz.f32", 1.0f, 2.0f, bits(1.0f)},
      {"max.ftz.f32", 1.0f, 2.0f, bits(2.0f)},
  };
  for (const Case &C : Cases) {
    uint32_t Args[2] = {bits(C.A), bits(C.B)}, R = 7;
    ASSERT_TRUE(evaluateOpcode(C.Opcode, Args, 2, &R, 1)) << C.Opcode;
    EXPECT_EQ(R, C.Expected) << C.Opcode << " " << C.A << " " << C.B;
    // The batch path, over enough samples to take its vector loop.
    std::vector<uint32_t> As(64, bits(C.A)), Bs(64, bits(C.B)), Out(64, 7);
    const uint32_t *Columns[2] = {As.data(), Bs.data()};
    std::optional<ResolvedOpcode> Op = ResolvedOpcode::resolve(C.Opcode, 2);
    ASSERT_TRUE(Op) << C.Opcode;
    Op->evaluate(Columns, Out.data(), Out.size());
    for (uint32_t V : Out)
      ASSERT_EQ(V, C.Expected) << C.Opcode << " " << C.A << " " << C.B;
  }
  uint32_t Both[2] = {bits(NaN), bits(NaN)}, R = 0;
  ASSERT_TRUE(evaluateOpcode("min.ftz.f32", Both, 2, &R, 1));
  EXPECT_TRUE(std::isnan(asFloatForTest(R)));
}

TEST(PtxEval, ComparisonRunsInAStub) {
  std::map<std::string, uint32_t> Registers{{"a", bits(3.0f)},
                                            {"b", bits(2.0f)}};
  ptxinject::Error E =
      evaluateStub("{\n.reg .pred %p;\nsetp.gt.ftz.f32 %p, %a, %b;\n"
                   "selp.f32 %c, %a, %b, %p;\n}",
                   Registers);
  ASSERT_FALSE(E) << E.located();
  EXPECT_EQ(Registers["c"], bits(3.0f));
}

} // namespace
