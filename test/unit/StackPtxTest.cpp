//===- StackPtxTest.cpp - Stack PTX compiler, C API, text form, tables ----===//
#include "ptxinject/stackptx/StackPtx.h"
#include "ReadDescription.h"
#include "ptxinject/stackptx/StubCosts.h"
#include "ptxinject/stackptx/Text.h"
#include "stack_ptx_fast_generated_descriptions.h"
#include "stack_ptx_fast_generated_descriptions.hpp"
#include "stack_ptx_native_default_info.h"

#include <gtest/gtest.h>

#include <cstring>

using namespace ptxinject::stackptx;
using ptxinject::test::readSet;

namespace {

enum { REG_X, REG_Y, REG_Z, REG_COUNT };
const StackPtxFastRegister SeedRegisters[] = {
    {"x", STACK_PTX_FAST_STACK_TYPE_F32},
    {"y", STACK_PTX_FAST_STACK_TYPE_F32},
    {"z", STACK_PTX_FAST_STACK_TYPE_F32},
};
const StackPtxFastInstruction SeedProgram[] = {
    stack_ptx_fast_encode_input(REG_X),
    stack_ptx_fast_encode_input(REG_Y),
    stack_ptx_fast_encode_ptx_instruction_mul_ftz_f32,
    stack_ptx_fast_encode_constant_f32(1.0f),
    stack_ptx_fast_encode_ptx_instruction_add_ftz_f32,
    stack_ptx_fast_encode_return,
};
const size_t SeedRequests[] = {REG_Z};
const char SeedStub[] = "{\n"
                        ".reg .f32 %_s0_<2>;\n"
                        "mul.ftz.f32 %_s0_0, %x, %y;\n"
                        "add.ftz.f32 %_s0_1, %_s0_0, 0f3F800000;\n"
                        "mov.f32 %z, %_s0_1;\n"
                        "}";

/// Compiles a text program with F32 inputs x, y and requests.
std::string compileText(const std::string &Text,
                        std::vector<StackPtxFastRegister> Regs,
                        std::vector<size_t> Requests,
                        StackPtxFastCompilerInfo Limits = defaultLimits()) {
  const InstructionSet &Set = InstructionSet::builtin();
  std::vector<StackPtxFastInstruction> Prog;
  TextError Err;
  EXPECT_TRUE(parseProgram(Text, Set, Regs, Prog, Err)) << Err.Message;
  Compiler C(Set, Limits);
  Workspace WS;
  std::string Out;
  EXPECT_EQ(C.compile(Prog, Regs, Requests, WS, Out), STACK_PTX_FAST_SUCCESS);
  return Out;
}

std::vector<StackPtxFastRegister> xyz() {
  return {{"x", 0}, {"y", 0}, {"z", 0}};
}

} // namespace

TEST(StackPtx, InstructionsAreEightBytes) {
  EXPECT_EQ(sizeof(StackPtxFastInstruction), 8u);
  EXPECT_EQ(sizeof(SeedProgram), 6 * 8u);
}

TEST(StackPtx, SeedExampleThroughTheCApi) {
  const StackPtxFastInstructionSetInfo *Set =
      &stack_ptx_fast_generated_instruction_set;
  size_t WorkspaceSize = 0;
  ASSERT_EQ(stack_ptx_fast_compile_workspace_size(
                &stack_ptx_fast_default_compiler_info, Set, &WorkspaceSize),
            STACK_PTX_FAST_SUCCESS);
  std::vector<char> Workspace(WorkspaceSize);
  size_t Required = 0;
  // Measure with no buffer, then write the same compile with no recompile.
  ASSERT_EQ(stack_ptx_fast_compile(
                &stack_ptx_fast_default_compiler_info, Set, SeedProgram,
                SeedRegisters, REG_COUNT, nullptr, 0, SeedRequests, 1,
                Workspace.data(), Workspace.size(), nullptr, 0, &Required),
            STACK_PTX_FAST_SUCCESS);
  EXPECT_EQ(Required, std::strlen(SeedStub));
  std::vector<char> Buffer(Required + 1);
  size_t Written = 0;
  ASSERT_EQ(stack_ptx_fast_write_output(Workspace.data(), Workspace.size(),
                                        Buffer.data(), Buffer.size(), &Written),
            STACK_PTX_FAST_SUCCESS);
  EXPECT_EQ(Written, Required);
  EXPECT_STREQ(Buffer.data(), SeedStub);

  // A buffer one byte short is refused and nothing is half-written.
  std::vector<char> Small(Required);
  EXPECT_EQ(stack_ptx_fast_compile(&stack_ptx_fast_default_compiler_info, Set,
                                   SeedProgram, SeedRegisters, REG_COUNT,
                                   nullptr, 0, SeedRequests, 1,
                                   Workspace.data(), Workspace.size(),
                                   Small.data(), Small.size(), &Required),
            STACK_PTX_FAST_ERROR_INSUFFICIENT_BUFFER);
  EXPECT_EQ(Small[0], '\0');
  // A large buffer is written in the compile call itself.
  std::vector<char> Large(4096);
  ASSERT_EQ(stack_ptx_fast_compile(&stack_ptx_fast_default_compiler_info, Set,
                                   SeedProgram, SeedRegisters, REG_COUNT,
                                   nullptr, 0, SeedRequests, 1,
                                   Workspace.data(), Workspace.size(),
                                   Large.data(), Large.size(), &Required),
            STACK_PTX_FAST_SUCCESS);
  EXPECT_STREQ(Large.data(), SeedStub);
}

