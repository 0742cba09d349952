//===- KernelPruneTest.cpp - Kernels of a module that hold no program -----===//
#include "ptxinject/variants/KernelPrune.h"
#include "ptxinject/variants/VariantCompiler.h"

#include "CopyingBackend.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

using namespace ptxinject;
using namespace ptxinject::variants;

namespace {

std::string site(const char *Inject) {
  return std::string("{\n.reg .f32 %_x0;\n.reg .f32 %_x1;\nmov.f32 %_x1, %f1;\n"
                     "// PTX_INJECT_START ") +
         Inject +
         "\n// _x0 o f32 F32 y\n// _x1 i f32 F32 x\n// PTX_INJECT_END\n"
         "mov.f32 %f2, %_x0;\n}\n";
}

std::string kernel(const char *Name, std::vector<const char *> Injects) {
  std::string S = std::string("\t// .globl\t") + Name + "\n.visible .entry " +
                  Name + "(\n\t.param .u64 " + Name +
                  "_param_0\n)\n{\n"
                  "\t.reg .f32 %f<3>;\n\t.reg .b64 %rd<2>;\n"
                  "\tld.param.u64 %rd1, [" +
                  Name +
                  "_param_0];\n"
                  "\tld.global.f32 %f1, [%rd1];\n";
  for (const char *I : Injects)
    S += site(I);
  S += "\tst.global.f32 [%rd1], %f2;\n\tret;\n}\n";
  return S;
}

// k_a holds inject_0 and inject_1, k_b inject_2, k_other inject_3 and an
// inject that is no slot of a pack of 4, k_helper no site; a .func and
// comments that mention .entry must not count as kernels.
std::string modulePtx() {
  return ".version 8.0\n.target sm_80\n.address_size 64\n"
         "/* a block comment: .visible .entry fake() { } */\n"
         ".func (.reg .f32 r) helper_func(.reg .f32 a)\n{\n\tmov.f32 r, "
         "a;\n\tret;\n}\n" +
         kernel("k_a", {"inject_0", "inject_1"}) + kernel("k_b", {"inject_2"}) +
         kernel("k_other", {"inject_3", "other_0"}) +
         "// .entry in a comment\n.visible .entry k_helper(\n\t.param .u64 "
         "p\n)\n"
         "{\n\tret;\n}\n";
}

std::vector<std::string_view> entryNames(std::string_view Ptx) {
  std::vector<PtxEntrySpan> Entries;
  EXPECT_TRUE(findEntries(Ptx, Entries));
  std::vector<std::string_view> Names;
  for (const PtxEntrySpan &E : Entries)
    Names.push_back(E.Name);
  return Names;
}

size_t lines(std::string_view S) {
  return std::count(S.begin(), S.end(), '\n');
}

} // namespace

TEST(KernelPrune, FindsKernelDefinitionsOnly) {
  std::string Ptx = modulePtx();
  EXPECT_EQ(entryNames(Ptx), (std::vector<std::string_view>{
                                 "k_a", "k_b", "k_other", "k_helper"}));
  std::vector<PtxEntrySpan> Entries;
  ASSERT_TRUE(findEntries(Ptx, Entries));
  // A span runs from the linkage directive to the closing brace.
  EXPECT_EQ(Ptx.compare(Entries[0].Begin, 21, ".visible .entry k_a(\n"), 0);
  EXPECT_EQ(Ptx[Entries[0].End - 1], '}');
  // Braces in strings and comments do not count; a declaration is no
  // definition; text it cannot scan gives nothing to prune.
  EXPECT_EQ(
      entryNames(".extern .entry decl(.param .u64 p);\n.entry k() { // }\n"
                 "{ } /* } */ }\n"),
      (std::vector<std::string_view>{"k"}));
  EXPECT_FALSE(findEntries(".entry k() { { }\n", Entries));
  EXPECT_FALSE(findEntries(".entry k() { /* }\n", Entries));
}

TEST(KernelPrune, BracesInStringsDoNotCount) {
  // The walk PtxPrune uses too (PtxLexer.h): a brace in a string literal
  // is text, and an escaped quote does not end the string.
  EXPECT_EQ(entryNames(".entry s() { .pragma \"}\\\"}\"; }\n.entry t() { }\n"),
            (std::vector<std::string_view>{"s", "t"}));
  std::vector<PtxEntrySpan> Entries;
  EXPECT_FALSE(findEntries(".entry k() { .pragma \"}; }\n", Entries));
  // A name follows .entry past comments; without one there is no kernel.
  EXPECT_EQ(entryNames(".entry /* k */ named() { }\n.entry { }\n"),
            (std::vector<std::string_view>{"named"}));
}

