//===- AstPtxTest.cpp - AST PTX compiler, interpreter and C API -----------===//
#include "ptxinject/astptx/AstPtx.h"
#include "ast_ptx_fast_instructions.h"
#include "ptxinject/eval/PtxEval.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>

using namespace ptxinject;
using namespace ptxinject::astptx;

namespace {

enum { INPUT_X, INPUT_Y, INPUT_COUNT };
const char *const InputNames[INPUT_COUNT] = {"x", "y"};
const AstPtxFastInstruction SeedProgram[] = {
    ast_ptx_fast_encode_input(INPUT_X),
    ast_ptx_fast_encode_input(INPUT_Y),
    ast_ptx_fast_encode_ptx_instruction_mul_ftz_f32,
    ast_ptx_fast_encode_constant(1.0f),
    ast_ptx_fast_encode_ptx_instruction_add_ftz_f32,
    ast_ptx_fast_encode_return,
};
const char SeedStub[] = "{\n"
                        ".reg .f32 %ast<2>;\n"
                        "mul.ftz.f32 %ast0, %x, %y;\n"
                        "add.ftz.f32 %ast1, %ast0, 0f3f800000;\n"
                        "mov.f32 %z, %ast1;\n"
                        "}";

AstPtxFastResult compileC(const AstPtxFastInstruction *Prog,
                          const AstPtxFastInstruction *const *Routines,
                          size_t NumRoutines, std::string &Out) {
  size_t Required = 0;
  AstPtxFastResult R = ast_ptx_fast_compile(
      "z", InputNames, INPUT_COUNT, ast_ptx_fast_instruction_names,
      ast_ptx_fast_instruction_num_args, AST_PTX_FAST_INSTRUCTION_NUM_ENUMS,
      Routines, NumRoutines, Prog, nullptr, 0, &Required);
  if (R)
    return R;
  std::vector<char> Buf(Required + 1);
  R = ast_ptx_fast_compile(
      "z", InputNames, INPUT_COUNT, ast_ptx_fast_instruction_names,
      ast_ptx_fast_instruction_num_args, AST_PTX_FAST_INSTRUCTION_NUM_ENUMS,
      Routines, NumRoutines, Prog, Buf.data(), Buf.size(), &Required);
  Out = Buf.data();
  return R;
}

} // namespace

TEST(AstPtx, SeedExample) {
  static_assert(sizeof(AstPtxFastInstruction) == 8, "8-byte instructions");
  std::string Out;
  ASSERT_EQ(compileC(SeedProgram, nullptr, 0, Out), AST_PTX_FAST_SUCCESS);
  EXPECT_EQ(Out, SeedStub);
  char Small[8];
  size_t Required;
  EXPECT_EQ(ast_ptx_fast_compile("z", InputNames, INPUT_COUNT,
                                 ast_ptx_fast_instruction_names,
                                 ast_ptx_fast_instruction_num_args,
                                 AST_PTX_FAST_INSTRUCTION_NUM_ENUMS, nullptr, 0,
                                 SeedProgram, Small, sizeof Small, &Required),
            AST_PTX_FAST_ERROR_INSUFFICIENT_BUFFER);
  float X[] = {2.0f, 3.0f}, R = 0;
  ASSERT_EQ(ast_ptx_fast_interpret(X, 2, ast_ptx_fast_instruction_names,
                                   ast_ptx_fast_instruction_num_args,
                                   AST_PTX_FAST_INSTRUCTION_NUM_ENUMS, nullptr,
                                   0, SeedProgram, &R),
            AST_PTX_FAST_SUCCESS);
  EXPECT_EQ(R, 7.0f);
}

TEST(AstPtx, GeneratedTableMatchesBuiltin) {
  const InstructionTable &T = builtinInstructions();
  ASSERT_EQ(T.Names.size(), size_t(AST_PTX_FAST_INSTRUCTION_NUM_ENUMS));
  for (size_t I = 0; I < T.Names.size(); ++I) {
    EXPECT_STREQ(T.Names[I], ast_ptx_fast_instruction_names[I]);
    EXPECT_EQ(T.NumArgs[I], ast_ptx_fast_instruction_num_args[I]);
  }
}

