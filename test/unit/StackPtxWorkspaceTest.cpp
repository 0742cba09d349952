//===- StackPtxWorkspaceTest.cpp - Stack PTX workspace reuse and writers --===//
//
// The compiler caches decoded instruction set entries in the C API's
// workspace and formats through two writers (one that may store past the
// stub into the bound's slack, one that writes exactly). These tests pin
// that none of it shows in the output: a reused, foreign or garbage
// workspace and every buffer size give the stub a fresh workspace gives.
//
//===----------------------------------------------------------------------===//
#include "ptxinject/stackptx/Random.h"
#include "ptxinject/stackptx/StackPtx.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <vector>

using namespace ptxinject::stackptx;

namespace {

struct Case {
  std::vector<StackPtxFastInstruction> Main, R0, R1;
  std::vector<size_t> Requests;
};

std::vector<StackPtxFastRegister>
registersFor(const StackPtxFastInstructionSetInfo &Info) {
  static const char *Names[] = {"x", "y", "a_long_register_name", "p", "u", "v",
                                "w", "q"};
  std::vector<StackPtxFastRegister> Regs;
  for (unsigned K = 0; K < 8; ++K)
    Regs.push_back({Names[K], K % Info.num_stack_types});
  return Regs;
}

std::vector<Case> randomCases(const InstructionSet &Set,
                              Span<StackPtxFastRegister> Regs, size_t Count,
                              uint64_t Seed) {
  std::mt19937_64 Rng(Seed);
  std::vector<Case> Cases(Count);
  for (Case &C : Cases) {
    RandomProgramOptions O;
    O.NumRoutines = 2;
    randomProgram(Rng, 1 + Rng() % 80, Set, Regs, C.Main, O);
    randomProgram(Rng, Rng() % 8, Set, Regs, C.R0, O);
    randomProgram(Rng, Rng() % 8, Set, Regs, C.R1, O);
    for (unsigned K = 0, N = unsigned(Rng() % 4); K < N; ++K)
      C.Requests.push_back(size_t(Rng() % Regs.size()));
  }
  return Cases;
}

/// Compiles through the C API into Workspace; returns the stub or an error
/// mark.
std::string compileC(const StackPtxFastCompilerInfo &Limits,
                     const StackPtxFastInstructionSetInfo &Info,
                     const std::vector<StackPtxFastRegister> &Regs,
                     const Case &C, void *Workspace, size_t WorkspaceSize) {
  const StackPtxFastInstruction *Routines[] = {C.R0.data(), C.R1.data()};
  size_t Required = 0;
  StackPtxFastResult R = stack_ptx_fast_compile(
      &Limits, &Info, C.Main.data(), Regs.data(), Regs.size(), Routines, 2,
      C.Requests.data(), C.Requests.size(), Workspace, WorkspaceSize, nullptr,
      0, &Required);
  if (R != STACK_PTX_FAST_SUCCESS)
    return "error " + std::to_string(int(R));
  std::string Out(Required + 1, '\0');
  size_t Written = 0;
  R = stack_ptx_fast_write_output(Workspace, WorkspaceSize, &Out[0], Out.size(),
                                  &Written);
  if (R != STACK_PTX_FAST_SUCCESS || Written != Required)
    return "write error " + std::to_string(int(R));
  Out.resize(Written);
  return Out;
}

std::string compileFresh(const StackPtxFastCompilerInfo &Limits,
                         const StackPtxFastInstructionSetInfo &Info,
                         const std::vector<StackPtxFastRegister> &Regs,
                         const Case &C) {
  size_t Size = 0;
  EXPECT_EQ(stack_ptx_fast_compile_workspace_size(&Limits, &Info, &Size),
            STACK_PTX_FAST_SUCCESS);
  std::vector<char> WS(Size, 0);
  return compileC(Limits, Info, Regs, C, WS.data(), WS.size());
}

/// The built-in set with every opcode renamed: same counts, so the same
/// workspace layout, but different text for every instruction.
struct RenamedSet {
  std::vector<std::string> Names;
  std::vector<StackPtxFastPtxInstructionInfo> Instrs;
  StackPtxFastInstructionSetInfo Info;
  explicit RenamedSet(const StackPtxFastInstructionSetInfo &From) : Info(From) {
    Instrs.assign(From.instructions, From.instructions + From.num_instructions);
    Names.reserve(Instrs.size());
    for (auto &I : Instrs) {
      Names.push_back(std::string("renamed.") + I.ptx);
      I.ptx = Names.back().c_str();
    }
    Info.instructions = Instrs.data();
  }
};

} // namespace