TEST(StackPtx, CApiRejectsBadArguments) {
  const StackPtxFastInstructionSetInfo *Set =
      &stack_ptx_fast_generated_instruction_set;
  size_t WorkspaceSize = 0, Required = 0;
  stack_ptx_fast_compile_workspace_size(&stack_ptx_fast_default_compiler_info,
                                        Set, &WorkspaceSize);
  std::vector<char> Workspace(WorkspaceSize);
  EXPECT_EQ(stack_ptx_fast_compile(
                &stack_ptx_fast_default_compiler_info, Set, SeedProgram,
                SeedRegisters, REG_COUNT, nullptr, 0, SeedRequests, 1,
                Workspace.data(), Workspace.size() - 9, nullptr, 0, &Required),
            STACK_PTX_FAST_ERROR_INSUFFICIENT_WORKSPACE);
  const size_t BadRequest[] = {7};
  EXPECT_EQ(stack_ptx_fast_compile(&stack_ptx_fast_default_compiler_info, Set,
                                   SeedProgram, SeedRegisters, REG_COUNT,
                                   nullptr, 0, BadRequest, 1, Workspace.data(),
                                   Workspace.size(), nullptr, 0, &Required),
            STACK_PTX_FAST_ERROR_INVALID_REGISTER);
  const StackPtxFastRegister BadStack[] = {{"x", 200}};
  EXPECT_EQ(stack_ptx_fast_compile(&stack_ptx_fast_default_compiler_info, Set,
                                   SeedProgram, BadStack, 1, nullptr, 0,
                                   nullptr, 0, Workspace.data(),
                                   Workspace.size(), nullptr, 0, &Required),
            STACK_PTX_FAST_ERROR_INVALID_REGISTER);
  EXPECT_EQ(stack_ptx_fast_compile(nullptr, Set, SeedProgram, SeedRegisters,
                                   REG_COUNT, nullptr, 0, SeedRequests, 1,
                                   Workspace.data(), Workspace.size(), nullptr,
                                   0, &Required),
            STACK_PTX_FAST_ERROR_INVALID_ARGUMENT);
  std::vector<char> Fresh(WorkspaceSize, 0);
  char Buf[8];
  size_t Written;
  EXPECT_EQ(stack_ptx_fast_write_output(Fresh.data(), Fresh.size(), Buf,
                                        sizeof Buf, &Written),
            STACK_PTX_FAST_ERROR_NOTHING_COMPILED);
  EXPECT_NE(std::strstr(stack_ptx_fast_result_to_string(
                            STACK_PTX_FAST_ERROR_INSUFFICIENT_WORKSPACE),
                        "stack_ptx_fast_compile_workspace_size"),
            nullptr);
}

