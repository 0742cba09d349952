//===- RuntimeTypedSplitTest.cpp - Same-name sites split by operand types -===//
//
// A template site instantiated with several types gives same-name sites whose
// operands differ only in type; each type signature becomes its own inject
// named NAME<T1,...>. Every other difference stays an error.
//
//===----------------------------------------------------------------------===//
#include "ptx_inject_runtime.h"
#include "ptxinject/module/Module.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace ptxinject;

namespace {

/// A site in nvcc's stable-dialect shape with one mod operand 'v' and one in
/// operand 'w', both of PTX type RegType and type label TypeLabel.
std::string site(const std::string &Name, const std::string &RegType,
                 const std::string &TypeLabel, const std::string &Mov = "%f1") {
  return "\t{\n"
         "\t.reg ." +
         RegType +
         " %_x0;\n"
         "\t.reg ." +
         RegType +
         " %_x1;\n"
         "\tmov." +
         RegType + " %_x0, " + Mov +
         ";\n"
         "\t// PTX_INJECT_START " +
         Name +
         "\n"
         "\t// _x0 m " +
         RegType + " " + TypeLabel +
         " v\n"
         "\t// _x1 i " +
         RegType + " " + TypeLabel +
         " w\n"
         "\t// PTX_INJECT_END\n"
         "\tmov." +
         RegType + " " + Mov +
         ", %_x0;\n"
         "\t}\n";
}

std::string kernel(const std::string &Body) {
  return ".version 8.0\n.target sm_80\n.address_size 64\n"
         ".visible .entry k()\n{\n" +
         Body + "\tret;\n}\n";
}

/// The names of all injects, in index order.
std::vector<std::string> names(const Module &M) {
  std::vector<std::string> Out;
  for (size_t I = 0; I < M.numInjects(); ++I)
    Out.push_back(M.inject(I).Name);
  return Out;
}

/// 1-based line of the N-th (0-based) line of Text that contains Needle.
unsigned lineOf(const std::string &Text, const std::string &Needle,
                unsigned N = 0) {
  size_t Pos = 0;
  for (unsigned K = 0;; ++K) {
    Pos = Text.find(Needle, Pos);
    if (Pos == std::string::npos)
      return 0;
    if (K == N)
      break;
    Pos += Needle.size();
  }
  unsigned Line = 1;
  for (size_t I = 0; I < Pos; ++I)
    Line += Text[I] == '\n';
  return Line;
}

TEST(RuntimeTypedSplit, SplitsSitesThatDifferOnlyInTypes) {
  std::string Ptx =
      kernel(site("func", "f32", "F32") + site("func", "s32", "S32", "%r1"));
  Expected<Module> M = Module::parse(Ptx);
  ASSERT_TRUE(M) << M.error().Message;
  EXPECT_EQ(names(*M),
            (std::vector<std::string>{"func<F32,F32>", "func<S32,S32>"}));
  EXPECT_EQ(M->numSites(), 2u);
  const Inject &F = M->inject(0), &S = M->inject(1);
  ASSERT_EQ(F.Operands.size(), 2u);
  ASSERT_EQ(S.Operands.size(), 2u);
  EXPECT_EQ(F.Operands[0].RegisterType, "f32");
  EXPECT_EQ(F.Operands[1].TypeLabel, "F32");
  EXPECT_EQ(S.Operands[0].RegisterType, "s32");
  EXPECT_EQ(S.Operands[1].TypeLabel, "S32");
  // Labels, kinds and stable registers are those of the shared marker.
  for (const Inject *I : {&F, &S}) {
    EXPECT_EQ(I->Operands[0].Label, "v");
    EXPECT_EQ(I->Operands[0].Kind, OperandKind::Mod);
    EXPECT_EQ(I->Operands[0].Register, "_x0");
    EXPECT_EQ(I->Operands[1].Label, "w");
    EXPECT_EQ(I->Operands[1].Kind, OperandKind::In);
    EXPECT_EQ(I->Operands[1].Register, "_x1");
    ASSERT_EQ(I->Sites.size(), 1u);
  }
  EXPECT_EQ(F.Sites[0].Line, lineOf(Ptx, "PTX_INJECT_START", 0));
  EXPECT_EQ(S.Sites[0].Line, lineOf(Ptx, "PTX_INJECT_START", 1));
}

TEST(RuntimeTypedSplit, ThreeTypesInOrderOfFirstAppearance) {
  // Repeats of each signature (unrolling) join their inject; another inject
  // between them keeps its place.
  std::string Ptx = kernel(
      site("func", "f64", "F64", "%fd1") + site("other", "f32", "F32") +
      site("func", "s32", "S32", "%r1") + site("func", "f64", "F64", "%fd2") +
      site("func", "f32", "F32") + site("func", "s32", "S32", "%r2") +
      site("func", "s32", "S32", "%r3"));
  Expected<Module> M = Module::parse(Ptx);
  ASSERT_TRUE(M) << M.error().Message;
  EXPECT_EQ(names(*M),
            (std::vector<std::string>{"func<F64,F64>", "other", "func<S32,S32>",
                                      "func<F32,F32>"}));
  EXPECT_EQ(M->numSites(), 7u);
  auto Lines = [&](size_t I) {
    std::vector<unsigned> Out;
    for (const SiteLocation &L : M->inject(I).Sites)
      Out.push_back(L.Line);
    return Out;
  };
  auto Start = [&](unsigned N) { return lineOf(Ptx, "PTX_INJECT_START", N); };
  EXPECT_EQ(Lines(0), (std::vector<unsigned>{Start(0), Start(3)}));
  EXPECT_EQ(Lines(1), (std::vector<unsigned>{Start(1)}));
  EXPECT_EQ(Lines(2), (std::vector<unsigned>{Start(2), Start(5), Start(6)}));
  EXPECT_EQ(Lines(3), (std::vector<unsigned>{Start(4)}));
}

TEST(RuntimeTypedSplit, SameTypesKeepThePlainName) {
  Expected<Module> M = Module::parse(kernel(site("func", "f32", "F32") +
                                            site("func", "f32", "F32", "%f2") +
                                            site("func", "f32", "F32", "%f3")));
  ASSERT_TRUE(M) << M.error().Message;
  EXPECT_EQ(names(*M), (std::vector<std::string>{"func"}));
  EXPECT_EQ(M->inject(0).Sites.size(), 3u);
  EXPECT_NE(M->findInject("func"), nullptr);
  EXPECT_EQ(M->findInject("func<F32,F32>"), nullptr);
}

TEST(RuntimeTypedSplit, TypeLabelAloneSplits) {
  // Same register type, different type label (a user type over f32).
  Expected<Module> M = Module::parse(
      "// PTX_INJECT_START f\n// _x0 i f32 F32 v\n// PTX_INJECT_END\n"
      "// PTX_INJECT_START f\n// _x0 i f32 MYF v\n// PTX_INJECT_END\n");
  ASSERT_TRUE(M) << M.error().Message;
  EXPECT_EQ(names(*M), (std::vector<std::string>{"f<F32>", "f<MYF>"}));
}

TEST(RuntimeTypedSplit, QualifiedNamesAreLookedUpAndTheBaseNameIsNot) {
  // Mixed operand types: the name lists every operand's type label.
  Expected<Module> M = Module::parse(
      "// PTX_INJECT_START f\n// _x0 m f32 F32 v\n// _x1 i u32 U32 n\n"
      "// PTX_INJECT_END\n"
      "// PTX_INJECT_START g\n// _x0 i f32 F32 v\n// PTX_INJECT_END\n"
      "// PTX_INJECT_START f\n// _x0 m f64 F64 v\n// _x1 i u32 U32 n\n"
      "// PTX_INJECT_END\n");
  ASSERT_TRUE(M) << M.error().Message;
  EXPECT_EQ(names(*M),
            (std::vector<std::string>{"f<F32,U32>", "g", "f<F64,U32>"}));
  EXPECT_EQ(M->findInject("f"), nullptr);
  EXPECT_FALSE(M->injectIndex("f"));
  EXPECT_EQ(M->injectIndex("f<F32,U32>"), std::optional<size_t>(0));
  EXPECT_EQ(M->injectIndex("g"), std::optional<size_t>(1));
  EXPECT_EQ(M->injectIndex("f<F64,U32>"), std::optional<size_t>(2));
  ASSERT_NE(M->findInject("f<F64,U32>"), nullptr);
  EXPECT_EQ(M->findInject("f<F64,U32>")->Operands[0].RegisterType, "f64");
  EXPECT_EQ(M->findInject("f<F64>"), nullptr);

  // The C API answers the same.
  PtxInjectHandle H = nullptr;
  std::string Ptx(M->source());
  ASSERT_EQ(ptx_inject_create(&H, Ptx.c_str()), PTX_INJECT_SUCCESS);
  size_t Index = 9, Args = 0, Sites = 0;
  EXPECT_EQ(ptx_inject_inject_info_by_name(H, "f", &Index, &Args, &Sites),
            PTX_INJECT_ERROR_INJECTION_NAME_NOT_FOUND);
  ASSERT_EQ(
      ptx_inject_inject_info_by_name(H, "f<F64,U32>", &Index, &Args, &Sites),
      PTX_INJECT_SUCCESS);
  EXPECT_EQ(Index, 2u);
  EXPECT_EQ(Args, 2u);
  EXPECT_EQ(Sites, 1u);
  const char *Name = nullptr;
  ASSERT_EQ(ptx_inject_inject_info_by_index(H, 0, &Name, nullptr, nullptr),
            PTX_INJECT_SUCCESS);
  EXPECT_STREQ(Name, "f<F32,U32>");
  EXPECT_EQ(ptx_inject_destroy(H), PTX_INJECT_SUCCESS);
}

TEST(RuntimeTypedSplit, RenderFillsEachSplitInjectSeparately) {
  std::string Ptx =
      kernel(site("func", "f32", "F32") + site("func", "s32", "S32", "%r1") +
             site("func", "f32", "F32", "%f2"));
  Expected<Module> M = Module::parse(Ptx);
  ASSERT_TRUE(M) << M.error().Message;
  ASSERT_EQ(M->numInjects(), 2u);
  std::vector<std::string_view> Stubs = {"\tadd.f32 %_x0, %_x0, %_x1;",
                                         "\tadd.s32 %_x0, %_x0, %_x1;\n"};
  std::string Out;
  ASSERT_FALSE(M->render(Stubs, Out));
  EXPECT_EQ(Out.size(), M->renderedSize(Stubs));
  // Each stub takes the place of its sites' marker blocks, in site order.
  std::string Want = Ptx;
  auto Replace = [&](const std::string &Block, const std::string &Stub) {
    size_t At = Want.find(Block);
    ASSERT_NE(At, std::string::npos) << Block;
    Want.replace(At, Block.size(), Stub);
  };
  auto Block = [](const char *Type, const char *Label) {
    return std::string("\t// PTX_INJECT_START func\n\t// _x0 m ") + Type + " " +
           Label + " v\n\t// _x1 i " + Type + " " + Label +
           " w\n\t// PTX_INJECT_END\n";
  };
  Replace(Block("f32", "F32"), "\tadd.f32 %_x0, %_x0, %_x1;\n");
  Replace(Block("s32", "S32"), "\tadd.s32 %_x0, %_x0, %_x1;\n");
  Replace(Block("f32", "F32"), "\tadd.f32 %_x0, %_x0, %_x1;\n");
  EXPECT_EQ(Out, Want);
}

TEST(RuntimeTypedSplit, TaggedDialectSplitsAndNormalizesPerType) {
  Expected<Module> M = Module::parse(
      "// PTX_INJECT_START f\n// %f1 mod f32 v\n// PTX_INJECT_END\n"
      "// PTX_INJECT_START f\n// %r1 mod s32 v\n// PTX_INJECT_END\n"
      "// PTX_INJECT_START f\n// %f2 mod f32 v\n// PTX_INJECT_END\n");
  ASSERT_TRUE(M) << M.error().Message;
  EXPECT_EQ(names(*M), (std::vector<std::string>{"f<f32>", "f<s32>"}));
  EXPECT_EQ(M->inject(0).Sites.size(), 2u);
  EXPECT_EQ(M->inject(1).Operands[0].Register, "_x0");
  EXPECT_EQ(M->inject(1).Operands[0].RegisterType, "s32");
  std::string Out;
  ASSERT_FALSE(M->render({"A", "B"}, Out));
  // The s32 site declares an s32 stable register around its own stub.
  size_t B = Out.find("B\n");
  ASSERT_NE(B, std::string::npos) << Out;
  EXPECT_NE(Out.rfind(".reg .s32 %_x0;", B), std::string::npos) << Out;
  EXPECT_EQ(Out.find("A\n", B), Out.rfind("A\n")) << Out;
  EXPECT_NE(Out.find("%r1, %_x0;", B), std::string::npos) << Out;
}

TEST(RuntimeTypedSplit, OtherDifferencesRemainErrors) {
  struct Case {
    const char *What;
    std::string Second;
    unsigned Line; ///< the operand line that differs, or the START line
    std::string Message;
  };
  const std::string First =
      "// PTX_INJECT_START f\n// _x0 m f32 F32 v\n// _x1 i f32 F32 w\n"
      "// PTX_INJECT_END\n";
  const std::string Fix =
      "; sites that share a name must have the same operands";
  std::vector<Case> Cases = {
      {"count",
       "// PTX_INJECT_START f\n// _x0 m s32 S32 v\n// PTX_INJECT_END\n", 5,
       "inject 'f' at line 5 differs from its site at line 1: 1 operands "
       "here, 2 there" +
           Fix},
      {"label",
       "// PTX_INJECT_START f\n// _x0 m s32 S32 v\n// _x1 i s32 S32 u\n"
       "// PTX_INJECT_END\n",
       7,
       "inject 'f' at line 5 differs from its site at line 1: operand 1 is "
       "'_x1 in s32 S32 u' here but '_x1 in f32 F32 w' there" +
           Fix},
      {"kind",
       "// PTX_INJECT_START f\n// _x0 o s32 S32 v\n// _x1 i s32 S32 w\n"
       "// PTX_INJECT_END\n",
       6,
       "inject 'f' at line 5 differs from its site at line 1: operand 0 is "
       "'_x0 out s32 S32 v' here but '_x0 mod f32 F32 v' there" +
           Fix},
      {"register",
       "// PTX_INJECT_START f\n// _x0 m s32 S32 v\n// _x2 i s32 S32 w\n"
       "// PTX_INJECT_END\n",
       7,
       "inject 'f' at line 5 differs from its site at line 1: operand 1 is "
       "'_x2 in s32 S32 w' here but '_x1 in f32 F32 w' there" +
           Fix},
  };
  for (const Case &C : Cases) {
    SCOPED_TRACE(C.What);
    Expected<Module> M = Module::parse(First + C.Second);
    ASSERT_FALSE(M);
    EXPECT_EQ(M.error().Code, ErrorCode::InconsistentSites);
    EXPECT_EQ(M.error().Line, C.Line);
    EXPECT_EQ(M.error().Message, C.Message);
    // After a split, a third site is still checked against the first one.
    const std::string Split =
        "// PTX_INJECT_START f\n// _x0 m f64 F64 v\n// _x1 i f64 F64 w\n"
        "// PTX_INJECT_END\n";
    Expected<Module> After = Module::parse(First + Split + C.Second);
    ASSERT_FALSE(After);
    EXPECT_EQ(After.error().Code, ErrorCode::InconsistentSites);
    EXPECT_EQ(After.error().Line, C.Line + 4);
    std::string Message = C.Message;
    Message.replace(Message.find("line 5"), 6, "line 9");
    EXPECT_EQ(After.error().Message, Message);
  }
}

TEST(RuntimeTypedSplit, NameTakenTwiceIsAnError) {
  // A marker already named like a split inject.
  Expected<Module> A = Module::parse(
      "// PTX_INJECT_START f<F32>\n// _x0 i f32 F32 v\n// PTX_INJECT_END\n"
      "// PTX_INJECT_START f\n// _x0 i f32 F32 v\n// PTX_INJECT_END\n"
      "// PTX_INJECT_START f\n// _x0 i s32 S32 v\n// PTX_INJECT_END\n");
  ASSERT_FALSE(A);
  EXPECT_EQ(A.error().Code, ErrorCode::InconsistentSites);
  EXPECT_EQ(A.error().Line, 4u);
  EXPECT_NE(A.error().Message.find("two injects are named 'f<F32>'"),
            std::string::npos)
      << A.error().Message;
  // Two signatures with one type label but different register types.
  Expected<Module> B = Module::parse(
      "// PTX_INJECT_START f\n// _x0 i f32 T v\n// PTX_INJECT_END\n"
      "// PTX_INJECT_START f\n// _x0 i b32 T v\n// PTX_INJECT_END\n");
  ASSERT_FALSE(B);
  EXPECT_EQ(B.error().Code, ErrorCode::InconsistentSites);
  EXPECT_EQ(B.error().Line, 4u);
  EXPECT_NE(B.error().Message.find("lines 1 and 4"), std::string::npos)
      << B.error().Message;
}

TEST(RuntimeTypedSplit, ManyRepeatsOfEachSignature) {
  // Unrolled loops in two instantiations, interleaved: every repeat is
  // matched by bytes against its own signature's first block.
  std::string Body;
  for (int K = 0; K < 50; ++K)
    Body += site("func", "f32", "F32", "%f" + std::to_string(K)) +
            site("func", "u32", "U32", "%r" + std::to_string(K)) +
            site("func", "f16", "F16", "%h" + std::to_string(K));
  Expected<Module> M = Module::parse(kernel(Body));
  ASSERT_TRUE(M) << M.error().Message;
  EXPECT_EQ(names(*M), (std::vector<std::string>{
                           "func<F32,F32>", "func<U32,U32>", "func<F16,F16>"}));
  for (size_t I = 0; I < 3; ++I)
    EXPECT_EQ(M->inject(I).Sites.size(), 50u);
  std::string Out;
  ASSERT_FALSE(M->render({"X", "Y", "Z"}, Out));
  size_t Count[3] = {0, 0, 0};
  for (size_t P = 0; (P = Out.find('\n', P)) != std::string::npos; ++P)
    if (P >= 1 && Out[P - 1] >= 'X' && Out[P - 1] <= 'Z' &&
        (P < 2 || Out[P - 2] == '\n'))
      ++Count[Out[P - 1] - 'X'];
  EXPECT_EQ(Count[0], 50u);
  EXPECT_EQ(Count[1], 50u);
  EXPECT_EQ(Count[2], 50u);
}

} // namespace
