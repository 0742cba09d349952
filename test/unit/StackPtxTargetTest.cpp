//===- StackPtxTargetTest.cpp - Description entries and their minimum target
//===//
//
// %aggr_smem_size exists from sm_90 (PTX ISA 8.1): a stub for sm_80 that
// names it is rejected by ptxas, so compiling for a target never emits what
// the target lacks, and random programs for it never draw it.
//
//===----------------------------------------------------------------------===//
#include "ReadDescription.h"
#include "ptxinject/stackptx/Random.h"
#include "ptxinject/stackptx/StackPtx.h"
#include "ptxinject/stackptx/Text.h"

#include <gtest/gtest.h>

#include <random>

using namespace ptxinject::stackptx;
using ptxinject::test::readSet;

namespace {

const InstructionSet &set() { return InstructionSet::builtin(); }

std::vector<StackPtxFastRegister> u32Out() {
  return {{"r", size_t(set().findStackType("u32"))}};
}

std::string compileFor(const char *Text, const InstructionSet &Set) {
  auto Regs = u32Out();
  std::vector<StackPtxFastInstruction> Prog;
  TextError Err;
  EXPECT_TRUE(parseProgram(Text, Set, Regs, Prog, Err)) << Err.Message;
  Compiler C(Set);
  Workspace WS;
  std::string Out;
  const size_t Requests[] = {0};
  EXPECT_EQ(C.compile(Prog, Regs, Requests, WS, Out), STACK_PTX_FAST_SUCCESS);
  return Out;
}

TEST(StackPtxTarget, BuiltinDescriptionKnowsAggrSmemSizeNeedsSm90) {
  int S = set().findSpecialRegister("aggr_smem_size");
  ASSERT_GE(S, 0);
  EXPECT_EQ(set().specialRegisterTarget(S).Sm, 90u);
  EXPECT_EQ(set().specialRegisterTarget(S).Ptx, 81u);
  EXPECT_EQ(set().specialRegisterTarget(set().findSpecialRegister("tid.x")).Sm,
            0u);
}

TEST(StackPtxTarget, CompileForATargetNeverEmitsWhatItLacks) {
  Target Sm80, Sm90;
  ASSERT_TRUE(Target::parse("sm_80", Sm80));
  ASSERT_TRUE(Target::parse("sm_90a", Sm90));
  EXPECT_EQ(Sm90.Sm, 90u);
  std::string For80 = compileFor("%aggr_smem_size", set().forTarget(Sm80));
  EXPECT_EQ(For80.find("aggr_smem_size"), std::string::npos) << For80;
  std::string For90 = compileFor("%aggr_smem_size", set().forTarget(Sm90));
  EXPECT_NE(For90.find("%aggr_smem_size"), std::string::npos) << For90;
  // Other entries are untouched, and indices keep their meaning.
  std::string Tid = compileFor("%tid.x", set().forTarget(Sm80));
  EXPECT_NE(Tid.find("%tid.x"), std::string::npos) << Tid;
  EXPECT_EQ(set().forTarget(Sm80).findSpecialRegister("aggr_smem_size"),
            set().findSpecialRegister("aggr_smem_size"));
}

TEST(StackPtxTarget, RandomProgramsForATargetNeverDrawWhatItLacks) {
  int Aggr = set().findSpecialRegister("aggr_smem_size");
  auto Regs = u32Out();
  std::mt19937_64 Rng(7);
  std::vector<StackPtxFastInstruction> Prog;
  for (unsigned Sm : {80u, 90u}) {
    RandomProgramOptions Options;
    Options.For.Sm = Sm;
    size_t Drawn = 0;
    for (int I = 0; I < 400; ++I) {
      randomProgram(Rng, 60, set(), Regs, Prog, Options);
      std::string Text = printProgram(Prog, set(), Regs);
      Drawn += Text.find("%aggr_smem_size") != std::string::npos;
    }
    if (Sm == 80)
      EXPECT_EQ(Drawn, 0u);
    else
      EXPECT_GT(Drawn, 0u)
          << "sm_90 programs should draw %aggr_smem_size sometimes";
  }
  (void)Aggr;
}

TEST(StackPtxTarget, TargetParsing) {
  Target T;
  EXPECT_TRUE(Target::parse("86", T));
  EXPECT_EQ(T.Sm, 86u);
  for (const char *Bad : {"", "sm_", "sm_8", "compute_x", "sm_99999", "sm_80b"})
    EXPECT_FALSE(Target::parse(Bad, T)) << Bad;
  EXPECT_TRUE((Target{80, 80}).has(Target{80, 0}));
  EXPECT_FALSE((Target{80, 80}).has(Target{90, 81}));
  EXPECT_FALSE((Target{90, 78}).has(Target{90, 81}));
  EXPECT_TRUE(Target().has(Target{90, 81})); // no target: everything
}

TEST(StackPtxTarget, DescriptionMinTargetErrorsAreLocated) {
  InstructionSet S;
  std::string Error;
  const char *Head =
      "{\"stack_types\": [{\"name\": \"U32\", \"literal_prefix\": \"u32\"}],"
      " \"arg_types\": [{\"name\": \"U32\", \"stack_type\": \"U32\"}],\n"
      " \"special_registers\": [{\"ptx\": \"a\", \"arg_type\": \"U32\", ";
  EXPECT_FALSE(readSet(std::string(Head) + "\"min_sm\": \"90\"}]}", S, Error));
  EXPECT_EQ(Error.substr(0, 5), "2:66:") << Error; // the value
  EXPECT_NE(Error.find("min_sm"), std::string::npos) << Error;
  EXPECT_FALSE(readSet(std::string(Head) + "\"min_ptx\": \"81\"}]}", S, Error));
  EXPECT_NE(Error.find("min_ptx"), std::string::npos) << Error;
  ASSERT_TRUE(readSet(
      std::string(Head) + "\"min_sm\": 100, \"min_ptx\": \"8.6\"}]}", S, Error))
      << Error;
  EXPECT_EQ(S.specialRegisterTarget(0).Sm, 100u);
  EXPECT_EQ(S.specialRegisterTarget(0).Ptx, 86u);
}

} // namespace
