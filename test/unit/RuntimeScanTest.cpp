//===- RuntimeScanTest.cpp - The parser's fast paths against a plain model ===//
//
// The parser scans with vector code, matches repeated sites and shared
// operand blocks by their bytes, and checks encoding only when a byte needs
// it. These tests compare its site table and rendered text with a line-by-line
// model on random PTX, and pin the cases where a shortcut could go wrong.
//
//===----------------------------------------------------------------------===//
#include "ptxinject/module/Module.h"

#include <gtest/gtest.h>

#include <map>
#include <random>
#include <string>
#include <vector>

using namespace ptxinject;

namespace {

struct ModelSite {
  std::string Name;
  unsigned Line;
  unsigned Column;
};

/// What a plain reading of well-formed stable-dialect PTX gives: the sites
/// in order, and the text with each START..END block replaced by Stub(name).
struct Model {
  std::vector<ModelSite> Sites;
  std::string Rendered;
};

bool isBlankChar(char C) {
  return C == ' ' || C == '\t' || C == '\r' || C == '\v' || C == '\f';
}

std::string stubFor(const std::string &Name) {
  return "\tadd.f32 %_x0, %_x0, %_x0; // " + Name + "\n";
}

Model readModel(const std::string &Ptx) {
  Model M;
  size_t Pos = 0;
  unsigned Line = 1;
  bool InSite = false;
  while (Pos < Ptx.size()) {
    size_t End = Ptx.find('\n', Pos);
    size_t Next = End == std::string::npos ? Ptx.size() : End + 1;
    std::string Text = Ptx.substr(Pos, Next - Pos);
    size_t I = 0;
    while (I < Text.size() && isBlankChar(Text[I]))
      ++I;
    bool Comment = Text.compare(I, 2, "//") == 0;
    size_t J = I + 2;
    while (Comment && J < Text.size() && isBlankChar(Text[J]))
      ++J;
    if (Comment && Text.compare(J, 17, "PTX_INJECT_START ") == 0) {
      size_t NameEnd = J + 17;
      while (NameEnd < Text.size() && !isBlankChar(Text[NameEnd]) &&
             Text[NameEnd] != '\n')
        ++NameEnd;
      std::string Name = Text.substr(J + 17, NameEnd - J - 17);
      M.Sites.push_back({Name, Line, static_cast<unsigned>(J + 1)});
      M.Rendered += stubFor(Name);
      InSite = true;
    } else if (Comment && Text.compare(J, 14, "PTX_INJECT_END") == 0 &&
               (J + 14 == Text.size() || isBlankChar(Text[J + 14]) ||
                Text[J + 14] == '\n')) {
      InSite = false;
    } else if (!InSite) {
      M.Rendered += Text;
    }
    Pos = Next;
    ++Line;
  }
  return M;
}

struct Layout {
  std::vector<std::string> Lines; ///< operand lines without indentation
  std::vector<std::string> Labels;
};

/// Random PTX with sites of a few names; names share operand blocks, some
/// labels hold a capital P, and the text between sites has decoy markers,
/// two-byte UTF-8 and lines of every length around the vector widths.
std::string randomPtx(std::mt19937 &Rng, const std::vector<Layout> &Layouts,
                      std::map<std::string, size_t> &LayoutOf) {
  auto Pick = [&](size_t N) { return static_cast<size_t>(Rng() % N); };
  const char *Decoys[] = {"// PTX_INJECT_STARTED x",
                          "a // PTX_INJECT_START q",
                          "//PTX_INJECT_ENDING",
                          "PTX",
                          "P",
                          "// PTX_INJECT_",
                          "\xc3\xa9t\xc3\xa9",
                          "ld.param.u64 %rd1, [P_0];"};
  const char *Indents[] = {"", "\t", "  ", "\t \t"};
  std::string P = ".version 8.0\n.target sm_80\n.address_size 64\n";
  size_t Sites = 1 + Pick(40);
  for (size_t S = 0; S < Sites; ++S) {
    for (size_t L = Pick(4); L > 0; --L) {
      std::string Line(Pick(100), 'x');
      for (char &C : Line)
        C = "abcdefgh %,;.0123456789"[Pick(23)];
      if (Pick(3) == 0)
        Line.insert(Pick(Line.size() + 1), Decoys[Pick(8)]);
      P += Line + "\n";
    }
    std::string Name = "inj" + std::to_string(Pick(12));
    auto [It, New] = LayoutOf.emplace(Name, Pick(Layouts.size()));
    (void)New;
    const Layout &Lay = Layouts[It->second];
    // Mostly one indentation, so repeated blocks are byte-identical; now
    // and then another, so the general path must agree with the shortcut.
    const char *Indent = Pick(5) == 0 ? Indents[Pick(4)] : "\t";
    P += std::string(Indents[Pick(4)]) + "{\n";
    P += std::string(Indent) + "// PTX_INJECT_START " + Name + "\n";
    for (const std::string &Op : Lay.Lines)
      P += std::string(Indent) + "// " + Op + "\n";
    P += std::string(Indent) + "// PTX_INJECT_END\n";
    P += "\t}\n";
  }
  P += "\tret;\n}";
  if (Pick(2))
    P += "\n";
  return P;
}

std::vector<Layout> testLayouts() {
  return {
      {{"_x0 m f32 F32 y", "_x1 i f32 F32 x"}, {"y", "x"}},
      {{"_x0 o u32 U32 Pout", "_x1 i u32 U32 v"}, {"Pout", "v"}},
      {{}, {}},
      {{"_x0 i f64 F64 a[0]", "_x1 i f64 F64 b", "_x2 o f64 F64 c"},
       {"a[0]", "b", "c"}},
  };
}

TEST(RuntimeScan, RandomPtxMatchesLineModel) {
  std::mt19937 Rng(20240611);
  std::vector<Layout> Layouts = testLayouts();
  for (int Case = 0; Case < 400; ++Case) {
    std::map<std::string, size_t> LayoutOf;
    std::string Ptx = randomPtx(Rng, Layouts, LayoutOf);
    Model Want = readModel(Ptx);
    Expected<Module> M = Module::parse(Ptx);
    ASSERT_TRUE(M) << "case " << Case << ": " << M.error().Line << ": "
                   << M.error().Message;
    ASSERT_EQ(M->numSites(), Want.Sites.size()) << "case " << Case;

    // Sites in PTX order per inject; injects in order of first appearance.
    std::vector<std::string> Order;
    std::map<std::string, std::vector<ModelSite>> ByName;
    for (const ModelSite &S : Want.Sites) {
      if (!ByName.count(S.Name))
        Order.push_back(S.Name);
      ByName[S.Name].push_back(S);
    }
    ASSERT_EQ(M->numInjects(), Order.size()) << "case " << Case;
    std::vector<std::string> StubText;
    for (size_t I = 0; I < Order.size(); ++I) {
      const Inject &Inj = M->inject(I);
      ASSERT_EQ(Inj.Name, Order[I]) << "case " << Case;
      ASSERT_EQ(M->injectIndex(Inj.Name), I);
      const Layout &Lay = Layouts[LayoutOf[Inj.Name]];
      ASSERT_EQ(Inj.Operands.size(), Lay.Labels.size()) << Inj.Name;
      for (size_t K = 0; K < Lay.Labels.size(); ++K) {
        EXPECT_EQ(Inj.Operands[K].Label, Lay.Labels[K]);
        EXPECT_EQ(Inj.Operands[K].Register, "_x" + std::to_string(K));
      }
      const std::vector<ModelSite> &Sites = ByName[Inj.Name];
      ASSERT_EQ(Inj.Sites.size(), Sites.size()) << Inj.Name;
      for (size_t K = 0; K < Sites.size(); ++K) {
        EXPECT_EQ(Inj.Sites[K].Line, Sites[K].Line)
            << "case " << Case << " " << Inj.Name << " site " << K;
        EXPECT_EQ(Inj.Sites[K].Column, Sites[K].Column)
            << "case " << Case << " " << Inj.Name << " site " << K;
      }
      StubText.push_back(stubFor(Inj.Name));
    }
    std::vector<std::string_view> Stubs(StubText.begin(), StubText.end());
    std::string Out;
    ASSERT_FALSE(M->render(Stubs, Out));
    EXPECT_EQ(Out, Want.Rendered) << "case " << Case;
    EXPECT_EQ(M->renderedSize(Stubs), Out.size());
  }
}

const char *Site = "\t// PTX_INJECT_START f\n"
                   "\t// _x0 m f32 F32 y\n"
                   "\t// PTX_INJECT_END\n";

TEST(RuntimeScan, InvalidByteAnywhereIsReportedBeforeSiteErrors) {
  // The site error (no END) comes first in the text; the bad byte wins.
  std::string Ptx = ".version 8.0\n\t// PTX_INJECT_START open\n\t// _x0 m f32 "
                    "F32 y\n" +
                    std::string(200, '\n') + "\tmov.f32 %f1, %f2; // \xff\n";
  Expected<Module> M = Module::parse(Ptx);
  ASSERT_FALSE(M);
  EXPECT_EQ(M.error().Code, ErrorCode::InvalidEncoding);
  EXPECT_EQ(M.error().Line, 204u);
  EXPECT_EQ(M.error().Column, 23u);
}

TEST(RuntimeScan, InvalidByteInRepeatedSiteLinesIsFound) {
  // Repeated sites are matched by their bytes and skipped; a bad byte in
  // the second site's lines must still be reported, whether or not the site
  // parses otherwise.
  std::string Second = std::string(Site);
  std::string NameLine = Second;
  NameLine.insert(NameLine.find("f\n") + 1, " \xc3");
  Expected<Module> A = Module::parse(std::string(Site) + NameLine);
  ASSERT_FALSE(A);
  EXPECT_EQ(A.error().Code, ErrorCode::InvalidEncoding);
  EXPECT_EQ(A.error().Line, 4u);

  std::string EndLine = Second;
  EndLine.insert(EndLine.rfind("END") + 3, " \xe2\x82");
  Expected<Module> B = Module::parse(std::string(Site) + EndLine);
  ASSERT_FALSE(B);
  EXPECT_EQ(B.error().Code, ErrorCode::InvalidEncoding);
  EXPECT_EQ(B.error().Line, 6u);

  // Valid multi-byte text in the same places is accepted.
  std::string Valid = Second;
  Valid.insert(Valid.rfind("END") + 3, " \xe2\x82\xac");
  Expected<Module> C = Module::parse(std::string(Site) + Valid);
  ASSERT_TRUE(C) << C.error().Message;
  EXPECT_EQ(C->inject(0).Sites.size(), 2u);
}

TEST(RuntimeScan, SharedOperandBlockStillChecksRepeatedNames) {
  // g shares f's block, then a later g differs: the error names both lines.
  std::string G = Site;
  G.replace(G.find("START f"), 7, "START g");
  std::string G2 = G;
  G2.replace(G2.find("F32 y"), 5, "F32 z");
  Expected<Module> M = Module::parse(std::string(Site) + G + G2);
  ASSERT_FALSE(M);
  EXPECT_EQ(M.error().Code, ErrorCode::InconsistentSites);
  EXPECT_NE(M.error().Message.find("line 7"), std::string::npos)
      << M.error().Message;
  EXPECT_NE(M.error().Message.find("line 4"), std::string::npos)
      << M.error().Message;
}

TEST(RuntimeScan, RenderToExactCapacityWithSiteAtTheEnd) {
  // No text after the last site: the last piece is empty and the stub ends
  // the output, so a write past it would land outside the buffer.
  std::string Ptx = ".version 8.0\n" + std::string(Site);
  Ptx.pop_back();
  Expected<Module> M = Module::parse(Ptx);
  ASSERT_TRUE(M) << M.error().Message;
  for (std::string_view Stub : {std::string_view("nop;\n"),
                                std::string_view("nop;"), std::string_view()}) {
    size_t Size = M->renderedSize(&Stub, 1);
    std::vector<char> Buffer(Size);
    size_t Written = 0;
    ASSERT_FALSE(M->renderTo(&Stub, 1, Buffer.data(), Size, Written));
    ASSERT_EQ(Written, Size);
    std::string Want = ".version 8.0\n";
    if (!Stub.empty())
      Want += std::string(Stub) + (Stub.back() == '\n' ? "" : "\n");
    EXPECT_EQ(std::string(Buffer.begin(), Buffer.end()), Want);
  }
}

TEST(RuntimeScan, ThousandsOfInjectsAreFoundByName) {
  std::string Ptx = ".version 8.0\n";
  const size_t N = 5000;
  for (size_t I = 0; I < N; ++I) {
    std::string S = Site;
    S.replace(S.find("START f"), 7, "START n" + std::to_string(I * 7919));
    Ptx += S;
  }
  Expected<Module> M = Module::parse(Ptx);
  ASSERT_TRUE(M) << M.error().Message;
  ASSERT_EQ(M->numInjects(), N);
  for (size_t I = 0; I < N; ++I) {
    std::string Name = "n" + std::to_string(I * 7919);
    const Inject *Inj = M->findInject(Name);
    ASSERT_NE(Inj, nullptr) << Name;
    EXPECT_EQ(Inj, &M->inject(I));
    EXPECT_EQ(Inj->Sites.front().Line, 2 + 3 * I);
    ASSERT_EQ(Inj->Operands.size(), 1u);
    EXPECT_EQ(Inj->Operands[0].Label, "y");
  }
  EXPECT_EQ(M->findInject("n1"), nullptr);
  EXPECT_FALSE(M->injectIndex("f"));
}

} // namespace