TEST(StackPtx, RegisterNamesAreBare) {
  // "x" is written %x; "%x" would be %%x, which only ptxas refuses: the
  // C API, the C++ API and a batch refuse it, and the message says to give
  // the bare name.
  const StackPtxFastInstructionSetInfo *Set =
      &stack_ptx_fast_generated_instruction_set;
  size_t WorkspaceSize = 0, Required = 0;
  stack_ptx_fast_compile_workspace_size(&stack_ptx_fast_default_compiler_info,
                                        Set, &WorkspaceSize);
  std::vector<char> Scratch(WorkspaceSize);
  Compiler C(InstructionSet::builtin());
  Workspace WS;
  std::string Out;
  std::vector<size_t> Ends;
  const Program Programs[] = {SeedProgram, SeedProgram};
  for (const char *Bad : {"%x", "", "a.b", "x y", "%%x", "x%"}) {
    const StackPtxFastRegister Regs[] = {
        {Bad, STACK_PTX_FAST_STACK_TYPE_F32},
        {"y", STACK_PTX_FAST_STACK_TYPE_F32},
        {"z", STACK_PTX_FAST_STACK_TYPE_F32},
    };
    EXPECT_EQ(stack_ptx_fast_compile(&stack_ptx_fast_default_compiler_info, Set,
                                     SeedProgram, Regs, REG_COUNT, nullptr, 0,
                                     SeedRequests, 1, Scratch.data(),
                                     Scratch.size(), nullptr, 0, &Required),
              STACK_PTX_FAST_ERROR_INVALID_REGISTER)
        << Bad;
    // After a good compile on the same workspace too (its reuse path).
    ASSERT_EQ(C.compile(SeedProgram, SeedRegisters, SeedRequests, WS, Out),
              STACK_PTX_FAST_SUCCESS);
    EXPECT_EQ(C.compile(SeedProgram, Regs, SeedRequests, WS, Out),
              STACK_PTX_FAST_ERROR_INVALID_REGISTER)
        << Bad;
    EXPECT_EQ(C.compileBatch(Programs, Regs, SeedRequests, WS, Out, Ends),
              STACK_PTX_FAST_ERROR_INVALID_REGISTER)
        << Bad;
    EXPECT_TRUE(Out.empty());
  }
  EXPECT_NE(std::strstr(stack_ptx_fast_result_to_string(
                            STACK_PTX_FAST_ERROR_INVALID_REGISTER),
                        "give the bare name"),
            nullptr);
  // PTX's register names: letters, digits, '_' and '$'.
  const StackPtxFastRegister Odd[] = {
      {"_x$1", STACK_PTX_FAST_STACK_TYPE_F32},
      {"0", STACK_PTX_FAST_STACK_TYPE_F32},
      {"Z9", STACK_PTX_FAST_STACK_TYPE_F32},
  };
  ASSERT_EQ(C.compile(SeedProgram, Odd, SeedRequests, WS, Out),
            STACK_PTX_FAST_SUCCESS);
  EXPECT_NE(Out.find("mul.ftz.f32 %_s0_0, %_x$1, %0;"), std::string::npos)
      << Out;
  EXPECT_NE(Out.find("mov.f32 %Z9, %_s0_1;"), std::string::npos) << Out;
}

TEST(StackPtx, CppApiMatchesAndReusesBuffers) {
  Compiler C(InstructionSet::builtin());
  Workspace WS;
  std::string Out;
  ASSERT_EQ(C.compile(SeedProgram, SeedRegisters, SeedRequests, WS, Out),
            STACK_PTX_FAST_SUCCESS);
  EXPECT_EQ(Out, SeedStub);
  const void *Data = WS.data();
  std::string Again;
  Again.reserve(1024);
  const char *OutData = Again.data();
  ASSERT_EQ(C.compile(SeedProgram, SeedRegisters, SeedRequests, WS, Again),
            STACK_PTX_FAST_SUCCESS);
  EXPECT_EQ(Again, SeedStub);
  EXPECT_EQ(WS.data(), Data) << "the workspace must be reused, not reallocated";
  EXPECT_EQ(Again.data(), OutData) << "the output buffer must be reused";
}

TEST(StackPtx, GeneratedCppHeaderEncodesTheSameProgram) {
  using namespace stack_ptx;
  constexpr StackPtxFastInstruction Prog[] = {
      input(REG_X),       input(REG_Y),     ptx::mul_ftz_f32,
      constant_f32(1.0f), ptx::add_ftz_f32, ret};
  static_assert(sizeof(Prog) == sizeof(SeedProgram), "same length");
  EXPECT_EQ(std::memcmp(Prog, SeedProgram, sizeof(Prog)), 0);
  Compiler C(tables_instruction_set);
  Workspace WS;
  std::string Out;
  ASSERT_EQ(C.compile(Prog, SeedRegisters, SeedRequests, WS, Out),
            STACK_PTX_FAST_SUCCESS);
  EXPECT_EQ(Out, SeedStub);
}

