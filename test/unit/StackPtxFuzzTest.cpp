//===- StackPtxFuzzTest.cpp - Random and garbage Stack PTX programs -------===//
//
// Seeded fuzzing (any bytes must compile to a well-formed stub), the
// differential test (interpreter == evaluated stub), and a ptxas check of a
// sample of random stubs injected into kernels.
//
//===----------------------------------------------------------------------===//
#include "ptxinject/eval/PtxEval.h"
#include "ptxinject/stackptx/Interpreter.h"
#include "ptxinject/stackptx/Random.h"
#include "ptxinject/stackptx/StackPtx.h"
#include "ptxinject/stackptx/Text.h"
#include "ptxinject/toolkit/CudaToolkit.h"

#include <gtest/gtest.h>

#include <memory>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <set>
#include <unistd.h>

using namespace ptxinject;
using namespace ptxinject::stackptx;

namespace {

const InstructionSet &set() { return InstructionSet::builtin(); }
unsigned stackOf(const char *Name) {
  return unsigned(set().findStackType(Name));
}

/// Checks the stub's shape: a braced block of declarations then statements,
/// every %name a declared temporary, a register, or a special register.
::testing::AssertionResult
wellFormed(const std::string &Stub,
           const std::vector<StackPtxFastRegister> &Regs) {
  auto fail = [&](const std::string &Why) {
    return ::testing::AssertionFailure() << Why << " in:\n" << Stub;
  };
  if (Stub.size() < 3 || Stub.compare(0, 2, "{\n") || Stub.back() != '}')
    return fail("not a { } block");
  const StackPtxFastInstructionSetInfo &Info = set().info();
  std::map<std::string, unsigned> TempCounts; // "%_s0_" -> N
  std::set<std::string> Names;
  for (const StackPtxFastRegister &R : Regs)
    Names.insert(R.name);
  std::set<std::string> Specials;
  for (size_t I = 0; I < Info.num_special_registers; ++I) {
    std::string P = Info.special_registers[I].ptx;
    Specials.insert(P);
    for (const char *E : {".x", ".y", ".z", ".w"})
      Specials.insert(P + E);
  }
  size_t Pos = 2;
  bool InBody = false;
  while (Pos < Stub.size() - 1) {
    size_t End = Stub.find('\n', Pos);
    if (End == std::string::npos)
      return fail("unterminated line");
    std::string Line = Stub.substr(Pos, End - Pos);
    Pos = End + 1;
    if (Line.empty() || Line.back() != ';')
      return fail("line without ';': " + Line);
    if (!Line.compare(0, 6, ".reg .")) {
      if (InBody)
        return fail("declaration after a statement");
      size_t P = Line.find(" %_s"), Lt = Line.find("_<");
      if (P == std::string::npos || Lt == std::string::npos)
        return fail("bad declaration: " + Line);
      TempCounts[Line.substr(P + 1, Lt + 1 - P - 1)] =
          unsigned(std::atoi(Line.c_str() + Lt + 2));
      continue;
    }
    InBody = true;
    for (size_t P = Line.find('%'); P != std::string::npos;
         P = Line.find('%', P + 1)) {
      size_t E = Line.find_first_of(",;} ", P);
      std::string Tok = Line.substr(P + 1, E - P - 1);
      if (!Tok.compare(0, 2, "_s")) {
        size_t U = Tok.find('_', 2);
        std::string Prefix = "%" + Tok.substr(0, U + 1);
        auto It = TempCounts.find(Prefix);
        if (It == TempCounts.end() ||
            unsigned(std::atoi(Tok.c_str() + U + 1)) >= It->second)
          return fail("undeclared temporary %" + Tok);
      } else if (!Names.count(Tok) && !Specials.count(Tok)) {
        return fail("unknown register %" + Tok);
      }
    }
  }
  return ::testing::AssertionSuccess();
}

std::vector<StackPtxFastRegister> mixedRegisters() {
  return {{"x", stackOf("F32")},    {"u", stackOf("U32")},
          {"s", stackOf("S32")},    {"p", stackOf("PRED")},
          {"t", stackOf("TF32")},   {"h", stackOf("F16")},
          {"hh", stackOf("F16X2")}, {"ph", stackOf("PHILOX")},
          {"zf", stackOf("F32")},   {"zu", stackOf("U32")}};
}

} // namespace

