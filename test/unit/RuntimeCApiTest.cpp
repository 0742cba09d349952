//===- RuntimeCApiTest.cpp - The C API over Module ------------------------===//
#include "ptx_inject_runtime.h"

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

namespace {

const char *Ptx = ".version 8.0\n.target sm_80\n"
                  ".visible .entry k()\n{\n"
                  "\t// PTX_INJECT_START func\n"
                  "\t// _x0 m f32 F32 y\n"
                  "\t// _x1 o f32 F32 z\n"
                  "\t// _x2 i f32 F32 x\n"
                  "\t// PTX_INJECT_END\n"
                  "\t// PTX_INJECT_START other\n"
                  "\t// _x0 i u32 U32 n\n"
                  "\t// PTX_INJECT_END\n"
                  "\tret;\n}\n";

class CApi : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_EQ(ptx_inject_create(&H, Ptx), PTX_INJECT_SUCCESS);
  }
  void TearDown() override {
    EXPECT_EQ(ptx_inject_destroy(H), PTX_INJECT_SUCCESS);
  }
  PtxInjectHandle H = nullptr;
};

TEST_F(CApi, InjectQueries) {
  size_t N = 0;
  ASSERT_EQ(ptx_inject_num_injects(H, &N), PTX_INJECT_SUCCESS);
  EXPECT_EQ(N, 2u);
  size_t Index = 9, Args = 0, Sites = 0;
  ASSERT_EQ(ptx_inject_inject_info_by_name(H, "other", &Index, &Args, &Sites),
            PTX_INJECT_SUCCESS);
  EXPECT_EQ(Index, 1u);
  EXPECT_EQ(Args, 1u);
  EXPECT_EQ(Sites, 1u);
  EXPECT_EQ(
      ptx_inject_inject_info_by_name(H, "func", nullptr, nullptr, nullptr),
      PTX_INJECT_SUCCESS);
  EXPECT_EQ(
      ptx_inject_inject_info_by_name(H, "missing", &Index, nullptr, nullptr),
      PTX_INJECT_ERROR_INJECTION_NAME_NOT_FOUND);
  const char *Name = nullptr;
  ASSERT_EQ(ptx_inject_inject_info_by_index(H, 0, &Name, &Args, &Sites),
            PTX_INJECT_SUCCESS);
  EXPECT_STREQ(Name, "func");
  EXPECT_EQ(Args, 3u);
  EXPECT_EQ(ptx_inject_inject_info_by_index(H, 2, &Name, nullptr, nullptr),
            PTX_INJECT_ERROR_OUT_OF_BOUNDS_IDX);
}

TEST_F(CApi, OperandQueries) {
  size_t Arg = 9;
  const char *Reg = nullptr, *RegType = nullptr, *DataType = nullptr;
  PtxInjectMutType Mut = PTX_INJECT_MUT_TYPE_NUM_ENUMS;
  ASSERT_EQ(ptx_inject_variable_info_by_name(H, 0, "z", &Arg, &Reg, &Mut,
                                             &RegType, &DataType),
            PTX_INJECT_SUCCESS);
  EXPECT_EQ(Arg, 1u);
  EXPECT_STREQ(Reg, "_x1");
  EXPECT_EQ(Mut, PTX_INJECT_MUT_TYPE_OUT);
  EXPECT_STREQ(RegType, "f32");
  EXPECT_STREQ(DataType, "F32");
  EXPECT_EQ(ptx_inject_variable_info_by_name(H, 0, "w", &Arg, nullptr, nullptr,
                                             nullptr, nullptr),
            PTX_INJECT_ERROR_INJECTION_ARG_NAME_NOT_FOUND);
  EXPECT_EQ(ptx_inject_variable_info_by_name(H, 5, "z", nullptr, nullptr,
                                             nullptr, nullptr, nullptr),
            PTX_INJECT_ERROR_OUT_OF_BOUNDS_IDX);
  const char *Label = nullptr;
  ASSERT_EQ(ptx_inject_variable_info_by_index(H, 0, 0, &Label, &Reg, &Mut,
                                              nullptr, nullptr),
            PTX_INJECT_SUCCESS);
  EXPECT_STREQ(Label, "y");
  EXPECT_STREQ(Reg, "_x0");
  EXPECT_EQ(Mut, PTX_INJECT_MUT_TYPE_MOD);
  ASSERT_EQ(ptx_inject_variable_info_by_index(H, 1, 0, &Label, nullptr, &Mut,
                                              &RegType, &DataType),
            PTX_INJECT_SUCCESS);
  EXPECT_STREQ(Label, "n");
  EXPECT_EQ(Mut, PTX_INJECT_MUT_TYPE_IN);
  EXPECT_STREQ(RegType, "u32");
  EXPECT_STREQ(DataType, "U32");
  // As the reference: an operand index past the operands is invalid input.
  EXPECT_EQ(ptx_inject_variable_info_by_index(H, 1, 1, &Label, nullptr, nullptr,
                                              nullptr, nullptr),
            PTX_INJECT_ERROR_INVALID_INPUT);
  EXPECT_EQ(ptx_inject_variable_info_by_index(H, 7, 0, &Label, nullptr, nullptr,
                                              nullptr, nullptr),
            PTX_INJECT_ERROR_OUT_OF_BOUNDS_IDX);
}