TEST(StackPtx, GeneratedTablesEqualTheJsonLoader) {
  const StackPtxFastInstructionSetInfo &A = InstructionSet::builtin().info();
  const StackPtxFastInstructionSetInfo &B =
      stack_ptx_fast_generated_instruction_set;
  ASSERT_EQ(A.num_stack_types, B.num_stack_types);
  ASSERT_EQ(A.num_arg_types, B.num_arg_types);
  ASSERT_EQ(A.num_instructions, B.num_instructions);
  ASSERT_EQ(A.num_special_registers, B.num_special_registers);
  for (size_t I = 0; I < A.num_stack_types; ++I) {
    EXPECT_STREQ(A.stack_types[I].name, B.stack_types[I].name);
    EXPECT_STREQ(A.stack_types[I].reg_type, B.stack_types[I].reg_type);
    EXPECT_EQ(A.stack_types[I].constant_kind, B.stack_types[I].constant_kind);
  }
  for (size_t I = 0; I < A.num_instructions; ++I) {
    const StackPtxFastPtxInstructionInfo &X = A.instructions[I],
                                         &Y = B.instructions[I];
    EXPECT_STREQ(X.ptx, Y.ptx);
    EXPECT_STREQ(X.display, Y.display);
    EXPECT_EQ(X.num_args, Y.num_args);
    EXPECT_EQ(X.num_rets, Y.num_rets);
    EXPECT_EQ(std::memcmp(X.args, Y.args, sizeof X.args), 0) << X.display;
    EXPECT_EQ(std::memcmp(X.rets, Y.rets, sizeof X.rets), 0) << X.display;
    EXPECT_EQ(X.aligned, Y.aligned);
  }
  for (size_t I = 0; I < A.num_special_registers; ++I) {
    EXPECT_STREQ(A.special_registers[I].ptx, B.special_registers[I].ptx);
    EXPECT_EQ(A.special_registers[I].arg_type, B.special_registers[I].arg_type);
  }
}

TEST(StackPtx, SkipsInstructionsWithMissingOperands) {
  // add needs two values; the lone x stays and goes to z.
  EXPECT_EQ(compileText("x add.ftz.f32", xyz(), {2}), "{\nmov.f32 %z, %x;\n}");
  // Nothing on the stack: the request is left alone.
  EXPECT_EQ(compileText("add.ftz.f32 neg.ftz.f32", xyz(), {2}), "{\n}");
}

TEST(StackPtx, EliminatesDeadCode) {
  std::string Out = compileText("x y sub.ftz.f32 x neg.ftz.f32 y", xyz(), {2});
  EXPECT_EQ(Out, "{\nmov.f32 %z, %y;\n}");
  Out = compileText("x y sub.ftz.f32 x abs.ftz.f32 swap.f32", xyz(), {2});
  EXPECT_EQ(Out, "{\n.reg .f32 %_s0_<1>;\nsub.ftz.f32 %_s0_0, %x, %y;\nmov.f32 "
                 "%z, %_s0_0;\n}");
}

TEST(StackPtx, MetaInstructions) {
  auto R = xyz();
  // Inputs x y z pushed; rotate sinks the top two places: x y z -> z x y
  // (bottom..top).
  auto Top = [&](const std::string &Prog) {
    std::string Out = compileText(Prog, R, {2});
    size_t P = Out.find("mov.f32 %z, ");
    return P == std::string::npos ? std::string("none") : Out.substr(P + 12, 2);
  };
  EXPECT_EQ(Top("x y dup.f32"), "%y");
  EXPECT_EQ(Top("x y swap.f32"), "%x");
  EXPECT_EQ(Top("x y z rotate.f32"), "%y");
  EXPECT_EQ(Top("x y z rotate.f32 drop.f32"), "%y")
      << "drop without meta is skipped";
  EXPECT_EQ(Top("x y z meta 1 drop.f32"), "%y");
  EXPECT_EQ(Top("x y z meta 3 drop.f32"), "none");
  EXPECT_EQ(Top("x y z meta 4 drop.f32"), "%z")
      << "dropping more than present is skipped";
  EXPECT_EQ(Top("x y z meta 2 yank_dup.f32"), "%x");
  EXPECT_EQ(Top("x y z meta 3 yank_dup.f32"), "%z") << "too deep: skipped";
  EXPECT_EQ(Top("x y z meta 2 swap_with.f32"), "%x");
  EXPECT_EQ(Top("x y z reverse.f32"), "%x");
  EXPECT_EQ(Top("x y z clear.f32"), "none");
  EXPECT_EQ(Top("x y z meta 1 replace.f32"), "%y");
  EXPECT_EQ(Top("x y z meta 1 replace.f32 meta 1 drop.f32"), "%z")
      << "replace moved z into x's slot";
  EXPECT_EQ(Top("x y store.f32 0 load 0 load 0 add.ftz.f32 meta 0 drop.f32"),
            "%_")
      << "loaded twice, added";
  EXPECT_EQ(Top("x load 3"), "%x") << "load of an empty slot is skipped";
  EXPECT_EQ(Top("x meta 5 dup.u32 meta 0 yank_dup.f32"), "%x");
}

TEST(StackPtx, RequestsPopInOrder) {
  std::vector<StackPtxFastRegister> R = {
      {"x", 0}, {"y", 0}, {"a", 0}, {"b", 0}};
  EXPECT_EQ(compileText("x y", R, {2, 3}),
            "{\nmov.f32 %a, %y;\nmov.f32 %b, %x;\n}");
  // Swapping two registers: x is copied before the first request overwrites it.
  EXPECT_EQ(compileText("x y", R, {0, 1}),
            "{\n.reg .f32 %_s0_<1>;\nmov.f32 %_s0_0, %x;\nmov.f32 %x, "
            "%y;\nmov.f32 %y, "
            "%_s0_0;\n}");
}

