//===- RuntimeModuleTest.cpp - Parsing, queries and rendering of Module ---===//
#include "ptxinject/module/Module.h"

#include <gtest/gtest.h>

#include <atomic>
#include <memory>
#include <random>
#include <string>
#include <thread>
#include <vector>

using namespace ptxinject;

namespace {

// The shape nvcc gives the stable dialect: tabs, begin/end inline asm.
const char *StableSite = "\t// begin inline asm\n"
                         "\t{\n"
                         "\t.reg .f32 %_x0;\n"
                         "\t.reg .f32 %_x1;\n"
                         "\tmov.f32 %_x0, %f1;\n"
                         "\t// PTX_INJECT_START func\n"
                         "\t// _x0 m f32 F32 y\n"
                         "\t// _x1 i f32 F32 a[0]\n"
                         "\t// PTX_INJECT_END\n"
                         "\tmov.f32 %f1, %_x0;\n"
                         "\t}\n"
                         "\t// end inline asm\n";

std::string kernel(const std::string &Body) {
  return ".version 8.0\n.target sm_80\n.address_size 64\n"
         ".visible .entry k()\n{\n" +
         Body + "\tret;\n}\n";
}

Error parseError(const std::string &Ptx, ParseOptions Options = {}) {
  Expected<Module> M = Module::parse(Ptx, Options);
  if (M)
    return Error::make(ErrorCode::Success, "parsed");
  return M.error();
}

std::string render(const Module &M, std::vector<std::string_view> Stubs) {
  std::string Out;
  Error E = M.render(Stubs, Out);
  EXPECT_FALSE(E) << E.Message;
  return Out;
}

TEST(RuntimeModule, ParsesStableSiteAndAnswersQueries) {
  Expected<Module> M = Module::parse(kernel(StableSite));
  ASSERT_TRUE(M) << M.error().Message;
  ASSERT_EQ(M->numInjects(), 1u);
  EXPECT_EQ(M->numSites(), 1u);
  const Inject &I = M->inject(0);
  EXPECT_EQ(I.Name, "func");
  ASSERT_EQ(I.Operands.size(), 2u);
  EXPECT_EQ(I.Operands[0].Label, "y");
  EXPECT_EQ(I.Operands[0].Register, "_x0");
  EXPECT_EQ(I.Operands[0].Kind, OperandKind::Mod);
  EXPECT_EQ(I.Operands[0].RegisterType, "f32");
  EXPECT_EQ(I.Operands[0].TypeLabel, "F32");
  EXPECT_EQ(I.Operands[1].Label, "a[0]");
  EXPECT_EQ(I.Operands[1].Kind, OperandKind::In);
  ASSERT_EQ(I.Sites.size(), 1u);
  EXPECT_EQ(I.Sites[0].Line, 11u);
  EXPECT_EQ(I.Sites[0].Column, 5u);
  EXPECT_EQ(M->findInject("func"), &I);
  EXPECT_EQ(M->findInject("nope"), nullptr);
  EXPECT_EQ(M->injectIndex("func"), std::optional<size_t>(0));
  EXPECT_EQ(I.operandIndex("a[0]"), std::optional<size_t>(1));
  EXPECT_EQ(I.findOperand("z"), nullptr);
}

TEST(RuntimeModule, RenderReplacesMarkerLinesWithTheStub) {
  Expected<Module> M = Module::parse(kernel(StableSite));
  ASSERT_TRUE(M);
  std::string Out = render(*M, {"\tadd.f32 %_x0, %_x0, %_x1;"});
  EXPECT_EQ(Out.find("PTX_INJECT"), std::string::npos);
  EXPECT_NE(Out.find("\tmov.f32 %_x0, %f1;\n"
                     "\tadd.f32 %_x0, %_x0, %_x1;\n"
                     "\tmov.f32 %f1, %_x0;\n"),
            std::string::npos)
      << Out;
  EXPECT_EQ(Out.size(), M->renderedSize(std::vector<std::string_view>{
                            "\tadd.f32 %_x0, %_x0, %_x1;"}));
  // An empty stub leaves nothing between the moves.
  std::string Empty = render(*M, {""});
  EXPECT_NE(Empty.find("\tmov.f32 %_x0, %f1;\n\tmov.f32 %f1, %_x0;\n"),
            std::string::npos);
  // Text outside sites is untouched.
  EXPECT_EQ(Empty.substr(0, 12), ".version 8.0");
}

TEST(RuntimeModule, NormalizesTaggedDialect) {
  std::string Ptx = kernel("\t// begin inline asm\n"
                           "\t// PTX_INJECT_START func\n"
                           "\t// %f5 mod f32 y\n"
                           "\t// %f2 out f32 z\n"
                           "\t// %f7 in f32 x\n"
                           "\t// PTX_INJECT_END\n"
                           "\t// end inline asm\n"
                           "\t// begin inline asm\n"
                           "\t// PTX_INJECT_START func\n"
                           "\t// %f5 mod f32 y\n"
                           "\t// %f6 out f32 z\n"
                           "\t// %f7 in f32 x\n"
                           "\t// PTX_INJECT_END\n"
                           "\t// end inline asm\n");
  Expected<Module> M = Module::parse(Ptx);
  ASSERT_TRUE(M) << M.error().Message;
  ASSERT_EQ(M->numInjects(), 1u);
  EXPECT_EQ(M->inject(0).Sites.size(), 2u);
  EXPECT_EQ(M->inject(0).Operands[2].Register, "_x2");
  EXPECT_EQ(M->inject(0).Operands[1].Kind, OperandKind::Out);
  std::string Out = render(*M, {"\t// STUB"});
  EXPECT_EQ(Out, kernel("\t// begin inline asm\n"
                        "\t{\n"
                        "\t.reg .f32 %_x0;\n"
                        "\t.reg .f32 %_x1;\n"
                        "\t.reg .f32 %_x2;\n"
                        "\tmov.f32 %_x0, %f5;\n"
                        "\tmov.f32 %_x2, %f7;\n"
                        "\t// STUB\n"
                        "\tmov.f32 %f5, %_x0;\n"
                        "\tmov.f32 %f2, %_x1;\n"
                        "\t}\n"
                        "\t// end inline asm\n"
                        "\t// begin inline asm\n"
                        "\t{\n"
                        "\t.reg .f32 %_x0;\n"
                        "\t.reg .f32 %_x1;\n"
                        "\t.reg .f32 %_x2;\n"
                        "\tmov.f32 %_x0, %f5;\n"
                        "\tmov.f32 %_x2, %f7;\n"
                        "\t// STUB\n"
                        "\tmov.f32 %f5, %_x0;\n"
                        "\tmov.f32 %f6, %_x1;\n"
                        "\t}\n"
                        "\t// end inline asm\n"));
}

TEST(RuntimeModule, TaggedTypesResolveThroughTheTypeTable) {
  std::string Ptx = kernel("\t// PTX_INJECT_START h\n"
                           "\t// %rs1 mod F16 v.x\n"
                           "\t// %r2 in mask m\n"
                           "\t// PTX_INJECT_END\n");
  EXPECT_EQ(parseError(Ptx).Code, ErrorCode::UnknownType);
  TypeTable Types = TypeTable::builtin();
  Types.add({"mask", "b32", "b32", 'r', ""});
  ParseOptions Options;
  Options.Types = &Types;
  Expected<Module> M = Module::parse(Ptx, Options);
  ASSERT_TRUE(M) << M.error().Message;
  EXPECT_EQ(M->inject(0).Operands[0].RegisterType, "b16");
  EXPECT_EQ(M->inject(0).Operands[0].Label, "v.x");
  EXPECT_EQ(M->inject(0).Operands[1].RegisterType, "b32");
  std::string Out = render(*M, {""});
  EXPECT_NE(Out.find("\tmov.b16 %_x0, %rs1;\n\tmov.b32 %_x1, %r2;\n"
                     "\tmov.b16 %rs1, %_x0;\n\t}\n"),
            std::string::npos)
      << Out;
}

TEST(RuntimeModule, ReusedOutputBufferDoesNotReallocate) {
  Expected<Module> M = Module::parse(kernel(StableSite));
  ASSERT_TRUE(M);
  std::string Out;
  std::vector<std::string_view> Stubs = {"\tadd.f32 %_x0, %_x0, %_x1;\n"};
  ASSERT_FALSE(M->render(Stubs, Out));
  const char *Data = Out.data();
  size_t Capacity = Out.capacity();
  for (int I = 0; I < 100; ++I) {
    Stubs[0] = I % 2 ? "\tmul.f32 %_x0, %_x0, %_x1;\n" : "";
    ASSERT_FALSE(M->render(Stubs, Out));
    EXPECT_EQ(Out.data(), Data);
    EXPECT_EQ(Out.capacity(), Capacity);
    EXPECT_EQ(Out.size(), M->renderedSize(Stubs));
  }
}

TEST(RuntimeModule, RenderToChecksTheBufferSize) {
  Expected<Module> M = Module::parse(kernel(StableSite));
  ASSERT_TRUE(M);
  std::string_view Stub = "\tneg.f32 %_x0, %_x1;";
  size_t Need = M->renderedSize(&Stub, 1);
  std::vector<char> Buffer(Need + 1, '#');
  size_t Written = 0;
  Error E = M->renderTo(&Stub, 1, Buffer.data(), Need - 1, Written);
  EXPECT_EQ(E.Code, ErrorCode::InsufficientBuffer);
  EXPECT_EQ(Written, Need);
  EXPECT_EQ(Buffer[0], '#') << "no partial output";
  ASSERT_FALSE(M->renderTo(&Stub, 1, Buffer.data(), Need + 1, Written));
  EXPECT_EQ(Written, Need);
  EXPECT_EQ(Buffer[Need], '\0');
  EXPECT_EQ(std::string(Buffer.data()), render(*M, {Stub}));
}

TEST(RuntimeModule, WrongStubCountIsAnError) {
  Expected<Module> M = Module::parse(kernel(StableSite));
  ASSERT_TRUE(M);
  std::string Out = "old";
  std::vector<std::string_view> Two = {"", ""};
  Error E = M->render(Two, Out);
  EXPECT_EQ(E.Code, ErrorCode::WrongStubCount);
  EXPECT_NE(E.Message.find("got 2 stubs for 1 injects"), std::string::npos);
  EXPECT_TRUE(Out.empty());
  EXPECT_EQ(M->renderedSize(Two), 0u);
  EXPECT_EQ(M->render(nullptr, 0, Out).Code, ErrorCode::WrongStubCount);
  EXPECT_EQ(M->render(nullptr, 1, Out).Code, ErrorCode::InvalidArgument);
}

TEST(RuntimeModule, SeveralInjectsKeepFirstAppearanceOrder) {
  std::string Body;
  for (const char *Name : {"b", "a", "b", "c"})
    Body += std::string("\t// PTX_INJECT_START ") + Name +
            "\n\t// _x0 o u32 U32 r\n\t// PTX_INJECT_END\n";
  Expected<Module> M = Module::parse(kernel(Body));
  ASSERT_TRUE(M) << M.error().Message;
  ASSERT_EQ(M->numInjects(), 3u);
  EXPECT_EQ(M->inject(0).Name, "b");
  EXPECT_EQ(M->inject(0).Sites.size(), 2u);
  EXPECT_EQ(M->inject(1).Name, "a");
  EXPECT_EQ(M->inject(2).Name, "c");
  std::string Out = render(*M, {"B", "A", ""});
  EXPECT_NE(Out.find("{\nB\nA\nB\n\tret;"), std::string::npos) << Out;
}

TEST(RuntimeModule, NoSitesIsAValidModule) {
  Expected<Module> M = Module::parse(kernel(""));
  ASSERT_TRUE(M);
  EXPECT_EQ(M->numInjects(), 0u);
  EXPECT_EQ(render(*M, {}), kernel(""));
}

struct BadCase {
  const char *What;
  std::string Ptx;
  ErrorCode Code;
  unsigned Line;
  unsigned Column;
};

TEST(RuntimeModule, BadInputGivesCodeAndPlace) {
  std::string Long(1025, 'n');
  std::vector<BadCase> Cases = {
      {"empty", "", ErrorCode::EmptyInput, 0, 0},
      {"blank", " \n\t\r\n", ErrorCode::EmptyInput, 0, 0},
      {"start without end", "x\n // PTX_INJECT_START f\n // _x0 i f32 F32 v\n",
       ErrorCode::UnterminatedSite, 2, 5},
      {"end without start", "x\n\n\t// PTX_INJECT_END\n",
       ErrorCode::UnmatchedEnd, 3, 5},
      {"nested start",
       "// PTX_INJECT_START f\n// PTX_INJECT_START g\n// PTX_INJECT_END\n",
       ErrorCode::NestedSite, 2, 4},
      {"unknown kind letter",
       "// PTX_INJECT_START f\n// _x0 x f32 F32 v\n// PTX_INJECT_END\n",
       ErrorCode::UnknownKind, 2, 8},
      {"unknown kind word",
       "// PTX_INJECT_START f\n// %f1 inout f32 v\n// PTX_INJECT_END\n",
       ErrorCode::UnknownKind, 2, 8},
      {"operand without label",
       "// PTX_INJECT_START f\n// _x0 i f32 F32\n// PTX_INJECT_END\n",
       ErrorCode::MalformedOperand, 2, 4},
      {"operand without kind",
       "// PTX_INJECT_START f\n// _x0\n// PTX_INJECT_END\n",
       ErrorCode::MalformedOperand, 2, 4},
      {"instruction inside a site",
       "// PTX_INJECT_START f\n  ret;\n// PTX_INJECT_END\n",
       ErrorCode::MalformedOperand, 2, 3},
      {"start without name", "// PTX_INJECT_START\n// PTX_INJECT_END\n",
       ErrorCode::MalformedMarker, 1, 4},
      {"two words as name", "// PTX_INJECT_START a b\n// PTX_INJECT_END\n",
       ErrorCode::MalformedMarker, 1, 23},
      {"name over 1 KB",
       "\n// PTX_INJECT_START " + Long + "\n// PTX_INJECT_END\n",
       ErrorCode::NameTooLong, 2, 21},
      {"duplicate label",
       "// PTX_INJECT_START f\n// _x0 i f32 F32 v\n// _x1 i f32 F32 v\n"
       "// PTX_INJECT_END\n",
       ErrorCode::DuplicateOperand, 3, 18},
      {"mixed dialects",
       "// PTX_INJECT_START f\n// _x0 i f32 F32 v\n// %f1 in f32 w\n"
       "// PTX_INJECT_END\n",
       ErrorCode::MixedDialects, 3, 4},
      {"inconsistent duplicates",
       "// PTX_INJECT_START f\n// _x0 i f32 F32 v\n// PTX_INJECT_END\n"
       "// PTX_INJECT_START f\n// _x0 i f64 F64 w\n// PTX_INJECT_END\n",
       ErrorCode::InconsistentSites, 5, 4},
      {"inconsistent registers",
       "// PTX_INJECT_START f\n// _x0 i f32 F32 v\n// PTX_INJECT_END\n"
       "// PTX_INJECT_START f\n// _x7 i f32 F32 v\n// PTX_INJECT_END\n",
       ErrorCode::InconsistentSites, 5, 4},
      {"invalid byte", "ok\nab\xff", ErrorCode::InvalidEncoding, 2, 3},
      {"truncated sequence at the end", "ok\n\xe2\x82",
       ErrorCode::InvalidEncoding, 2, 1},
      {"overlong encoding", "\xc0\xaf", ErrorCode::InvalidEncoding, 1, 1},
      {"surrogate", "abcdefgh\xed\xa0\x80", ErrorCode::InvalidEncoding, 1, 9},
  };
  for (const BadCase &C : Cases) {
    SCOPED_TRACE(C.What);
    // An exact-size heap copy, so a read past the end is caught by ASan.
    std::unique_ptr<char[]> Copy(new char[C.Ptx.size() ? C.Ptx.size() : 1]);
    std::copy(C.Ptx.begin(), C.Ptx.end(), Copy.get());
    Expected<Module> M =
        Module::parse(std::string_view(Copy.get(), C.Ptx.size()));
    ASSERT_FALSE(M);
    EXPECT_EQ(M.error().Code, C.Code) << M.error().Message;
    EXPECT_EQ(M.error().Line, C.Line) << M.error().Message;
    EXPECT_EQ(M.error().Column, C.Column) << M.error().Message;
    EXPECT_FALSE(M.error().Message.empty());
  }
}

TEST(RuntimeModule, InconsistentSitesNameBothLinesAndTheDifference) {
  Error E = parseError("// PTX_INJECT_START f\n// _x0 i f32 F32 v\n"
                       "// PTX_INJECT_END\n\n"
                       "// PTX_INJECT_START f\n// _x0 o f32 F32 v\n"
                       "// PTX_INJECT_END\n");
  EXPECT_EQ(E.Code, ErrorCode::InconsistentSites);
  EXPECT_EQ(E.Message, "inject 'f' at line 5 differs from its site at line 1: "
                       "operand 0 is '_x0 out f32 F32 v' here but '_x0 in f32 "
                       "F32 v' there; sites that share a name must have the "
                       "same operands");
}

TEST(RuntimeModule, ValidUtf8IsAccepted) {
  Expected<Module> M = Module::parse(
      "// caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80\n" + kernel(StableSite));
  EXPECT_TRUE(M) << M.error().Message;
}

TEST(RuntimeModule, NameLengthLimitIsInclusive) {
  std::string Name(1024, 'n');
  Expected<Module> M =
      Module::parse("// PTX_INJECT_START " + Name + "\n// PTX_INJECT_END\n");
  ASSERT_TRUE(M) << M.error().Message;
  EXPECT_EQ(M->inject(0).Name, Name);
}

TEST(RuntimeModule, HundredThousandSitesParseAndRender) {
  std::string Body;
  const size_t N = 100000;
  for (size_t I = 0; I < N; ++I)
    Body += "\t// PTX_INJECT_START s" + std::to_string(I % 1000) +
            "\n\t// _x0 m f32 F32 v\n\t// PTX_INJECT_END\n";
  Expected<Module> M = Module::parse(kernel(Body));
  ASSERT_TRUE(M) << M.error().Message;
  EXPECT_EQ(M->numSites(), N);
  EXPECT_EQ(M->numInjects(), 1000u);
  EXPECT_EQ(M->inject(999).Sites.size(), 100u);
  EXPECT_EQ(M->inject(0).Sites[1].Line, 6u + 3 * 1000);
  std::vector<std::string_view> Stubs(1000, "X");
  std::string Out = render(*M, Stubs);
  EXPECT_EQ(Out.size(), kernel("").size() + 2 * N);

  // Distinct names: lookup stays a hash probe.
  std::string Distinct;
  for (size_t I = 0; I < N; ++I)
    Distinct +=
        "// PTX_INJECT_START d" + std::to_string(I) + "\n// PTX_INJECT_END\n";
  Expected<Module> D = Module::parse(Distinct);
  ASSERT_TRUE(D);
  EXPECT_EQ(D->numInjects(), N);
  EXPECT_EQ(D->injectIndex("d77777"), std::optional<size_t>(77777));

  ParseOptions Limited;
  Limited.MaxSites = 99999;
  Expected<Module> L = Module::parse(Distinct, Limited);
  ASSERT_FALSE(L);
  EXPECT_EQ(L.error().Code, ErrorCode::TooManySites);
  EXPECT_EQ(L.error().Line, 2u * 99999 + 1);
}

TEST(RuntimeModule, EveryPrefixOfAModuleParsesOrFailsCleanly) {
  std::string Full = kernel(StableSite) + kernel("\t// PTX_INJECT_START t\n"
                                                 "\t// %f1 mod f32 y\n"
                                                 "\t// PTX_INJECT_END\n");
  for (size_t N = 0; N <= Full.size(); ++N) {
    std::unique_ptr<char[]> Copy(new char[N ? N : 1]);
    std::copy(Full.begin(), Full.begin() + N, Copy.get());
    Expected<Module> M = Module::parse(std::string_view(Copy.get(), N));
    if (M) {
      std::vector<std::string_view> Stubs(M->numInjects(), "S");
      std::string Out;
      EXPECT_FALSE(M->render(Stubs, Out));
    } else {
      EXPECT_NE(M.error().Code, ErrorCode::Success);
    }
  }
}

TEST(RuntimeModule, RandomByteMutationsNeverCrash) {
  std::string Full = kernel(StableSite) + kernel("\t// PTX_INJECT_START t\n"
                                                 "\t// %f1 mod f32 y\n"
                                                 "\t// PTX_INJECT_END\n");
  std::mt19937 Rng(1234);
  const char Alphabet[] = "/ \t\n%_xPTX_INJECT_STARTEND imo\xff\xc3";
  for (int Round = 0; Round < 3000; ++Round) {
    std::string Mutated = Full;
    for (int K = 0; K < 4; ++K)
      Mutated[Rng() % Mutated.size()] =
          Alphabet[Rng() % (sizeof(Alphabet) - 1)];
    Expected<Module> M = Module::parse(Mutated);
    if (M) {
      std::vector<std::string_view> Stubs(M->numInjects(), "S\n");
      std::string Out;
      ASSERT_FALSE(M->render(Stubs, Out));
      EXPECT_EQ(Out.size(), M->renderedSize(Stubs));
    }
  }
}

TEST(RuntimeModule, ManyThreadsRenderOneModule) {
  std::string Body;
  for (int I = 0; I < 64; ++I)
    Body += StableSite;
  Expected<Module> Parsed = Module::parse(kernel(Body));
  ASSERT_TRUE(Parsed);
  const Module M = Parsed.take();
  std::vector<std::string> Expected(8);
  for (int T = 0; T < 8; ++T)
    Expected[T] = render(M, {"\t// variant " + std::to_string(T)});
  std::atomic<int> Mismatches{0};
  std::vector<std::thread> Threads;
  for (int T = 0; T < 8; ++T)
    Threads.emplace_back([&, T] {
      std::string Stub = "\t// variant " + std::to_string(T);
      std::vector<std::string_view> Stubs = {Stub};
      std::string Out;
      for (int R = 0; R < 200; ++R) {
        if (M.render(Stubs, Out) || Out != Expected[T])
          ++Mismatches;
      }
    });
  for (std::thread &T : Threads)
    T.join();
  EXPECT_EQ(Mismatches.load(), 0);
}

TEST(RuntimeModule, CopiesShareTheParsedData) {
  Expected<Module> M = Module::parse(kernel(StableSite));
  ASSERT_TRUE(M);
  // NOLINTNEXTLINE(performance-unnecessary-copy-initialization): the test.
  Module Copy = *M;
  EXPECT_EQ(&Copy.inject(0), &M->inject(0));
  EXPECT_EQ(Copy.source(), kernel(StableSite));
}

} // namespace