TEST(AstPtx, RoutinesWithArguments) {
  // r0(a, b) = (a - b) * (a - b); program = r0(x, y) + 1
  const AstPtxFastInstruction R0[] = {
      ast_ptx_fast_encode_routine_arg(0),
      ast_ptx_fast_encode_routine_arg(1),
      ast_ptx_fast_encode_ptx_instruction_sub_ftz_f32,
      ast_ptx_fast_encode_routine_arg(0),
      ast_ptx_fast_encode_routine_arg(1),
      ast_ptx_fast_encode_ptx_instruction_sub_ftz_f32,
      ast_ptx_fast_encode_ptx_instruction_mul_ftz_f32,
      ast_ptx_fast_encode_return};
  const AstPtxFastInstruction Prog[] = {
      ast_ptx_fast_encode_input(INPUT_X),
      ast_ptx_fast_encode_input(INPUT_Y),
      ast_ptx_fast_encode_routine(0),
      ast_ptx_fast_encode_constant(1.0f),
      ast_ptx_fast_encode_ptx_instruction_add_ftz_f32,
      ast_ptx_fast_encode_return};
  const AstPtxFastInstruction *Routines[] = {R0};
  std::string Out;
  ASSERT_EQ(compileC(Prog, Routines, 1, Out), AST_PTX_FAST_SUCCESS);
  EXPECT_EQ(Out,
            "{\n.reg .f32 %ast<4>;\nsub.ftz.f32 %ast0, %x, %y;\nsub.ftz.f32 "
            "%ast1, %x, "
            "%y;\nmul.ftz.f32 %ast2, %ast0, %ast1;\nadd.ftz.f32 %ast3, %ast2, "
            "0f3f800000;\nmov.f32 %z, %ast3;\n}");
  float X[] = {5.0f, 2.0f}, R = 0;
  ASSERT_EQ(ast_ptx_fast_interpret(X, 2, ast_ptx_fast_instruction_names,
                                   ast_ptx_fast_instruction_num_args,
                                   AST_PTX_FAST_INSTRUCTION_NUM_ENUMS, Routines,
                                   1, Prog, &R),
            AST_PTX_FAST_SUCCESS);
  EXPECT_EQ(R, 10.0f);
}

TEST(AstPtx, MalformedProgramsAreErrors) {
  std::string Out, Message;
  const InstructionTable &T = builtinInstructions();
  auto check = [&](std::vector<AstPtxFastInstruction> P, AstPtxFastResult Want,
                   const char *Text,
                   std::vector<std::vector<AstPtxFastInstruction>> Rs = {}) {
    std::vector<Program> Spans(Rs.begin(), Rs.end());
    Message.clear();
    EXPECT_EQ(compile("z", InputNames, T, Spans, P, Out, &Message), Want)
        << Message;
    EXPECT_NE(Message.find(Text), std::string::npos) << Message;
  };
  const size_t Add = AST_PTX_FAST_INSTRUCTION_ADD_FTZ_F32;
  check({ast_ptx_fast_encode_input(0), ast_ptx_fast_encode_ptx_instruction(Add),
         ast_ptx_fast_encode_return},
        AST_PTX_FAST_ERROR_STACK_UNDERFLOW, "program, instruction 1");
  check({ast_ptx_fast_encode_input(0)}, AST_PTX_FAST_ERROR_NO_RETURN,
        "no return");
  check({ast_ptx_fast_encode_input(0), ast_ptx_fast_encode_input(1),
         ast_ptx_fast_encode_return},
        AST_PTX_FAST_ERROR_WRONG_RESULT_COUNT, "return with 2 values");
  check({ast_ptx_fast_encode_return}, AST_PTX_FAST_ERROR_WRONG_RESULT_COUNT,
        "return with 0 values");
  check({ast_ptx_fast_encode_input(5), ast_ptx_fast_encode_return},
        AST_PTX_FAST_ERROR_UNKNOWN_INPUT, "input 5");
  check({ast_ptx_fast_encode_routine(3), ast_ptx_fast_encode_return},
        AST_PTX_FAST_ERROR_UNKNOWN_ROUTINE, "routine 3");
  check({ast_ptx_fast_encode_routine_arg(0), ast_ptx_fast_encode_return},
        AST_PTX_FAST_ERROR_BAD_ROUTINE_ARG, "outside a routine");
  check({ast_ptx_fast_encode_ptx_instruction(999), ast_ptx_fast_encode_return},
        AST_PTX_FAST_ERROR_UNKNOWN_INSTRUCTION, "999");
  check({ast_ptx_fast_encode_routine(0), ast_ptx_fast_encode_return},
        AST_PTX_FAST_ERROR_RECURSION_TOO_DEEP, "routine 0, instruction 0",
        {{ast_ptx_fast_encode_routine(0), ast_ptx_fast_encode_return}});
  check({ast_ptx_fast_encode_input(0), ast_ptx_fast_encode_routine(0),
         ast_ptx_fast_encode_return},
        AST_PTX_FAST_ERROR_STACK_UNDERFLOW, "takes 2 args",
        {{ast_ptx_fast_encode_routine_arg(1), ast_ptx_fast_encode_return}});
  AstPtxFastInstruction Bad{};
  Bad.kind = 77;
  check({Bad, ast_ptx_fast_encode_return}, AST_PTX_FAST_ERROR_UNKNOWN_KIND,
        "kind 77");
  const char *Names[] = {"foo.f32"};
  const size_t Arity[] = {0};
  InstructionTable Zero{Names, Arity};
  std::vector<AstPtxFastInstruction> P = {
      ast_ptx_fast_encode_ptx_instruction(0), ast_ptx_fast_encode_return};
  EXPECT_EQ(compile("z", InputNames, Zero, {}, P, Out, &Message),
            AST_PTX_FAST_ERROR_ARITY_MISMATCH);
}