TEST(StackPtx, ConstantsAndSpecialRegisters) {
  std::vector<StackPtxFastRegister> R = {{"u", 1}, {"s", 2}, {"f", 0}};
  EXPECT_EQ(compileText("-5 1.5", R, {1, 2}),
            "{\nmov.s32 %s, -5;\nmov.f32 %f, 0f3FC00000;\n}");
  EXPECT_EQ(compileText("%tid.x 10 add.u32", R, {0}),
            "{\n.reg .u32 %_s1_<2>;\nmov.u32 %_s1_0, %tid.x;\nadd.u32 %_s1_1, "
            "%_s1_0, 10;\n"
            "mov.u32 %u, %_s1_1;\n}");
  // Vector special registers push .x .y .z .w; w ends on top.
  EXPECT_EQ(compileText("%ctaid", R, {0}),
            "{\n.reg .u32 %_s1_<1>;\nmov.u32 %_s1_0, %ctaid.w;\nmov.u32 %u, "
            "%_s1_0;\n}");
}

TEST(StackPtx, VectorOperandsAndTwoStackInstructions) {
  std::vector<StackPtxFastRegister> R = {{"a", 0}, {"p", 3}, {"d", 0}};
  // selp takes F32 F32 PRED: the two floats come deepest first.
  EXPECT_EQ(compileText("a 2.0 a 1.0 setp.lt.ftz.f32 selp.f32", R, {2}),
            "{\n.reg .f32 %_s0_<1>;\n.reg .pred %_s3_<1>;\nsetp.lt.ftz.f32 "
            "%_s3_0, %a, "
            "0f3F800000;\nselp.f32 %_s0_0, %a, 0f40000000, %_s3_0;\nmov.f32 "
            "%d, %_s0_0;\n}");
  std::string Mma =
      compileText("a a a a a cvt.rna.tf32.f32 a cvt.rna.tf32.f32 a "
                  "cvt.rna.tf32.f32 mma.sync.aligned.m16n8k4.row.col.f32.tf32."
                  "tf32.f32",
                  R, {2});
  EXPECT_NE(
      Mma.find(
          "mma.sync.aligned.m16n8k4.row.col.f32.tf32.tf32.f32 {%_s0_0, %_s0_1, "
          "%_s0_2, %_s0_3}, {%_s4_0, %_s4_1}, {%_s4_2}, {%a, %a, %a, %a};"),
      std::string::npos)
      << Mma;
  EXPECT_NE(Mma.find("mov.f32 %d, %_s0_3;"), std::string::npos) << Mma;
}

TEST(StackPtx, RoutinesAndFrameDepth) {
  const InstructionSet &Set = InstructionSet::builtin();
  auto R = xyz();
  std::vector<StackPtxFastInstruction> Main, Body;
  TextError Err;
  ASSERT_TRUE(parseProgram("x routine 0", Set, R, Main, Err));
  ASSERT_TRUE(parseProgram("dup.f32 add.ftz.f32 routine 0", Set, R, Body, Err));
  Program Routines[] = {Body};
  for (size_t Depth : {0, 1, 3}) {
    StackPtxFastCompilerInfo L = defaultLimits();
    L.max_frame_depth = Depth;
    Compiler C(Set, L);
    Workspace WS;
    std::string Out;
    const size_t Req[] = {2};
    ASSERT_EQ(C.compile(Main, R, Req, WS, Out, Routines),
              STACK_PTX_FAST_SUCCESS);
    // Each level doubles: Depth adds, recursion stops at the limit.
    size_t Adds = 0;
    for (size_t P = Out.find("add.ftz.f32"); P != std::string::npos;
         P = Out.find("add.ftz.f32", P + 1))
      ++Adds;
    EXPECT_EQ(Adds, Depth) << Out;
  }
}

TEST(StackPtx, LimitsSkipInsteadOfOverflowing) {
  StackPtxFastCompilerInfo L = defaultLimits();
  L.stack_size = 2;
  EXPECT_EQ(compileText("x y z", xyz(), {2}, L), "{\nmov.f32 %z, %y;\n}");
  L = defaultLimits();
  L.max_ast_size = 2;
  EXPECT_EQ(compileText("x y z", xyz(), {2}, L), "{\nmov.f32 %z, %y;\n}");
  L = defaultLimits();
  L.execution_limit = 1;
  EXPECT_EQ(compileText("x y", xyz(), {2}, L), "{\nmov.f32 %z, %x;\n}");
}