// The reference's measure-and-allocate contract: the measured size counts the
// terminating NUL, so malloc(measured) is enough and the result is a C string.
TEST_F(CApi, MeasureThenRender) {
  const char *Stubs[] = {"\tadd.f32 %_x1, %_x0, %_x2;",
                         "\tmov.u32 %_x0, %_x0;"};
  // Each marker block becomes its stub and a line end.
  const std::string Expected = ".version 8.0\n.target sm_80\n"
                               ".visible .entry k()\n{\n"
                               "\tadd.f32 %_x1, %_x0, %_x2;\n"
                               "\tmov.u32 %_x0, %_x0;\n"
                               "\tret;\n}\n";
  size_t Size = 0;
  ASSERT_EQ(ptx_inject_render_ptx(H, Stubs, 2, nullptr, 0, &Size),
            PTX_INJECT_SUCCESS);
  EXPECT_EQ(Size, Expected.size() + 1);
  EXPECT_EQ(Size, 106u)
      << "the reference's measure for this module and these stubs";
  std::vector<char> Buffer(Size + 1, '#');
  size_t Written = 0;
  ASSERT_EQ(ptx_inject_render_ptx(H, Stubs, 2, Buffer.data(), Size, &Written),
            PTX_INJECT_SUCCESS)
      << "the measured size holds the text and its NUL";
  EXPECT_EQ(Written, Size - 1) << "bytes written exclude the NUL";
  EXPECT_EQ(Buffer[Size - 1], '\0');
  EXPECT_EQ(std::strlen(Buffer.data()), Written);
  EXPECT_EQ(Buffer[Size], '#') << "nothing past the buffer";
  std::string Out(Buffer.data());
  EXPECT_EQ(Out, Expected);

  // A larger buffer: the same text and NUL, the rest untouched.
  std::vector<char> Roomy(Size + 8, '#');
  ASSERT_EQ(
      ptx_inject_render_ptx(H, Stubs, 2, Roomy.data(), Roomy.size(), &Written),
      PTX_INJECT_SUCCESS);
  EXPECT_EQ(Written, Size - 1);
  EXPECT_EQ(std::string(Roomy.data()), Out);
  EXPECT_EQ(Roomy[Size], '#');

  // The bytes-written pointer is optional in both calls.
  EXPECT_EQ(ptx_inject_render_ptx(H, Stubs, 2, nullptr, 0, nullptr),
            PTX_INJECT_SUCCESS);
  EXPECT_EQ(ptx_inject_render_ptx(H, Stubs, 2, Buffer.data(), Size, nullptr),
            PTX_INJECT_SUCCESS);
  // A NULL buffer measures whatever buffer_size says.
  size_t Again = 0;
  EXPECT_EQ(ptx_inject_render_ptx(H, Stubs, 2, nullptr, 1000, &Again),
            PTX_INJECT_SUCCESS);
  EXPECT_EQ(Again, Size);
}