TEST(AstPtx, RegisterNamesAreBare) {
  // "x" is written %x; "%x" would be %%x, which only ptxas refuses. The
  // error names the register and the bare name to give instead.
  std::string Out, Message;
  const InstructionTable &T = builtinInstructions();
  const char *Percent[] = {"x", "%y"};
  EXPECT_EQ(compile("z", Percent, T, {}, SeedProgram, Out, &Message),
            AST_PTX_FAST_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(Message.find("input 1 register name '%y'"), std::string::npos)
      << Message;
  EXPECT_NE(Message.find("give 'y'"), std::string::npos) << Message;
  EXPECT_TRUE(Out.empty());
  Message.clear();
  EXPECT_EQ(compile("%z", InputNames, T, {}, SeedProgram, Out, &Message),
            AST_PTX_FAST_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(Message.find("output register name '%z'"), std::string::npos)
      << Message;
  EXPECT_NE(Message.find("give 'z'"), std::string::npos) << Message;
  for (const char *Bad : {"", "a.b", "x y", "x;"}) {
    const char *Names[] = {"x", Bad};
    Message.clear();
    EXPECT_EQ(compile("z", Names, T, {}, SeedProgram, Out, &Message),
              AST_PTX_FAST_ERROR_INVALID_ARGUMENT)
        << Bad;
    EXPECT_NE(Message.find("give the bare name"), std::string::npos) << Message;
  }
  // PTX's register names: letters, digits, '_' and '$'.
  const char *Odd[] = {"_x$1", "0"};
  ASSERT_EQ(compile("r_2", Odd, T, {}, SeedProgram, Out, &Message),
            AST_PTX_FAST_SUCCESS)
      << Message;
  EXPECT_NE(Out.find("mul.ftz.f32 %ast0, %_x$1, %0;"), std::string::npos)
      << Out;
  // The C API gives the same code.
  size_t Required = 0;
  EXPECT_EQ(ast_ptx_fast_compile("z", Percent, 2,
                                 ast_ptx_fast_instruction_names,
                                 ast_ptx_fast_instruction_num_args,
                                 AST_PTX_FAST_INSTRUCTION_NUM_ENUMS, nullptr, 0,
                                 SeedProgram, nullptr, 0, &Required),
            AST_PTX_FAST_ERROR_INVALID_ARGUMENT);
}

TEST(AstPtx, DifferentialAgainstEvaluatedStub) {
  std::mt19937_64 Rng(31337);
  const InstructionTable &T = builtinInstructions();
  std::vector<AstPtxFastInstruction> Prog, R0;
  // r0(a, b) = fma(a, b, a)
  R0 = {ast_ptx_fast_encode_routine_arg(0), ast_ptx_fast_encode_routine_arg(1),
        ast_ptx_fast_encode_routine_arg(0),
        ast_ptx_fast_encode_ptx_instruction(
            AST_PTX_FAST_INSTRUCTION_FMA_RN_FTZ_F32),
        ast_ptx_fast_encode_return};
  std::vector<Program> Routines = {R0};
  std::string Out, Message, Error;
  size_t Checked = 0;
  for (int I = 0; I < 3000; ++I) {
    // Grow a valid postorder program: keep a depth counter, end with depth 1.
    Prog.clear();
    size_t Depth = 0, Len = 1 + Rng() % 40;
    while (Prog.size() < Len || Depth != 1) {
      unsigned Roll = unsigned(Rng() % 10);
      if (Depth == 0 || (Roll < 3 && Prog.size() < Len)) {
        Prog.push_back(Rng() % 2 ? ast_ptx_fast_encode_input(Rng() % 2)
                                 : ast_ptx_fast_encode_constant(
                                       float(int(Rng() % 17) - 8) * 0.5f));
        ++Depth;
        continue;
      }
      if (Roll < 5 && Depth >= 2) {
        Prog.push_back(ast_ptx_fast_encode_routine(0));
        --Depth;
        continue;
      }
      size_t Op = Rng() % T.Names.size();
      if (T.NumArgs[Op] > Depth)
        continue;
      Prog.push_back(ast_ptx_fast_encode_ptx_instruction(Op));
      Depth -= T.NumArgs[Op] - 1;
    }
    Prog.push_back(ast_ptx_fast_encode_return);
    float In[2] = {float(int(Rng() % 32) - 16) / 4.0f,
                   float(int(Rng() % 32) - 16) / 4.0f};
    float Want;
    ASSERT_EQ(interpret(In, T, Routines, Prog, Want, &Message),
              AST_PTX_FAST_SUCCESS)
        << Message;
    ASSERT_EQ(compile("z", InputNames, T, Routines, Prog, Out, &Message),
              AST_PTX_FAST_SUCCESS)
        << Message;
    std::map<std::string, uint32_t> File;
    std::memcpy(&File["x"], &In[0], 4);
    std::memcpy(&File["y"], &In[1], 4);
    ptxinject::Error Ran = eval::evaluateStub(Out, File);
    ASSERT_FALSE(Ran) << Ran.located() << "\n" << Out;
    float Got;
    std::memcpy(&Got, &File["z"], 4);
    bool Same = std::memcmp(&Got, &Want, 4) == 0 ||
                (std::isnan(Got) && std::isnan(Want)) ||
                std::fabs(Got - Want) <=
                    1e-6f * std::fmax(std::fabs(Got), std::fabs(Want));
    EXPECT_TRUE(Same) << Got << " vs " << Want << "\n" << Out;
    Checked += Out.find("%ast") != std::string::npos;
  }
  EXPECT_GT(Checked, 2000u);
}

namespace {

/// Routines 0..Depth-1 where routine k passes its argument through Calls
/// calls of routine k+1: no node is ever made, yet the walk visits
/// Calls^(Depth-1) bodies of the last routine.
std::vector<std::vector<AstPtxFastInstruction>> chainedRoutines(size_t Depth,
                                                                size_t Calls) {
  std::vector<std::vector<AstPtxFastInstruction>> R(Depth);
  for (size_t K = 0; K < Depth; ++K) {
    R[K].push_back(ast_ptx_fast_encode_routine_arg(0));
    if (K + 1 < Depth)
      R[K].insert(R[K].end(), Calls,
                  ast_ptx_fast_encode_routine(uint32_t(K + 1)));
    R[K].push_back(ast_ptx_fast_encode_return);
  }
  return R;
}

TEST(AstPtx, RoutineCallsThatMakeNoNodeStillCountAsWork) {
  auto Bodies =
      chainedRoutines(13, 4); // 4^12 bodies: seconds of work unbounded
  std::vector<Program> Routines(Bodies.begin(), Bodies.end());
  std::vector<AstPtxFastInstruction> Prog = {ast_ptx_fast_encode_input(0),
                                             ast_ptx_fast_encode_routine(0),
                                             ast_ptx_fast_encode_return};
  const InstructionTable &T = builtinInstructions();
  std::string Out, Message;
  EXPECT_EQ(compile("z", InputNames, T, Routines, Prog, Out, &Message),
            AST_PTX_FAST_ERROR_TOO_LARGE);
  EXPECT_NE(Message.find("AST_PTX_FAST_MAX_WORK"), std::string::npos)
      << Message;
  float In[2] = {1.5f, 0.0f}, Result = 0;
  Message.clear();
  EXPECT_EQ(interpret(In, T, Routines, Prog, Result, &Message),
            AST_PTX_FAST_ERROR_TOO_LARGE);
  EXPECT_NE(Message.find("AST_PTX_FAST_MAX_WORK"), std::string::npos)
      << Message;
}

TEST(AstPtx, ChainedRoutinesWithinTheWorkLimitStillRun) {
  auto Bodies =
      chainedRoutines(AST_PTX_FAST_MAX_ROUTINE_DEPTH, 2); // 2^15 bodies
  std::vector<Program> Routines(Bodies.begin(), Bodies.end());
  std::vector<AstPtxFastInstruction> Prog = {ast_ptx_fast_encode_input(0),
                                             ast_ptx_fast_encode_routine(0),
                                             ast_ptx_fast_encode_return};
  float In[2] = {1.5f, 0.0f}, Result = 0;
  std::string Message;
  ASSERT_EQ(
      interpret(In, builtinInstructions(), Routines, Prog, Result, &Message),
      AST_PTX_FAST_SUCCESS)
      << Message;
  EXPECT_EQ(Result, 1.5f);
}

} // namespace
