//===- PtxEvalTest.cpp - The CPU evaluator rejects what it cannot run -----===//
#include "ptxinject/eval/PtxEval.h"

#include <gtest/gtest.h>

using namespace ptxinject::ptxeval;

namespace {

std::string evalError(std::string_view Stub) {
  std::map<std::string, uint32_t> Registers{{"a", 7}, {"b", 9}};
  std::string Error;
  EXPECT_FALSE(evaluateStub(Stub, Registers, Error)) << Stub;
  return Error;
}

TEST(PtxEval, CopyWithoutSourceIsAnErrorNotARead) {
  // These read past an empty operand list before the counts were checked.
  for (const char *Stub : {"cvt.u8.u8 %a;", "cvt.s8.s8 %a;", "mov.b32 %a;",
                           "mov.u32 %a;"}) {
    std::string E = evalError(Stub);
    EXPECT_NE(E.find("one destination and one source"), std::string::npos)
        << Stub << ": " << E;
    EXPECT_EQ(E.substr(0, 2), "1:") << E; // located
  }
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
  std::string Error;
  ASSERT_TRUE(evaluateStub("cvt.u8.u8 %a, %b; mov.b32 %c, %a;", Registers, Error))
      << Error;
  EXPECT_EQ(Registers["c"], 9u);
}

} // namespace