// As in the reference, a marker block becomes its stub and the block's line
// end, whatever the stub: "" leaves an empty line, a stub ending in a line end
// is followed by an empty one. (Module::render leaves neither.)
TEST_F(CApi, EveryStubKeepsItsBlocksLineEnd) {
  auto RenderC = [&](const char *A, const char *B) {
    const char *Stubs[] = {A, B};
    size_t Size = 0;
    EXPECT_EQ(ptx_inject_render_ptx(H, Stubs, 2, nullptr, 0, &Size),
              PTX_INJECT_SUCCESS);
    std::string Out(Size, '?');
    size_t Written = 0;
    EXPECT_EQ(ptx_inject_render_ptx(H, Stubs, 2, &Out[0], Size, &Written),
              PTX_INJECT_SUCCESS);
    EXPECT_EQ(Written + 1, Size);
    Out.resize(Written);
    return Out;
  };
  const std::string Head =
      ".version 8.0\n.target sm_80\n.visible .entry k()\n{\n";
  EXPECT_EQ(RenderC("", ""), Head + "\n\n\tret;\n}\n");
  EXPECT_EQ(RenderC("a;\n", "\n"), Head + "a;\n\n\n\n\tret;\n}\n");
  EXPECT_EQ(RenderC("a;", "b;"), Head + "a;\nb;\n\tret;\n}\n");
}

// One byte short of the measure: no room for the NUL is an error, and the
// buffer holds a C string, the text's first bytes, as the reference leaves it.
TEST_F(CApi, TooSmallBufferHoldsATerminatedPrefix) {
  const char *Stubs[] = {"\tadd.f32 %_x1, %_x0, %_x2;",
                         "\tmov.u32 %_x0, %_x0;"};
  size_t Size = 0;
  ASSERT_EQ(ptx_inject_render_ptx(H, Stubs, 2, nullptr, 0, &Size),
            PTX_INJECT_SUCCESS);
  std::string Full(Size, '\0');
  ASSERT_EQ(ptx_inject_render_ptx(H, Stubs, 2, &Full[0], Size, nullptr),
            PTX_INJECT_SUCCESS);
  Full.resize(Size - 1);

  for (size_t Short : {Size - 1, Size - 2, size_t(8), size_t(1)}) {
    std::vector<char> Buffer(Short + 1, '#');
    size_t Written = 0;
    EXPECT_EQ(
        ptx_inject_render_ptx(H, Stubs, 2, Buffer.data(), Short, &Written),
        PTX_INJECT_ERROR_INSUFFICIENT_BUFFER)
        << Short;
    EXPECT_EQ(Written, Size - 1) << "the text's length, as on success";
    EXPECT_EQ(Buffer[Short - 1], '\0') << Short;
    EXPECT_EQ(std::string(Buffer.data()), Full.substr(0, Short - 1)) << Short;
    EXPECT_EQ(Buffer[Short], '#') << "nothing past the buffer";
  }
  char Untouched = '#';
  size_t Written = 0;
  EXPECT_EQ(ptx_inject_render_ptx(H, Stubs, 2, &Untouched, 0, &Written),
            PTX_INJECT_ERROR_INSUFFICIENT_BUFFER);
  EXPECT_EQ(Written, Size - 1);
  EXPECT_EQ(Untouched, '#') << "a zero-byte buffer is never written";
}