TEST(KernelPrune, LeavesOutKernelsWhoseSlotsAreAllEmpty) {
  Expected<Module> M = Module::parse(modulePtx());
  ASSERT_TRUE(M) << M.error().Message;
  VariantOptions O;
  O.Pack = 4;
  Expected<std::vector<size_t>> Slots = resolveSlots(*M, O);
  ASSERT_TRUE(Slots) << Slots.error().Message;
  KernelPruner Pruner(*M, *Slots);
  ASSERT_TRUE(Pruner.active());

  std::vector<std::string_view> Stubs(M->numInjects());
  std::string Rendered, Out = "untouched";
  ASSERT_FALSE(M->render(Stubs, Rendered));
  // Every slot filled, or one of each kernel's: nothing to remove.
  EXPECT_EQ(Pruner.prune(Rendered, {true, true, true, true}, Out), 0u);
  EXPECT_EQ(Pruner.prune(Rendered, {false, true, true, false}, Out), 0u);
  EXPECT_EQ(Out, "untouched");
  // Only k_a's slots filled: k_b goes; k_other (whose slot is empty, but
  // which holds a site outside the slots) and k_helper (no site) stay, and
  // so do the lines.
  EXPECT_EQ(Pruner.prune(Rendered, {true, false, false, false}, Out), 1u);
  EXPECT_EQ(entryNames(Out),
            (std::vector<std::string_view>{"k_a", "k_other", "k_helper"}));
  EXPECT_EQ(lines(Out), lines(Rendered));
  EXPECT_NE(Out.find("helper_func"), std::string::npos);
  EXPECT_EQ(Out.find("k_b_param_0"), std::string::npos);
  // Nothing filled: both slot kernels go.
  EXPECT_EQ(Pruner.prune(Rendered, {false, false, false, false}, Out), 2u);
  EXPECT_EQ(entryNames(Out),
            (std::vector<std::string_view>{"k_other", "k_helper"}));
  // Text that is not this module's rendering is left whole.
  EXPECT_EQ(
      Pruner.prune(".entry k_a() { }\n", {false, false, false, false}, Out),
      0u);
}

TEST(KernelPrune, SlotPositionsFollowTheSlotList) {
  Expected<Module> M = Module::parse(modulePtx());
  ASSERT_TRUE(M) << M.error().Message;
  // Position 0 is k_b's site, positions 1 and 2 are k_a's; inject_3 is no
  // slot now, so k_other holds no position and stays.
  std::vector<size_t> Slots;
  for (const char *N : {"inject_2", "inject_0", "inject_1"})
    Slots.push_back(*M->injectIndex(N));
  KernelPruner Pruner(*M, Slots);
  std::vector<std::string_view> Stubs(M->numInjects());
  std::string Rendered, Out;
  ASSERT_FALSE(M->render(Stubs, Rendered));
  EXPECT_EQ(Pruner.prune(Rendered, {false, false, true}, Out), 1u);
  EXPECT_EQ(entryNames(Out),
            (std::vector<std::string_view>{"k_a", "k_other", "k_helper"}));
  EXPECT_EQ(Pruner.prune(Rendered, {true, false, false}, Out), 1u);
  EXPECT_EQ(entryNames(Out),
            (std::vector<std::string_view>{"k_b", "k_other", "k_helper"}));
  // A kernel without a slot site is never prunable.
  std::vector<size_t> None{*M->injectIndex("other_0")};
  EXPECT_FALSE(KernelPruner(*M, None).active());
}

// Through the batch: the last, partly filled module leaves out the kernel
// no program reached; the report counts it and every program's place is
// in a kernel the compiled PTX still has.
TEST(KernelPrune, BatchCompilesOnlyKernelsWithPrograms) {
  Expected<Module> M = Module::parse(modulePtx());
  ASSERT_TRUE(M) << M.error().Message;
  test::CopyingBackend B;
  for (bool Prune : {true, false}) {
    RawStubSource Source(
        std::vector<std::string>(6, "add.ftz.f32 %_x0, %_x1, %_x1;"));
    VariantOptions O;
    O.Pack = 4;
    O.Jobs = 1;
    O.KeepPtx = true;
    O.PruneUnfilledKernels = Prune;
    std::vector<std::string> Ptx(2);
    VariantReport R;
    Error E = compileVariants(
        *M, B, Source, O,
        [&](const CompiledModule &C, std::string &) {
          Ptx[C.Index] = std::string(C.Ptx);
          return true;
        },
        R);
    ASSERT_FALSE(E) << E.Message;
    ASSERT_EQ(R.Modules, 2u);
    EXPECT_EQ(R.PrunedKernels, Prune ? 1u : 0u);
    EXPECT_EQ(entryNames(Ptx[0]).size(), 4u);
    EXPECT_EQ(entryNames(Ptx[1]).size(), Prune ? 3u : 4u);
    // Programs 4 and 5 sit at inject_0 and inject_1, in k_a.
    for (size_t P = 4; P < 6; ++P) {
      EXPECT_EQ(R.Places[P].Module, 1u);
      EXPECT_EQ(M->inject(R.Places[P].Inject).Name,
                "inject_" + std::to_string(P - 4));
    }
    EXPECT_NE(Ptx[1].find(".entry k_a"), std::string::npos);
    EXPECT_EQ(Ptx[1].find(".entry k_b") == std::string::npos, Prune);
  }
}
