//===- RuntimePruneTest.cpp - Pruning unreferenced module-scope variables -===//
#include "ptxinject/module/Module.h"
#include "ptxinject/module/PtxPrune.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

using namespace ptxinject;

namespace {

const char *Header = ".version 8.0\n.target sm_80\n.address_size 64\n";

std::string module(const std::string &Globals, const std::string &Body) {
  return Header + Globals + ".visible .entry k()\n{\n\t.reg .b32 %r<4>;\n" +
         Body + "\tret;\n}\n";
}

bool declares(const std::string &Ptx, const std::string &Name) {
  // Declarations end their name with ';', ',', '[' or ' ='.
  for (const char *After : {";", ",", "[", " ="})
    if (Ptx.find(" " + Name + After) != std::string::npos)
      return true;
  return false;
}

size_t lines(const std::string &S) {
  return static_cast<size_t>(std::count(S.begin(), S.end(), '\n'));
}

TEST(PtxPrune, RemovesOnlyInternalUnreferencedVariables) {
  std::string Ptx = module(
      ".visible .global .u32 vis;\n"
      ".extern .global .u32 ext;\n"
      ".global .u32 unused;\n"
      ".const .align 4 .f32 table[2] = {0f3F800000, 0f40000000};\n"
      ".const .align 4 .f32 unused_table[2] = {0f00000000, 0f00000000};\n"
      ".shared .align 4 .b8 smem[64];\n"
      ".global .u32 used;\n",
      "\tld.global.u32 %r1, [used];\n"
      "\tld.const.u32 %r2, [table+4];\n"
      "\tmov.u32 %r3, smem;\n");
  PruneStats Stats;
  std::string Out = pruneUnusedGlobals(Ptx, &Stats);
  EXPECT_TRUE(Stats.Scanned);
  EXPECT_EQ(Stats.RemovedVariables, 2u);
  EXPECT_EQ(Stats.RemovedBytes, Ptx.size() - Out.size());
  EXPECT_FALSE(declares(Out, "unused"));
  EXPECT_FALSE(declares(Out, "unused_table"));
  for (const char *Kept : {"vis", "ext", "table", "smem", "used"})
    EXPECT_TRUE(declares(Out, Kept)) << Kept;
  EXPECT_EQ(lines(Out), lines(Ptx));
}

TEST(PtxPrune, FollowsInitializersToAFixedPoint) {
  std::string Ptx = module(".global .u32 c;\n"
                           ".global .u64 b = generic(c);\n"
                           ".global .u64 a[2] = {generic(b), 0};\n"
                           ".global .u32 kept;\n"
                           ".visible .global .u64 root = generic(kept);\n",
                           "");
  PruneStats Stats;
  std::string Out = pruneUnusedGlobals(Ptx, &Stats);
  EXPECT_EQ(Stats.RemovedVariables, 3u);
  EXPECT_FALSE(declares(Out, "a"));
  EXPECT_FALSE(declares(Out, "b"));
  EXPECT_FALSE(declares(Out, "c"));
  EXPECT_TRUE(declares(Out, "kept"));
  EXPECT_TRUE(declares(Out, "root"));
}

TEST(PtxPrune, UsesAreWholeIdentifiersOutsideComments) {
  std::string Ptx = module(".global .u32 x;\n"
                           ".global .u32 x_long;\n"
                           ".global .u32 y;\n"
                           ".global .u32 named;\n"
                           ".pragma \"named\";\n",
                           "\t// x is mentioned here only in a comment\n"
                           "\t/* and y in a block comment */\n"
                           "\tld.global.u32 %r1, [x_long];\n");
  std::string Out = pruneUnusedGlobals(Ptx);
  EXPECT_FALSE(declares(Out, "x"));
  EXPECT_FALSE(declares(Out, "y"));
  // A string is not a reference either.
  EXPECT_FALSE(declares(Out, "named"));
  EXPECT_TRUE(declares(Out, "x_long"));
}

TEST(PtxPrune, LeavesWhatItCannotJudge) {
  // Two names in one statement go only together; parameterized names and
  // attributes are left alone; a variable inside a function is not at
  // module scope.
  std::string Ptx = module(".global .u32 m1, m2;\n"
                           ".global .u32 p<4>;\n"
                           ".global .attribute(.managed) .u32 managed;\n",
                           "\t.global .u32 inner;\n"
                           "\tld.global.u32 %r1, [m2];\n");
  PruneStats Stats;
  std::string Out = pruneUnusedGlobals(Ptx, &Stats);
  EXPECT_EQ(Stats.RemovedVariables, 0u);
  EXPECT_EQ(Out, Ptx);
}

TEST(PtxPrune, KeepsCycles) {
  // Each is used by the other: conservative, both stay.
  std::string Ptx = module(".global .u64 p = generic(q);\n"
                           ".global .u64 q = generic(p);\n",
                           "");
  EXPECT_EQ(pruneUnusedGlobals(Ptx), Ptx);
}

TEST(PtxPrune, UnscannableTextComesBackUnchanged) {
  for (const std::string &Bad :
       {module(".global .u32 dead;\n/* never closed\n", ""),
        module(".global .u32 dead;\n.pragma \"never closed;\n", ""),
        module(".global .u32 dead;\n", "\t{\n"),
        module(".global .u32 dead;\n}\n", ""),
        std::string(".global .u32 dead = {1, 2;\n")}) {
    PruneStats Stats;
    EXPECT_EQ(pruneUnusedGlobals(Bad, &Stats), Bad);
    EXPECT_FALSE(Stats.Scanned);
  }
  // Truncated text never reads past its end.
  std::string Ptx = module(".global .u32 dead;\n", "");
  for (size_t N = 0; N <= Ptx.size(); ++N)
    pruneUnusedGlobals(std::string_view(Ptx.data(), N));
}

TEST(PtxPrune, ParseOptionPrunesOnceAndKeepsSiteLines) {
  std::string Ptx = module(".global .u32 dead1;\n"
                           ".global .b8 dead2[4] = {1,\n 2, 3, 4};\n",
                           "\t{\n"
                           "\t.reg .f32 %_x0;\n"
                           "\t// PTX_INJECT_START func\n"
                           "\t// _x0 o f32 F32 y\n"
                           "\t// PTX_INJECT_END\n"
                           "\t}\n");
  Expected<Module> Plain = Module::parse(Ptx);
  ParseOptions Options;
  Options.PruneUnusedGlobals = true;
  Expected<Module> Pruned = Module::parse(Ptx, Options);
  ASSERT_TRUE(Plain && Pruned);
  EXPECT_EQ(Plain->source(), Ptx);
  EXPECT_EQ(std::string(Pruned->source()), pruneUnusedGlobals(Ptx));
  EXPECT_FALSE(declares(std::string(Pruned->source()), "dead1"));
  EXPECT_FALSE(declares(std::string(Pruned->source()), "dead2"));
  ASSERT_EQ(Pruned->numInjects(), 1u);
  EXPECT_EQ(Pruned->inject(0).Sites[0].Line, Plain->inject(0).Sites[0].Line);

  std::string Out;
  std::string_view Stub = "mov.f32 %_x0, 0f00000000;";
  ASSERT_FALSE(Pruned->render(&Stub, 1, Out));
  EXPECT_NE(Out.find("mov.f32 %_x0, 0f00000000;"), std::string::npos);
  EXPECT_EQ(Out.find("dead"), std::string::npos);
}

} // namespace