TEST_F(CApi, RenderErrors) {
  const char *Stubs[] = {"a", "b", "c"};
  // Argument errors leave *bytes_written_out as it was.
  const size_t Unset = 777;
  size_t Size = Unset;
  EXPECT_EQ(ptx_inject_render_ptx(H, Stubs, 1, nullptr, 0, &Size),
            PTX_INJECT_ERROR_WRONG_NUM_STUBS);
  EXPECT_EQ(ptx_inject_render_ptx(H, Stubs, 3, nullptr, 0, &Size),
            PTX_INJECT_ERROR_WRONG_NUM_STUBS);
  EXPECT_EQ(ptx_inject_render_ptx(H, nullptr, 2, nullptr, 0, &Size),
            PTX_INJECT_ERROR_INVALID_INPUT);
  EXPECT_EQ(ptx_inject_render_ptx(H, nullptr, 0, nullptr, 0, &Size),
            PTX_INJECT_ERROR_INVALID_INPUT)
      << "a NULL array is invalid whatever the count";
  EXPECT_EQ(ptx_inject_render_ptx(nullptr, Stubs, 2, nullptr, 0, &Size),
            PTX_INJECT_ERROR_INVALID_INPUT);
  // A NULL entry is invalid (use "" for an empty inject), and is found before
  // a wrong count.
  const char *WithNull[] = {"a", nullptr, "c"};
  EXPECT_EQ(ptx_inject_render_ptx(H, WithNull, 2, nullptr, 0, &Size),
            PTX_INJECT_ERROR_INVALID_INPUT);
  char Buffer[256];
  EXPECT_EQ(ptx_inject_render_ptx(H, WithNull, 2, Buffer, sizeof Buffer, &Size),
            PTX_INJECT_ERROR_INVALID_INPUT);
  EXPECT_EQ(ptx_inject_render_ptx(H, WithNull, 3, nullptr, 0, &Size),
            PTX_INJECT_ERROR_INVALID_INPUT);
  EXPECT_EQ(Size, Unset);
}

TEST(CApiCreate, ErrorsCarryTheirPlace) {
  PtxInjectHandle H = reinterpret_cast<PtxInjectHandle>(1);
  PtxInjectDiagnostic Diag;
  const char *Bad = "x\n// PTX_INJECT_START f\n// _x0 z f32 F32 v\n";
  EXPECT_EQ(ptx_inject_create_with_diagnostic(&H, Bad, std::strlen(Bad), &Diag),
            PTX_INJECT_ERROR_FORMATTING);
  EXPECT_EQ(H, nullptr);
  EXPECT_EQ(Diag.result, PTX_INJECT_ERROR_FORMATTING);
  EXPECT_EQ(Diag.line, 3u);
  EXPECT_EQ(Diag.column, 8u);
  EXPECT_NE(std::string(Diag.message).find("unknown operand kind 'z'"),
            std::string::npos);

  const char *Dup = "// PTX_INJECT_START f\n// _x0 i f32 F32 v\n"
                    "// PTX_INJECT_END\n// PTX_INJECT_START f\n"
                    "// PTX_INJECT_END\n";
  EXPECT_EQ(ptx_inject_create(&H, Dup),
            PTX_INJECT_ERROR_INCONSISTENT_INJECTION);
  EXPECT_EQ(ptx_inject_create(&H, ""), PTX_INJECT_ERROR_INVALID_INPUT);
  EXPECT_EQ(ptx_inject_create(&H, "ok \xff"), PTX_INJECT_ERROR_INVALID_INPUT);
  EXPECT_EQ(ptx_inject_create(&H, nullptr), PTX_INJECT_ERROR_INVALID_INPUT);
  EXPECT_EQ(ptx_inject_create(nullptr, "x"), PTX_INJECT_ERROR_INVALID_INPUT);
  EXPECT_EQ(ptx_inject_num_injects(nullptr, nullptr),
            PTX_INJECT_ERROR_INVALID_INPUT);
  EXPECT_EQ(ptx_inject_destroy(nullptr), PTX_INJECT_SUCCESS);
}

TEST(CApiCreate, ExplicitSizeNeedsNoTerminator) {
  std::string Text = "// PTX_INJECT_START f\n// PTX_INJECT_END\nGARBAGE";
  PtxInjectHandle H = nullptr;
  // Only the first 38 bytes count: the garbage after them is never read.
  ASSERT_EQ(ptx_inject_create_with_diagnostic(&H, Text.data(), 39, nullptr),
            PTX_INJECT_SUCCESS);
  size_t Size = 0;
  const char *Stub = "S";
  ASSERT_EQ(ptx_inject_render_ptx(H, &Stub, 1, nullptr, 0, &Size),
            PTX_INJECT_SUCCESS);
  EXPECT_EQ(Size, 3u) << "\"S\", its newline and the NUL";
  ptx_inject_destroy(H);
}