TEST(StackPtxText, ErrorsCarryLineAndColumn) {
  const InstructionSet &Set = InstructionSet::builtin();
  std::vector<StackPtxFastInstruction> P;
  TextError Err;
  auto R = xyz();
  EXPECT_FALSE(parseProgram("x y\n  add.ftz.f32 bogus", Set, R, P, Err));
  EXPECT_EQ(Err.Line, 2u);
  EXPECT_EQ(Err.Column, 15u);
  EXPECT_NE(Err.Message.find("'bogus'"), std::string::npos);
  EXPECT_FALSE(parseProgram("store.f32", Set, R, P, Err));
  EXPECT_NE(Err.Message.find("needs a number"), std::string::npos);
  EXPECT_FALSE(parseProgram("1:pred", Set, R, P, Err));
  EXPECT_NE(Err.Message.find("no constants"), std::string::npos);
  EXPECT_FALSE(parseProgram("dup.nosuch", Set, R, P, Err));
  EXPECT_FALSE(parseProgram("%nosuch", Set, R, P, Err));
  EXPECT_TRUE(parseProgram("# comment\nx # more\n y", Set, R, P, Err));
  EXPECT_EQ(P.size(), 3u);
}

TEST(StackPtxText, PrintThenParseRoundTrips) {
  const InstructionSet &Set = InstructionSet::builtin();
  auto R = xyz();
  std::vector<StackPtxFastInstruction> P, Q;
  TextError Err;
  const char *Text =
      "x y add.ftz.f32 2.5 -3 7 meta 2 dup.f32 yank_dup.u32 store.f32 1 "
      "load 1 routine 0 %tid.x %ctaid add.philox 5:philox reverse.pred";
  ASSERT_TRUE(parseProgram(Text, Set, R, P, Err)) << Err.Message;
  std::string Printed = printProgram(P, Set, R);
  ASSERT_TRUE(parseProgram(Printed, Set, R, Q, Err))
      << Err.Message << " in " << Printed;
  ASSERT_EQ(P.size(), Q.size());
  EXPECT_EQ(std::memcmp(P.data(), Q.data(), P.size() * 8), 0) << Printed;
}

TEST(StackPtxFastInstructionSet, JsonSemanticErrorsNameTheColumn) {
  InstructionSet S;
  std::string Error;
  EXPECT_FALSE(readSet(
      "{\"stack_types\": [{\"name\": \"F32\", \"literal_prefix\": \"f32\"}],\n"
      " \"arg_types\": [{\"name\": \"F32\", \"stack_type\": \"F64\"}]}",
      S, Error));
  EXPECT_EQ(Error.substr(0, 5), "2:16:") << Error; // the arg type object
  EXPECT_FALSE(readSet("{\"stack_types\": \"F32\"}", S, Error));
  EXPECT_EQ(Error.substr(0, 5), "1:17:") << Error;
}

TEST(StackPtxFastInstructionSet, JsonErrorsNameTheProblem) {
  InstructionSet S;
  std::string Error;
  EXPECT_FALSE(readSet("{\"stack_types\": [", S, Error));
  EXPECT_EQ(Error.substr(0, 2), "1:");
  EXPECT_FALSE(readSet(
      "{\"stack_types\": [{\"name\": \"F32\", \"literal_prefix\": \"f32\"}],\n"
      " \"arg_types\": [{\"name\": \"F32\", \"stack_type\": \"F64\"}]}",
      S, Error));
  EXPECT_NE(Error.find("unknown stack type 'F64'"), std::string::npos) << Error;
  EXPECT_EQ(Error.substr(0, 2), "2:");
  EXPECT_FALSE(readSet(
      "{\"stack_types\": [{\"name\": \"F32\", \"literal_prefix\": \"f32\"}],"
      " \"arg_types\": [{\"name\": \"F32\", \"stack_type\": \"F32\"}],"
      " \"instructions\": [{\"ptx\": \"a\", \"args\": [], \"rets\": [\"F32\"]},"
      "                    {\"ptx\": \"a\", \"args\": [], \"rets\": "
      "[\"F32\"]}]}",
      S, Error));
  EXPECT_NE(Error.find("duplicate instruction name 'a'"), std::string::npos)
      << Error;
  ASSERT_TRUE(readSet(
      "{\"stack_types\": [{\"name\": \"F64\", \"literal_prefix\": \"f64\"}],"
      " \"arg_types\": [{\"name\": \"F64\", \"stack_type\": \"F64\"}],"
      " \"instructions\": [{\"ptx\": \"add.f64\", \"args\": [\"F64\", "
      "\"F64\"], "
      "\"rets\": [\"F64\"]}]}",
      S, Error))
      << Error;
  EXPECT_EQ(S.findInstruction("add.f64"), 0);
  EXPECT_EQ(S.findStackType("f64"), 0);
}