TEST(StackPtxWorkspace, ReusedAcrossSetsMatchesFresh) {
  const InstructionSet &Set = InstructionSet::builtin();
  const StackPtxFastInstructionSetInfo &A = Set.info();
  RenamedSet B(A);
  std::vector<StackPtxFastRegister> Regs = registersFor(A);
  std::vector<Case> Cases = randomCases(Set, Regs, 400, 17);
  StackPtxFastCompilerInfo Limits = defaultLimits();
  size_t SizeA = 0, SizeB = 0;
  ASSERT_EQ(stack_ptx_fast_compile_workspace_size(&Limits, &A, &SizeA),
            STACK_PTX_FAST_SUCCESS);
  ASSERT_EQ(stack_ptx_fast_compile_workspace_size(&Limits, &B.Info, &SizeB),
            STACK_PTX_FAST_SUCCESS);
  ASSERT_EQ(SizeA, SizeB);
  std::vector<char> Shared(SizeA, 0);
  size_t Renamed = 0;
  for (size_t I = 0; I < Cases.size(); ++I) {
    // Alternate sets on one workspace: an entry decoded for one set must
    // never serve the other.
    const StackPtxFastInstructionSetInfo &Info = I % 2 ? B.Info : A;
    std::string Reused =
        compileC(Limits, Info, Regs, Cases[I], Shared.data(), Shared.size());
    ASSERT_EQ(Reused, compileFresh(Limits, Info, Regs, Cases[I]))
        << "case " << I;
    if (I % 2 && Reused.find("renamed.") != std::string::npos)
      ++Renamed;
    if (!(I % 2)) {
      ASSERT_EQ(Reused.find("renamed."), std::string::npos) << "case " << I;
    }
  }
  EXPECT_GT(Renamed, 50u); // the renamed set's text did reach the stubs
}

TEST(StackPtxWorkspace, GarbageWorkspaceCompiles) {
  const InstructionSet &Set = InstructionSet::builtin();
  std::vector<StackPtxFastRegister> Regs = registersFor(Set.info());
  std::vector<Case> Cases = randomCases(Set, Regs, 200, 23);
  StackPtxFastCompilerInfo Limits = defaultLimits();
  size_t Size = 0;
  ASSERT_EQ(stack_ptx_fast_compile_workspace_size(&Limits, &Set.info(), &Size),
            STACK_PTX_FAST_SUCCESS);
  // One byte more, used from an odd address: the core aligns it itself.
  std::vector<unsigned char> Bytes(Size + 1);
  std::mt19937_64 Rng(5);
  for (size_t I = 0; I < Cases.size(); ++I) {
    for (unsigned char &B : Bytes)
      B = (unsigned char)Rng();
    std::string Out =
        compileC(Limits, Set.info(), Regs, Cases[I], Bytes.data() + 1, Size);
    ASSERT_EQ(Out, compileFresh(Limits, Set.info(), Regs, Cases[I]))
        << "case " << I;
  }
}

TEST(StackPtxWorkspace, CAndCppAgreeOnRandomPrograms) {
  const InstructionSet &Set = InstructionSet::builtin();
  std::vector<StackPtxFastRegister> Regs = registersFor(Set.info());
  std::vector<Case> Cases = randomCases(Set, Regs, 1000, 29);
  // Small limits too, so skipped instructions and full stacks are covered.
  StackPtxFastCompilerInfo Small = defaultLimits();
  Small.stack_size = 6;
  Small.max_ast_size = 40;
  Small.store_size = 2;
  Small.execution_limit = 50;
  Small.max_frame_depth = 1;
  for (const StackPtxFastCompilerInfo &Limits : {defaultLimits(), Small}) {
    Compiler C(Set, Limits);
    Workspace WS;
    std::string Out;
    size_t NonEmpty = 0;
    for (size_t I = 0; I < Cases.size(); ++I) {
      Program Routines[] = {Cases[I].R0, Cases[I].R1};
      ASSERT_EQ(C.compile(Cases[I].Main, Regs, Cases[I].Requests, WS, Out,
                          Span<Program>(Routines, 2)),
                STACK_PTX_FAST_SUCCESS);
      ASSERT_EQ(Out, compileFresh(Limits, Set.info(), Regs, Cases[I]))
          << "case " << I;
      NonEmpty += Out.find(";\n") != std::string::npos;
    }
    EXPECT_GT(NonEmpty, Cases.size() / 2);
  }
}