// The rendered module of a handle, with no stubs.
std::string renderPlain(PtxInjectHandle H) {
  size_t N = 0, Size = 0;
  ptx_inject_num_injects(H, &N);
  const char *Empty = "";
  std::vector<const char *> Stubs(N, Empty);
  const char *const *Array = N ? Stubs.data() : &Empty;
  EXPECT_EQ(ptx_inject_render_ptx(H, Array, N, nullptr, 0, &Size),
            PTX_INJECT_SUCCESS);
  std::string Out(Size, '\0');
  EXPECT_EQ(ptx_inject_render_ptx(H, Array, N, &Out[0], Out.size(), &Size),
            PTX_INJECT_SUCCESS);
  Out.resize(Size);
  return Out;
}

TEST(CApiCreate, PruneFlagDropsUnreferencedInternalVariables) {
  std::string Text =
      std::string(".version 8.0\n.target sm_80\n.address_size 64\n"
                  ".const .align 4 .f32 unused_table[2] = {0f0, 0f0};\n"
                  ".global .u32 used;\n"
                  ".visible .global .u32 exported;\n") +
      (Ptx + std::strlen(".version 8.0\n.target sm_80\n"));
  Text.insert(Text.find("\tret;"), "\tld.global.u32 %r1, [used];\n");
  PtxInjectHandle Plain = nullptr, Pruned = nullptr;
  ASSERT_EQ(ptx_inject_create_with_flags(&Plain, Text.data(), Text.size(), 0,
                                         nullptr),
            PTX_INJECT_SUCCESS);
  ASSERT_EQ(ptx_inject_create_with_flags(&Pruned, Text.data(), Text.size(),
                                         PTX_INJECT_CREATE_PRUNE_UNUSED_GLOBALS,
                                         nullptr),
            PTX_INJECT_SUCCESS);
  std::string Kept = renderPlain(Plain), Out = renderPlain(Pruned);
  EXPECT_NE(Kept.find("unused_table"), std::string::npos);
  EXPECT_EQ(Out.find("unused_table"), std::string::npos) << Out;
  EXPECT_NE(Out.find(".global .u32 used;"), std::string::npos) << Out;
  EXPECT_NE(Out.find("exported"), std::string::npos) << Out;
  size_t Injects = 0;
  ASSERT_EQ(ptx_inject_num_injects(Pruned, &Injects), PTX_INJECT_SUCCESS);
  EXPECT_EQ(Injects, 2u);
  ptx_inject_destroy(Plain);
  ptx_inject_destroy(Pruned);
}

TEST(CApiCreate, UnknownFlagsAreRejected) {
  PtxInjectHandle H = reinterpret_cast<PtxInjectHandle>(&H);
  PtxInjectDiagnostic D;
  EXPECT_EQ(
      ptx_inject_create_with_flags(&H, Ptx, std::strlen(Ptx), 1u << 7, &D),
      PTX_INJECT_ERROR_INVALID_INPUT);
  EXPECT_EQ(H, nullptr);
  EXPECT_NE(std::strstr(D.message, "unknown flags 128"), nullptr) << D.message;
}

TEST(CApiCreate, EveryResultHasAName) {
  for (int R = 0; R < PTX_INJECT_RESULT_NUM_ENUMS; ++R) {
    const char *Name =
        ptx_inject_result_to_string(static_cast<PtxInjectResult>(R));
    ASSERT_NE(Name, nullptr);
    EXPECT_EQ(std::string(Name).rfind("PTX_INJECT_", 0), 0u) << R;
  }
  EXPECT_STREQ(ptx_inject_result_to_string(PTX_INJECT_ERROR_WRONG_NUM_STUBS),
               "PTX_INJECT_ERROR_WRONG_NUM_STUBS");
}

} // namespace