TEST(StackPtxFastInstructionSet, CostsComeFromTheDescription) {
  InstructionSet S;
  std::string Error;
  const std::string Head =
      "{\"stack_types\": [{\"name\": \"F32\", \"literal_prefix\": \"f32\"}],"
      " \"arg_types\": [{\"name\": \"F32\", \"stack_type\": \"F32\"}],\n"
      " \"instructions\": [{\"ptx\": \"a\", \"rets\": [\"F32\"]}, "
      "{\"ptx\": \"b\", \"rets\": [\"F32\"], ";
  ASSERT_TRUE(
      readSet(Head + "\"latency\": 17.5, \"approximate\": true}]}", S, Error))
      << Error;
  EXPECT_EQ(S.instructionCost(0).Latency, InstructionCost::DefaultLatency);
  EXPECT_FALSE(S.instructionCost(0).Approximate);
  EXPECT_EQ(S.instructionCost(1).Latency, 17.5);
  EXPECT_TRUE(S.instructionCost(1).Approximate);
  // forTarget keeps the costs; an index out of range gets the default.
  EXPECT_EQ(S.forTarget(Target{80, 0}).instructionCost(1).Latency, 17.5);
  EXPECT_EQ(S.instructionCost(9).Latency, InstructionCost::DefaultLatency);

  EXPECT_FALSE(readSet(Head + "\"latency\": -1}]}", S, Error));
  EXPECT_EQ(Error.substr(0, 5), "2:91:") << Error; // the value
  EXPECT_NE(Error.find("instruction 'b': latency"), std::string::npos) << Error;
  EXPECT_FALSE(readSet(Head + "\"approximate\": 1}]}", S, Error));
  EXPECT_NE(Error.find("approximate must be true or false"), std::string::npos)
      << Error;

  // The shipped description prices the special function unit above an add.
  const InstructionSet &B = InstructionSet::builtin();
  InstructionCost Sin =
      B.instructionCost(B.findInstruction("sin.approx.ftz.f32"));
  InstructionCost Add = B.instructionCost(B.findInstruction("add.ftz.f32"));
  EXPECT_TRUE(Sin.Approximate);
  EXPECT_FALSE(Add.Approximate);
  EXPECT_GT(Sin.Latency, Add.Latency);
}

TEST(StackPtxFastInstructionSet, StubCostsCountWhatRuns) {
  InstructionSet S;
  std::string Error;
  // Two entries share the opcode b: the larger latency, approximate if any.
  ASSERT_TRUE(
      readSet("{\"stack_types\": [{\"name\": \"F32\", \"literal_prefix\": "
              "\"f32\"}], \"arg_types\": [{\"name\": \"F32\", \"stack_type\": "
              "\"F32\"}], \"instructions\": [{\"ptx\": \"b\", \"display\": "
              "\"b1\", \"rets\": [\"F32\"], \"latency\": 10}, {\"ptx\": \"b\", "
              "\"display\": \"b2\", \"rets\": [\"F32\"], \"latency\": 30, "
              "\"approximate\": true}]}",
              S, Error))
      << Error;
  StubCosts Costs(S);
  // Declarations, moves, comments and braces do not run; an opcode the
  // set lacks costs the default.
  StubCost C = Costs.measure("{\n  .reg .f32 %a;\n// b %a;\n  b %a;\n"
                             "mov.f32 %out, %a;\n\tunknown.op %a, %a;\n}");
  EXPECT_EQ(C.Live, 2u);
  EXPECT_EQ(C.Approximate, 1u);
  EXPECT_EQ(C.Latency, 30 + InstructionCost::DefaultLatency);
  EXPECT_EQ(Costs.measure("").Live, 0u);
}

TEST(StackPtxFastInstructionSet, CApiLoadsJson) {
  const char Json[] =
      "{\"stack_types\": [{\"name\": \"F32\", \"literal_prefix\": \"f32\"}]}";
  StackPtxFastInstructionSet *Set = nullptr;
  char Error[128];
  ASSERT_EQ(stack_ptx_fast_instruction_set_create(Json, sizeof(Json) - 1, &Set,
                                                  Error, sizeof Error),
            STACK_PTX_FAST_SUCCESS);
  EXPECT_EQ(stack_ptx_fast_instruction_set_info(Set)->num_stack_types, 1u);
  stack_ptx_fast_instruction_set_destroy(Set);
  EXPECT_EQ(
      stack_ptx_fast_instruction_set_create("{", 1, &Set, Error, sizeof Error),
      STACK_PTX_FAST_ERROR_INVALID_DESCRIPTION);
  EXPECT_EQ(Set, nullptr);
  EXPECT_NE(std::strchr(Error, ':'), nullptr);
  EXPECT_GT(stack_ptx_fast_instruction_set_info(
                stack_ptx_fast_instruction_set_default())
                ->num_instructions,
            30u);
}