TEST(StackPtxWorkspace, EveryBufferSizeGivesTheSameStub) {
  const InstructionSet &Set = InstructionSet::builtin();
  std::vector<StackPtxFastRegister> Regs = registersFor(Set.info());
  std::vector<Case> Cases = randomCases(Set, Regs, 60, 31);
  StackPtxFastCompilerInfo Limits = defaultLimits();
  size_t Size = 0;
  ASSERT_EQ(stack_ptx_fast_compile_workspace_size(&Limits, &Set.info(), &Size),
            STACK_PTX_FAST_SUCCESS);
  std::vector<char> WS(Size);
  for (const Case &C : Cases) {
    std::string Expected = compileFresh(Limits, Set.info(), Regs, C);
    const StackPtxFastInstruction *Routines[] = {C.R0.data(), C.R1.data()};
    // From too small to well past the bound: each buffer is its own
    // allocation, so a write past it is caught under AddressSanitizer.
    for (size_t BufferSize = 0; BufferSize < Expected.size() + 600;
         ++BufferSize) {
      std::unique_ptr<char[]> Buffer(BufferSize ? new char[BufferSize]
                                                : nullptr);
      size_t Required = 0;
      StackPtxFastResult R = stack_ptx_fast_compile(
          &Limits, &Set.info(), C.Main.data(), Regs.data(), Regs.size(),
          Routines, 2, C.Requests.data(), C.Requests.size(), WS.data(),
          WS.size(), Buffer.get(), BufferSize, &Required);
      ASSERT_EQ(Required, Expected.size());
      if (BufferSize <= Expected.size()) {
        ASSERT_EQ(R, BufferSize ? STACK_PTX_FAST_ERROR_INSUFFICIENT_BUFFER
                                : STACK_PTX_FAST_SUCCESS);
        continue;
      }
      ASSERT_EQ(R, STACK_PTX_FAST_SUCCESS);
      ASSERT_EQ(std::string(Buffer.get()), Expected);
      size_t Written = 0;
      std::memset(Buffer.get(), 0, BufferSize);
      ASSERT_EQ(stack_ptx_fast_write_output(WS.data(), WS.size(), Buffer.get(),
                                            BufferSize, &Written),
                STACK_PTX_FAST_SUCCESS);
      ASSERT_EQ(std::string(Buffer.get(), Written), Expected);
    }
  }
}

// A Workspace keeps the layout of the Compiler that used it last. Compilers
// with other limits (and short-lived ones, whose memory the next one may
// reuse) must lay it out again, and C API compiles in between must not leave
// a layout behind that a Compiler takes for its own.
TEST(StackPtxWorkspace, OneWorkspaceAcrossCompilersWithOtherLimits) {
  const InstructionSet &Set = InstructionSet::builtin();
  std::vector<StackPtxFastRegister> Regs = registersFor(Set.info());
  std::vector<Case> Cases = randomCases(Set, Regs, 300, 31);
  StackPtxFastCompilerInfo Small = defaultLimits();
  Small.stack_size = 5;
  Small.max_ast_size = 600;
  Small.store_size = 3;
  StackPtxFastCompilerInfo Big = defaultLimits();
  Big.stack_size = 300;
  Compiler Default(Set), Smaller(Set, Small);
  Workspace WS;
  std::string Out;
  for (size_t I = 0; I < Cases.size(); ++I) {
    const Case &C = Cases[I];
    Program Routines[] = {C.R0, C.R1};
    auto check = [&](const Compiler &Cc) {
      ASSERT_EQ(Cc.compile(C.Main, Regs, C.Requests, WS, Out,
                           Span<Program>(Routines, 2)),
                STACK_PTX_FAST_SUCCESS);
      ASSERT_EQ(Out, compileFresh(Cc.limits(), Set.info(), Regs, C))
          << "case " << I;
    };
    switch (I % 4) {
    case 0:
      check(Default);
      break;
    case 1:
      check(Smaller);
      break;
    case 2: {
      Compiler Temporary(Set, I % 8 == 2 ? Small : Big);
      check(Temporary);
      check(Temporary);
      break;
    }
    default: {
      std::string ViaC =
          compileC(Small, Set.info(), Regs, C, WS.data(), WS.size());
      ASSERT_EQ(ViaC, compileFresh(Small, Set.info(), Regs, C)) << "case " << I;
      check(Smaller);
      break;
    }
    }
  }
}

