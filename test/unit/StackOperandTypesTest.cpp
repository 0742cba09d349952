//===- StackOperandTypesTest.cpp - Operands onto Stack PTX stacks ---------===//
//
// StackPtxSource::prepare puts every operand on the stack its type says: the
// type label first (F16 with PTX type b16 is the F16 stack, not "no stack
// named b16"), then the register type, then the one stack whose literal
// prefix matches. One case per stack type of the shipped description.
//
//===----------------------------------------------------------------------===//
#include "ptxinject/variants/VariantCompiler.h"

#include <gtest/gtest.h>

using namespace ptxinject;
using namespace ptxinject::variants;

namespace {

Inject injectOf(const std::string &Label, const std::string &RegisterType) {
  Inject I;
  I.Name = "site";
  InjectOperand Out{"y", "_x0", OperandKind::Out, RegisterType, Label};
  InjectOperand In{"x", "_x1", OperandKind::In, RegisterType, Label};
  I.Operands = {Out, In};
  return I;
}

class EveryStackType : public ::testing::TestWithParam<size_t> {};

TEST_P(EveryStackType, OperandsOfThatTypeGoOnItsStack) {
  const stackptx::InstructionSet &Set = stackptx::InstructionSet::builtin();
  const StackPtxFastStackTypeInfo &T = Set.info().stack_types[GetParam()];
  StackPtxSource Source(Set);
  Source.addText("x");
  Error E = Source.prepare(injectOf(T.name, T.reg_type));
  ASSERT_FALSE(E) << T.name << ": " << E.Message;
  ASSERT_EQ(Source.registers().size(), 2u);
  for (const StackPtxFastRegister &R : Source.registers())
    EXPECT_EQ(R.stack_idx, GetParam()) << T.name;
}

std::string stackName(const ::testing::TestParamInfo<size_t> &Info) {
  return stackptx::InstructionSet::builtin()
      .info()
      .stack_types[Info.param]
      .name;
}

INSTANTIATE_TEST_SUITE_P(
    BuiltinDescription, EveryStackType,
    ::testing::Range<size_t>(
        0, stackptx::InstructionSet::builtin().info().num_stack_types),
    stackName);

TEST(StackOperandTypes, TheShippedDescriptionHasTheTypesPtxInjectWrites) {
  // The marker type labels the rewriter writes for scalar operands.
  const stackptx::InstructionSet &Set = stackptx::InstructionSet::builtin();
  for (const char *Label : {"F32", "U32", "S32", "F16", "F16X2"})
    EXPECT_GE(Set.findStackType(Label), 0) << Label;
}

TEST(StackOperandTypes, RegisterTypeAloneFindsTheOnlyStackWithThatPrefix) {
  // A custom type label the description does not know, on b16: only the
  // F16 stack holds b16 values.
  StackPtxSource Source(stackptx::InstructionSet::builtin());
  Error E = Source.prepare(injectOf("MYHALF", "b16"));
  ASSERT_FALSE(E) << E.Message;
  EXPECT_EQ(Source.registers()[0].stack_idx,
            static_cast<size_t>(
                stackptx::InstructionSet::builtin().findStackType("F16")));
}

TEST(StackOperandTypes, AmbiguousRegisterTypeNamesTheCandidates) {
  // b32 is both TF32 and F16X2: a label naming neither cannot choose.
  StackPtxSource Source(stackptx::InstructionSet::builtin());
  ptxinject::Error E = Source.prepare(injectOf("B32", "b32"));
  EXPECT_TRUE(E);
  const std::string &Error = E.Message;
  EXPECT_NE(Error.find("TF32"), std::string::npos) << Error;
  EXPECT_NE(Error.find("F16X2"), std::string::npos) << Error;
  EXPECT_NE(Error.find("operand 'x' of inject 'site'"), std::string::npos)
      << Error;
}

TEST(StackOperandTypes, UnknownRegisterTypeSaysToExtendTheDescription) {
  StackPtxSource Source(stackptx::InstructionSet::builtin());
  ptxinject::Error E = Source.prepare(injectOf("F64", "f64"));
  EXPECT_TRUE(E);
  const std::string &Error = E.Message;
  EXPECT_NE(Error.find("add a stack type"), std::string::npos) << Error;
}

} // namespace