TEST(StackPtxText, OutOfRangeFloatLiteralsAreErrors) {
  const InstructionSet &Set = InstructionSet::builtin();
  std::vector<StackPtxFastInstruction> P;
  TextError Err;
  auto R = xyz();
  for (const char *Text :
       {"1e999", "-1e999", "1e-999", "-2.5e-60", "0x1p-200:f32", "3.5e38:f32",
        "x 1e39 add.ftz.f32"}) {
    EXPECT_FALSE(parseProgram(Text, Set, R, P, Err)) << Text;
    EXPECT_NE(Err.Message.find("out of its range"), std::string::npos)
        << Err.Message;
  }
  // Zero, subnormals and the largest finite value stay valid.
  for (const char *Text :
       {"0.0", "-0e999", "0x0p+0:f32", "1e-40", "3.4028234e38"})
    EXPECT_TRUE(parseProgram(Text, Set, R, P, Err))
        << Text << ": " << Err.Message;
}

TEST(StackPtxText, FailedParseLeavesNoPartialProgram) {
  const InstructionSet &Set = InstructionSet::builtin();
  std::vector<StackPtxFastInstruction> P;
  TextError Err;
  auto R = xyz();
  for (const char *Text :
       {"x y add.ftz.f32 bogus", "x y store.f32", "x 1e999", "x %nosuch"}) {
    P.assign(3, stack_ptx_fast_encode_return);
    EXPECT_FALSE(parseProgram(Text, Set, R, P, Err)) << Text;
    EXPECT_TRUE(P.empty()) << Text << " left " << P.size() << " instructions";
  }
}

// A description may ask for the reference library's operand order
// (top_first, per instruction) and meta-instruction rules (reference_rules):
// the mm_ptx Python layer builds its sets this way.
TEST(StackPtxFastInstructionSet, JsonTakesTopFirstAndReferenceRules) {
  auto description = [](const char *TopFirst, const char *Rules) {
    return std::string("{\"reference_rules\": ") + Rules +
           ", \"stack_types\": [{\"name\": \"F32\", \"literal_prefix\": "
           "\"f32\", \"constant_type\": \"f32\"}],"
           " \"arg_types\": [{\"name\": \"F32\", \"stack_type\": \"F32\"}],"
           " \"instructions\": [{\"ptx\": \"sub.f32\", \"args\": [\"F32\", "
           "\"F32\"], \"rets\": [\"F32\"], \"top_first\": " +
           TopFirst + "}]}";
  };
  std::string Error;
  InstructionSet Reference, Native;
  ASSERT_TRUE(readSet(description("true", "true"), Reference, Error)) << Error;
  ASSERT_TRUE(readSet(description("false", "false"), Native, Error)) << Error;
  EXPECT_EQ(Reference.info().reference_rules, 1);
  EXPECT_EQ(Reference.info().instructions[0].top_first, 1);
  EXPECT_EQ(Native.info().reference_rules, 0);
  EXPECT_EQ(Native.info().instructions[0].top_first, 0);

  // x y sub: y - x in the reference's order, x - y in the native one.
  std::vector<StackPtxFastRegister> Regs = xyz();
  const StackPtxFastInstruction Prog[] = {
      stack_ptx_fast_encode_input(REG_X), stack_ptx_fast_encode_input(REG_Y),
      stack_ptx_fast_encode_ptx_instruction(0), stack_ptx_fast_encode_return};
  std::vector<size_t> Requests = {REG_Z};
  Workspace WS;
  std::string Out;
  ASSERT_EQ(Compiler(Reference).compile(Prog, Regs, Requests, WS, Out),
            STACK_PTX_FAST_SUCCESS);
  EXPECT_NE(Out.find("sub.f32 %_s0_0, %y, %x;"), std::string::npos) << Out;
  ASSERT_EQ(Compiler(Native).compile(Prog, Regs, Requests, WS, Out),
            STACK_PTX_FAST_SUCCESS);
  EXPECT_NE(Out.find("sub.f32 %_s0_0, %x, %y;"), std::string::npos) << Out;

  InstructionSet Bad;
  EXPECT_FALSE(readSet(description("1", "true"), Bad, Error));
  EXPECT_NE(Error.find("'top_first' is true or false"), std::string::npos)
      << Error;
  EXPECT_FALSE(readSet(description("true", "\"yes\""), Bad, Error));
  EXPECT_NE(Error.find("'reference_rules' is true or false"), std::string::npos)
      << Error;
}