// A workspace remembers the step of each instruction word it ran. An input
// past this compile's registers must be skipped even when an earlier
// compile, with more registers, ran the same word as a real input.
TEST(StackPtxWorkspace, InputPastFewerRegistersIsSkippedAfterMore) {
  const InstructionSet &Set = InstructionSet::builtin();
  unsigned F32 = unsigned(Set.findStackType("F32"));
  const std::vector<StackPtxFastRegister> Many = {
      {"x", F32}, {"y", F32}, {"z", F32}};
  const std::vector<StackPtxFastRegister> Few = {{"x", F32}};
  // y x add: with one register, input y is skipped and x is passed through.
  std::vector<StackPtxFastInstruction> Prog = {
      stack_ptx_fast_encode_input(1), stack_ptx_fast_encode_input(0),
      stack_ptx_fast_encode_input(1), stack_ptx_fast_encode_return};
  const size_t Request[] = {0};
  Compiler C(Set);
  Workspace WS;
  std::string WithMany, WithFew;
  for (int Round = 0; Round < 3; ++Round) {
    ASSERT_EQ(C.compile(Prog, Many, Request, WS, WithMany),
              STACK_PTX_FAST_SUCCESS);
    EXPECT_NE(WithMany.find("%y"), std::string::npos) << WithMany;
    ASSERT_EQ(C.compile(Prog, Few, Request, WS, WithFew),
              STACK_PTX_FAST_SUCCESS);
    Workspace Fresh;
    std::string Expected;
    ASSERT_EQ(Compiler(Set).compile(Prog, Few, Request, Fresh, Expected),
              STACK_PTX_FAST_SUCCESS);
    EXPECT_EQ(WithFew, Expected);
    EXPECT_EQ(WithFew.find("%y"), std::string::npos) << WithFew;
  }
}

// The run loop looks one instruction ahead. Programs here sit in heap
// blocks of exactly their size, with and without a final return, so that
// under AddressSanitizer a read past the end fails the test; without it,
// the stub must still be the one the same program gives from a vector.
TEST(StackPtxWorkspace, ProgramIsNotReadPastItsEnd) {
  const InstructionSet &Set = InstructionSet::builtin();
  const std::vector<StackPtxFastRegister> Regs = registersFor(Set.info());
  std::mt19937_64 Rng(5);
  Compiler C(Set);
  Workspace WS;
  std::string Exact, FromVector;
  for (int I = 0; I < 400; ++I) {
    std::vector<StackPtxFastInstruction> Prog;
    RandomProgramOptions O;
    randomProgram(Rng, 1 + Rng() % 40, Set, Regs, Prog, O);
    if (I % 2)
      Prog.pop_back(); // no return: the span's end stops the program
    size_t N = Prog.size();
    std::unique_ptr<StackPtxFastInstruction[]> Block(
        new StackPtxFastInstruction[N ? N : 1]);
    std::copy(Prog.begin(), Prog.end(), Block.get());
    const size_t Requests[] = {0, 3};
    ASSERT_EQ(C.compile(Program(Block.get(), N), Regs, Requests, WS, Exact),
              STACK_PTX_FAST_SUCCESS);
    Prog.reserve(N + 64);
    ASSERT_EQ(C.compile(Prog, Regs, Requests, WS, FromVector),
              STACK_PTX_FAST_SUCCESS);
    EXPECT_EQ(Exact, FromVector) << "program " << I;
  }
}