TEST(StackPtxFuzz, AnyBytesCompileToWellFormedStubs) {
  std::mt19937_64 Rng(20240611);
  std::vector<StackPtxFastRegister> Regs = mixedRegisters();
  const size_t Requests[] = {8, 9, 3, 7, 2};
  StackPtxFastCompilerInfo Limits{64, 8, 4, 3, 256};
  Compiler C(set(), Limits);
  Workspace WS;
  std::string Out;
  std::vector<StackPtxFastInstruction> Prog, R0, R1;
  size_t NonTrivial = 0;
  const size_t Iterations = 100000;
  for (size_t I = 0; I < Iterations; ++I) {
    auto garbage = [&](std::vector<StackPtxFastInstruction> &V, size_t MaxLen) {
      V.resize(Rng() % MaxLen);
      for (StackPtxFastInstruction &In : V) {
        uint64_t Bits = Rng();
        if (I % 2) {
          // Biased bytes: valid kinds and small indices reach deep code paths.
          Bits = (Bits & 0xFFFFFFFF00000000ull) | ((Bits % 9 + 1) & 0xFF) |
                 (((Bits >> 8) % 11) << 8) | (((Bits >> 16) % 48) << 16);
        }
        std::memcpy(&In, &Bits, 8);
      }
    };
    garbage(Prog, 48);
    garbage(R0, 8);
    garbage(R1, 8);
    Program Routines[] = {R0, R1};
    ASSERT_EQ(C.compile(Prog, Regs, Requests, WS, Out, Routines),
              STACK_PTX_FAST_SUCCESS);
    ASSERT_TRUE(wellFormed(Out, Regs)) << printProgram(Prog, set(), Regs);
    NonTrivial += Out.find(";\n", Out.find(";\n") + 1) != std::string::npos;
  }
  // The biased half must actually produce code, or this test proves little.
  EXPECT_GT(NonTrivial, Iterations / 4);
}

// A Compiler runs inputs, constants, PTX instructions, meta instructions and
// stores through table-driven steps whose conditions are arithmetic; the C
// API, which has no Compiler, runs the per-kind code. Any bytes must give the
// same stub both ways, under limits where the steps run (values to spare)
// and stacks fill up, empty, and are edited at their boundaries. The number
// of registers changes from compile to compile, so that a step remembered
// for an input register of one compile never serves the next.
TEST(StackPtxFuzz, StepsMatchPerKindCodeOnAnyBytes) {
  std::mt19937_64 Rng(99);
  const std::vector<StackPtxFastRegister> AllRegs = mixedRegisters();
  std::vector<StackPtxFastRegister> Regs;
  std::vector<size_t> Requests;
  const StackPtxFastCompilerInfo LimitSets[] = {
      {4096, 8, 4, 3, 65536},    {4096, 2, 2, 2, 65536}, {4096, 3, 1, 1, 65536},
      {4096, 128, 16, 4, 65536}, {4096, 1, 1, 1, 65536}, {512, 5, 3, 2, 40}};
  size_t Compared = 0;
  for (const StackPtxFastCompilerInfo &Limits : LimitSets) {
    Compiler C(set(), Limits);
    Workspace WS;
    std::string Out;
    size_t WsSize = 0;
    ASSERT_EQ(
        stack_ptx_fast_compile_workspace_size(&Limits, &set().info(), &WsSize),
        STACK_PTX_FAST_SUCCESS);
    std::vector<char> CWs(WsSize), HandleWs(WsSize);
    StackPtxFastCompiler *Handle = nullptr;
    ASSERT_EQ(stack_ptx_fast_compiler_create(&Limits, &set().info(), &Handle),
              STACK_PTX_FAST_SUCCESS);
    std::unique_ptr<StackPtxFastCompiler, void (*)(StackPtxFastCompiler *)>
        Owner(Handle, stack_ptx_fast_compiler_destroy);
    std::vector<StackPtxFastInstruction> Prog, R0;
    std::string Buf, HandleBuf;
    for (int I = 0; I < 6000; ++I) {
      Regs.assign(AllRegs.begin(),
                  AllRegs.begin() + (I % 3 ? AllRegs.size() : Rng() % 11));
      Requests.clear();
      for (size_t R : {0, 8, 1, 9, 3, 2})
        if (R < Regs.size())
          Requests.push_back(R);
      Prog.resize(Rng() % 120);
      for (StackPtxFastInstruction &In : Prog) {
        uint64_t Bits = Rng();
        if (I % 4) {
          // Mostly the kinds the steps handle, small stack and slot indices,
          // meta constants small enough to be valid depths.
          unsigned Kind = unsigned(Bits % 16);
          Kind = Kind < 9 ? Kind + 1 : Kind < 12 ? 3 : Kind < 14 ? 1 : 5;
          uint64_t Index =
              (Bits >> 16) %
              (Kind == STACK_PTX_FAST_INSTRUCTION_KIND_META ? 11 : 44);
          Bits = (Bits & 0x0000000700000000ull) | Kind |
                 (((Bits >> 8) % 10) << 8) | Index << 16;
        }
        std::memcpy(&In, &Bits, 8);
      }
      R0.assign(Prog.begin(), Prog.begin() + Prog.size() / 3);
      R0.push_back(stack_ptx_fast_encode_return);
      Prog.push_back(stack_ptx_fast_encode_return);
      const StackPtxFastInstruction *Routines[] = {R0.data()};
      Program Spans[] = {R0};
      ASSERT_EQ(C.compile(Prog, Regs, Requests, WS, Out, Spans),
                STACK_PTX_FAST_SUCCESS);
      size_t Required = 0;
      ASSERT_EQ(stack_ptx_fast_compile(
                    &Limits, &set().info(), Prog.data(), Regs.data(),
                    Regs.size(), Routines, 1, Requests.data(), Requests.size(),
                    CWs.data(), CWs.size(), nullptr, 0, &Required),
                STACK_PTX_FAST_SUCCESS);
      Buf.assign(Required + 1, '\0');
      size_t Written = 0;
      ASSERT_EQ(stack_ptx_fast_write_output(CWs.data(), CWs.size(), &Buf[0],
                                            Buf.size(), &Written),
                STACK_PTX_FAST_SUCCESS);
      Buf.resize(Written);
      ASSERT_EQ(Buf, Out) << printProgram(Prog, set(), Regs);
      // The C compiler handle runs the steps on return-terminated arrays:
      // exact heap copies let ASan catch a look-ahead past a return.
      std::unique_ptr<StackPtxFastInstruction[]> ProgCopy(
          new StackPtxFastInstruction[Prog.size()]),
          R0Copy(new StackPtxFastInstruction[R0.size()]);
      std::copy(Prog.begin(), Prog.end(), ProgCopy.get());
      std::copy(R0.begin(), R0.end(), R0Copy.get());
      const StackPtxFastInstruction *HandleRoutines[] = {R0Copy.get()};
      HandleBuf.assign(Buf.size() + 1, '\xAA');
      size_t HandleRequired = 0;
      ASSERT_EQ(stack_ptx_fast_compiler_compile(
                    Handle, ProgCopy.get(), Regs.data(), Regs.size(),
                    HandleRoutines, 1, Requests.data(), Requests.size(),
                    HandleWs.data(), HandleWs.size(), &HandleBuf[0],
                    HandleBuf.size(), &HandleRequired),
                STACK_PTX_FAST_SUCCESS);
      ASSERT_EQ(HandleRequired, Buf.size());
      HandleBuf.resize(HandleRequired);
      ASSERT_EQ(HandleBuf, Buf) << printProgram(Prog, set(), Regs);
      Compared += Out.size() > 40;
    }
  }
  EXPECT_GT(Compared, 6000u);
}

TEST(StackPtxCApi, CompilerHandleRejectsBadArguments) {
  StackPtxFastCompilerInfo Limits = Compiler(set()).limits();
  StackPtxFastCompiler *Handle =
      reinterpret_cast<StackPtxFastCompiler *>(&Limits);
  EXPECT_EQ(stack_ptx_fast_compiler_create(nullptr, &set().info(), &Handle),
            STACK_PTX_FAST_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(Handle, nullptr);
  EXPECT_EQ(stack_ptx_fast_compiler_create(&Limits, &set().info(), nullptr),
            STACK_PTX_FAST_ERROR_INVALID_ARGUMENT);
  StackPtxFastInstructionSetInfo Broken = set().info();
  Broken.instructions = nullptr; // and num_instructions > 0
  EXPECT_EQ(stack_ptx_fast_compiler_create(&Limits, &Broken, &Handle),
            STACK_PTX_FAST_ERROR_INVALID_INSTRUCTION_SET);
  stack_ptx_fast_compiler_destroy(nullptr);

  ASSERT_EQ(stack_ptx_fast_compiler_create(&Limits, &set().info(), &Handle),
            STACK_PTX_FAST_SUCCESS);
  size_t WsSize = 0;
  ASSERT_EQ(
      stack_ptx_fast_compile_workspace_size(&Limits, &set().info(), &WsSize),
      STACK_PTX_FAST_SUCCESS);
  std::vector<char> Ws(WsSize);
  const StackPtxFastInstruction Prog[] = {stack_ptx_fast_encode_input(0),
                                          stack_ptx_fast_encode_return};
  const StackPtxFastRegister Regs[] = {{"x", 0}, {"y", 0}};
  const size_t Requests[] = {1};
  size_t Required = 0;
  EXPECT_EQ(stack_ptx_fast_compiler_compile(nullptr, Prog, Regs, 2, nullptr, 0,
                                            Requests, 1, Ws.data(), Ws.size(),
                                            nullptr, 0, &Required),
            STACK_PTX_FAST_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(stack_ptx_fast_compiler_compile(Handle, Prog, Regs, 2, nullptr, 0,
                                            Requests, 1, Ws.data(), 16, nullptr,
                                            0, &Required),
            STACK_PTX_FAST_ERROR_INSUFFICIENT_WORKSPACE);
  ASSERT_EQ(stack_ptx_fast_compiler_compile(Handle, Prog, Regs, 2, nullptr, 0,
                                            Requests, 1, Ws.data(), Ws.size(),
                                            nullptr, 0, &Required),
            STACK_PTX_FAST_SUCCESS);
  std::string Stub(Required + 1, '\0');
  size_t Written = 0;
  ASSERT_EQ(stack_ptx_fast_write_output(Ws.data(), Ws.size(), &Stub[0],
                                        Stub.size(), &Written),
            STACK_PTX_FAST_SUCCESS);
  Stub.resize(Written);
  EXPECT_NE(Stub.find("mov.f32 %y, %x;"), std::string::npos) << Stub;
  stack_ptx_fast_compiler_destroy(Handle);
}

/// Compiles random programs with the C++ Compiler and with the C API, whose
/// stub is written twice from its workspace: once by the exact writer (a
/// buffer of the stub's size) and once by the buffer writer (room to spare).
/// All three must agree. Returns how many stubs contain Needle.
static size_t checkCApiMatchesCpp(uint64_t Seed,
                                  const std::vector<StackPtxFastRegister> &Regs,
                                  Span<size_t> Requests, size_t MaxLength,
                                  const std::string &Needle) {
  std::mt19937_64 Rng(Seed);
  Compiler C(set());
  Workspace WS;
  std::string Out;
  size_t WsSize = 0;
  stack_ptx_fast_compile_workspace_size(&C.limits(), &set().info(), &WsSize);
  std::vector<char> CWs(WsSize);
  std::vector<StackPtxFastInstruction> Prog;
  size_t Found = 0;
  for (int I = 0; I < 2000; ++I) {
    randomProgram(Rng, 1 + Rng() % MaxLength, set(), Regs, Prog);
    EXPECT_EQ(C.compile(Prog, Regs, Requests, WS, Out), STACK_PTX_FAST_SUCCESS);
    size_t Required = 0;
    EXPECT_EQ(stack_ptx_fast_compile(
                  &C.limits(), &set().info(), Prog.data(), Regs.data(),
                  Regs.size(), nullptr, 0, Requests.data(), Requests.size(),
                  CWs.data(), CWs.size(), nullptr, 0, &Required),
              STACK_PTX_FAST_SUCCESS);
    EXPECT_EQ(Required, Out.size());
    std::string Exact(Required + 1, '\xAA'), Roomy(Required + 4096, '\xAA');
    size_t Written = 0;
    EXPECT_EQ(stack_ptx_fast_write_output(CWs.data(), CWs.size(), &Exact[0],
                                          Exact.size(), &Written),
              STACK_PTX_FAST_SUCCESS);
    Exact.resize(Written);
    if (Exact != Out) {
      ADD_FAILURE() << "program " << I << ": C API\n"
                    << Exact << "\nC++\n"
                    << Out;
      return Found;
    }
    EXPECT_EQ(stack_ptx_fast_write_output(CWs.data(), CWs.size(), &Roomy[0],
                                          Roomy.size(), &Written),
              STACK_PTX_FAST_SUCCESS);
    if (Roomy.substr(0, Written) != Out) {
      ADD_FAILURE() << "program " << I << ": written again\n"
                    << Roomy.substr(0, Written) << "\nC++\n"
                    << Out;
      return Found;
    }
    Found += Out.find(Needle) != std::string::npos;
  }
  return Found;
}

TEST(StackPtxFuzz, CApiOnRandomProgramsMatchesCpp) {
  const size_t Requests[] = {8, 9};
  checkCApiMatchesCpp(7, mixedRegisters(), Requests, 100, "");
}

// The buffer writer keeps register names and node results as 16-byte texts
// and copies them for each use; names too long for that, registers past the
// cached ones and results after a node's first take the long way.
TEST(StackPtxFuzz, BufferWriterMatchesExactWriter) {
  const char *Stacks[] = {"F32", "U32", "S32", "PRED", "F16X2"};
  std::vector<std::string> Names;
  std::vector<StackPtxFastRegister> Regs;
  for (unsigned I = 0; I < 20; ++I) // names of 1 to 20 characters, 20 registers
    Names.push_back(std::string(I, 'r') + char('a' + I));
  for (unsigned I = 0; I < 20; ++I)
    Regs.push_back({Names[I].c_str(), stackOf(Stacks[I % 5])});
  const size_t Requests[] = {19, 14, 13, 2, 0};
  EXPECT_GT(checkCApiMatchesCpp(31, Regs, Requests, 80, "%" + Names[19]), 100u)
      << "the longest name should be printed often";
}

// A batch compiles each program as compile() does; the names it measures
// for one program serve the next ones, and the workspace stays good for
// single compiles afterwards.
TEST(StackPtxFuzz, BatchEqualsOneByOne) {
  std::mt19937_64 Rng(57);
  std::vector<StackPtxFastRegister> Regs = mixedRegisters();
  std::string Long(40, 'q'); // too long to keep as a 16-byte text
  Regs.push_back({Long.c_str(), stackOf("F32")});
  const size_t Requests[] = {8, 9, 10, 3};
  RandomProgramOptions Options;
  Options.NumRoutines = 2;
  Compiler C(set());
  Workspace BatchWS, OneWS;
  std::vector<std::vector<StackPtxFastInstruction>> Bodies(300);
  std::vector<StackPtxFastInstruction> R0, R1;
  randomProgram(Rng, 5, set(), Regs, R0, Options);
  randomProgram(Rng, 3, set(), Regs, R1, Options);
  Program Routines[] = {R0, R1};
  for (int Batch = 0; Batch < 20; ++Batch) {
    std::vector<Program> Programs;
    for (auto &B : Bodies) {
      randomProgram(Rng, Rng() % 70, set(), Regs, B, Options);
      Programs.push_back(B);
    }
    size_t Size = Rng() % (Programs.size() + 1); // empty batches too
    std::string Out, One;
    std::vector<size_t> Ends;
    ASSERT_EQ(C.compileBatch(Span<Program>(Programs.data(), Size), Regs,
                             Requests, BatchWS, Out, Ends, Routines),
              STACK_PTX_FAST_SUCCESS);
    ASSERT_EQ(Ends.size(), Size);
    size_t Start = 0;
    for (size_t I = 0; I < Size; ++I) {
      ASSERT_EQ(C.compile(Programs[I], Regs, Requests, OneWS, One, Routines),
                STACK_PTX_FAST_SUCCESS);
      ASSERT_EQ(Out.substr(Start, Ends[I] - Start), One)
          << "batch " << Batch << ", program " << I;
      Start = Ends[I];
    }
    EXPECT_EQ(Out.size(), Start);
    // The batch's workspace then compiles one program like any other.
    std::string After;
    ASSERT_EQ(C.compile(Programs[0], Regs, Requests, BatchWS, After, Routines),
              STACK_PTX_FAST_SUCCESS);
    ASSERT_EQ(C.compile(Programs[0], Regs, Requests, OneWS, One, Routines),
              STACK_PTX_FAST_SUCCESS);
    EXPECT_EQ(After, One);
  }
}

TEST(StackPtxFuzz, BatchErrorsLeaveNoOutput) {
  Compiler C(set());
  Workspace WS;
  std::vector<StackPtxFastRegister> Regs = {{"x", stackOf("F32")}};
  const size_t Good[] = {0}, Bad[] = {1};
  StackPtxFastInstruction Ret = stack_ptx_fast_encode_return;
  Program Programs[] = {Program(&Ret, 1), Program(nullptr, 2)};
  std::string Out = "stale";
  std::vector<size_t> Ends = {7};
  EXPECT_EQ(
      C.compileBatch(Span<Program>(Programs, 1), Regs, Bad, WS, Out, Ends),
      STACK_PTX_FAST_ERROR_INVALID_REGISTER);
  EXPECT_TRUE(Out.empty());
  EXPECT_TRUE(Ends.empty());
  Out = "stale";
  EXPECT_EQ(C.compileBatch(Programs, Regs, Good, WS, Out, Ends),
            STACK_PTX_FAST_ERROR_INVALID_ARGUMENT);
  EXPECT_TRUE(Out.empty());
  EXPECT_TRUE(Ends.empty());
  ASSERT_EQ(
      C.compileBatch(Span<Program>(Programs, 1), Regs, Good, WS, Out, Ends),
      STACK_PTX_FAST_SUCCESS);
  EXPECT_EQ(Out, "{\n}");
  EXPECT_EQ(Ends, std::vector<size_t>{3});
}

TEST(StackPtxDifferential, InterpreterEqualsEvaluatedStub) {
  std::mt19937_64 Rng(99);
  const unsigned F32 = stackOf("F32"), U32 = stackOf("U32"),
                 Pred = stackOf("PRED"), Philox = stackOf("PHILOX");
  std::vector<StackPtxFastRegister> Regs = {
      {"x", F32},  {"y", F32},   {"u", U32},     {"ph", Philox}, {"fa", F32},
      {"ub", U32}, {"pc", Pred}, {"pd", Philox}, {"fe", F32}};
  const size_t Requests[] = {4, 5, 6, 7, 8};
  RandomProgramOptions Options;
  Options.InterpretedOnly = true;
  Options.StackTypes = {F32, U32, Pred, Philox};
  Options.NumRoutines = 2;
  Compiler C(set());
  Workspace WS;
  std::string Stub, Error;
  std::vector<StackPtxFastInstruction> Prog, R0, R1;
  std::vector<RequestValue> Expected;
  size_t Compared = 0;
  const uint32_t Sentinel = 0xDEADBEEF;
  for (int I = 0; I < 5000; ++I) {
    randomProgram(Rng, 1 + Rng() % 60, set(), Regs, Prog, Options);
    randomProgram(Rng, Rng() % 6, set(), Regs, R0, Options);
    randomProgram(Rng, Rng() % 6, set(), Regs, R1, Options);
    Program Routines[] = {R0, R1};
    std::vector<uint32_t> Inputs(Regs.size(), Sentinel);
    for (int K = 0; K < 4; ++K) {
      float F = float(int(Rng() % 64) - 32) / 8.0f;
      std::memcpy(&Inputs[K], &F, 4);
    }
    Inputs[2] = uint32_t(Rng() % 100);
    Inputs[3] = uint32_t(Rng());
    ASSERT_TRUE(interpretProgram(set().info(), C.limits(), Prog, Regs, Inputs,
                                 Requests, Routines, Expected, Error))
        << Error;
    ASSERT_EQ(C.compile(Prog, Regs, Requests, WS, Stub, Routines),
              STACK_PTX_FAST_SUCCESS);
    std::map<std::string, uint32_t> File;
    for (size_t K = 0; K < Regs.size(); ++K)
      File[Regs[K].name] = Inputs[K];
    ptxinject::Error Ran = eval::evaluateStub(Stub, File);
    ASSERT_FALSE(Ran) << Ran.located() << "\n" << Stub;
    for (size_t R = 0; R < std::size(Requests); ++R) {
      const StackPtxFastRegister &Reg = Regs[Requests[R]];
      uint32_t Got = File[Reg.name];
      std::string Context = printProgram(Prog, set(), Regs) + "\n" + Stub;
      if (!Expected[R].Assigned) {
        EXPECT_EQ(Got, Sentinel) << Reg.name << " was written\n" << Context;
        continue;
      }
      ++Compared;
      uint32_t Want = Expected[R].Bits;
      if (Reg.stack_idx == F32) {
        float A, B;
        std::memcpy(&A, &Got, 4);
        std::memcpy(&B, &Want, 4);
        bool Same =
            Got == Want || (std::isnan(A) && std::isnan(B)) ||
            std::fabs(A - B) <= 1e-6f * std::fmax(std::fabs(A), std::fabs(B));
        EXPECT_TRUE(Same) << Reg.name << ": stub " << A << ", interpreter " << B
                          << "\n"
                          << Context;
      } else {
        EXPECT_EQ(Got, Want) << Reg.name << "\n" << Context;
      }
    }
  }
  EXPECT_GT(Compared, 5000u) << "too few requests received values";
}

/// Assembles 250 kernels with random stubs for one target; the programs
/// draw from every entry the target has, and compile for that target.
void assembleRandomStubsFor(const char *Arch, const char *PtxVersion,
                            uint64_t Seed) {
  // The toolkit the tools use ($CUDA_HOME, $CUDA_PATH, nvcc on PATH, then
  // /usr/local/cuda), not a fixed path.
  std::string Toolkit = ptxinject::toolkit::findCudaToolkit();
  if (Toolkit.empty())
    GTEST_SKIP() << "no CUDA toolkit found";
  std::string Ptxas = Toolkit + "/bin/ptxas";
  if (access(Ptxas.c_str(), X_OK) != 0)
    GTEST_SKIP() << "ptxas not found at " << Ptxas;
  Target For;
  ASSERT_TRUE(Target::parse(Arch, For));
  std::mt19937_64 Rng(Seed);
  std::vector<StackPtxFastRegister> Regs = mixedRegisters();
  // The shipped description's u32_to_v4_u8 (mov.b32 into four u8 registers)
  // is rejected by ptxas 13; keep U8 out of the sample.
  RandomProgramOptions Options;
  for (unsigned S = 0; S < set().info().num_stack_types; ++S)
    if (S != stackOf("U8"))
      Options.StackTypes.push_back(S);
  Options.For = For;
  Options.NumRoutines = 1;
  const size_t Requests[] = {8, 9, 3, 2, 4, 5, 6, 7};
  Compiler C(set().forTarget(For));
  Workspace WS;
  std::string Stub, Module = std::string(".version ") + PtxVersion +
                             "\n.target " + Arch + "\n.address_size 64\n";
  std::vector<StackPtxFastInstruction> Prog, R0;
  const int Kernels = 250;
  for (int K = 0; K < Kernels; ++K) {
    randomProgram(Rng, 10 + Rng() % 90, set(), Regs, Prog, Options);
    randomProgram(Rng, Rng() % 8, set(), Regs, R0, Options);
    Program Routines[] = {R0};
    ASSERT_EQ(C.compile(Prog, Regs, Requests, WS, Stub, Routines),
              STACK_PTX_FAST_SUCCESS);
    Module +=
        ".visible .entry k" + std::to_string(K) +
        "(.param .u64 out)\n{\n"
        ".reg .f32 %x; .reg .u32 %u; .reg .s32 %s; .reg .pred %p; .reg .b32 "
        "%t;\n"
        ".reg .b16 %h; .reg .b32 %hh; .reg .u32 %ph; .reg .f32 %zf; .reg .u32 "
        "%zu;\n"
        ".reg .u64 %rd; .reg .u32 %r;\n"
        "mov.f32 %x, 0f3F800000; mov.u32 %u, 3; mov.s32 %s, -1;\n"
        "setp.eq.u32 %p, %u, 3; mov.b32 %t, 0; mov.b16 %h, 0; mov.b32 %hh, 0;\n"
        "mov.u32 %ph, 1; mov.f32 %zf, 0f00000000; mov.u32 %zu, 0;\n" +
        Stub +
        "\nld.param.u64 %rd, [out];\n"
        "st.global.f32 [%rd], %zf; st.global.u32 [%rd+4], %zu;\n"
        "st.global.s32 [%rd+8], %s; selp.u32 %r, 1, 0, %p; st.global.u32 "
        "[%rd+12], %r;\n"
        "st.global.b32 [%rd+16], %t; st.global.b16 [%rd+20], %h;\n"
        "st.global.b32 [%rd+24], %hh; st.global.u32 [%rd+28], %ph;\n"
        "ret;\n}\n";
  }
  char Path[] = "/tmp/stack_ptx_sampleXXXXXX";
  int Fd = mkstemp(Path);
  ASSERT_GE(Fd, 0);
  close(Fd);
  std::string PtxPath = std::string(Path) + ".ptx";
  {
    std::ofstream F(PtxPath);
    F << Module;
  }
  std::string Cmd = Ptxas + " -arch=" + Arch + " " + PtxPath + " -o /dev/null";
  int Rc = std::system(Cmd.c_str());
  EXPECT_EQ(Rc, 0) << "ptxas rejected the module kept at " << PtxPath;
  if (Rc == 0)
    std::remove(PtxPath.c_str());
  std::remove(Path);
}

TEST(StackPtxFuzz, PtxasAcceptsInjectedRandomStubsForSm80) {
  assembleRandomStubsFor("sm_80", "8.0", 4242);
}

TEST(StackPtxFuzz, PtxasAcceptsInjectedRandomStubsForSm90) {
  assembleRandomStubsFor("sm_90", "8.1", 4343);
}
