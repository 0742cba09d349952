//===- StackPtxTextFuzzer.cpp - Stack PTX from its text form --------------===//
//
// Input: a program in the text form, then optional routines, cut at "@@@"
// lines. A failed parse leaves no program and a located error; a parsed
// program compiles, and printing it gives text that parses back to the
// same words up to the first return. The stub, run by the CPU evaluator,
// must give the requests what the interpreter computes (StackPtxOracle.h).
//
//===----------------------------------------------------------------------===//
#include "FuzzInput.h"
#include "StackPtxCommon.h"
#include "StackPtxOracle.h"
#include "ptxinject/stackptx/Text.h"

#include <cstring>
#include <string>

using namespace ptxinject::stackptx;

namespace {
/// Words up to and including the first return (parseProgram ends every
/// program with one).
size_t runLength(const std::vector<StackPtxFastInstruction> &P) {
  for (size_t I = 0; I < P.size(); ++I)
    if (P[I].kind == STACK_PTX_FAST_INSTRUCTION_KIND_RETURN)
      return I + 1;
  return P.size();
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size > fuzzinput::MaxInputBytes)
    return 0;
  std::string_view Input(reinterpret_cast<const char *>(Data), Size);
  std::vector<std::string_view> Parts = fuzzinput::splitParts(Input);
  if (Parts.size() > 5)
    Parts.resize(5);
  const InstructionSet &Set = InstructionSet::builtin();
  static const std::vector<StackPtxFastRegister> Regs =
      fuzzinput::stackRegisters();
  std::vector<std::vector<StackPtxFastInstruction>> Programs(Parts.size());
  for (size_t I = 0; I < Parts.size(); ++I) {
    TextError Err;
    if (!parseProgram(Parts[I], Set, Regs, Programs[I], Err)) {
      FUZZ_CHECK(Programs[I].empty());
      FUZZ_CHECK(Err.Line >= 1 && Err.Column >= 1 && !Err.Message.empty());
      return 0;
    }
    // Round trip through the printer, which prints up to the first return
    // (all that runs): the words up to there must come back.
    std::string Printed = printProgram(Programs[I], Set, Regs);
    std::vector<StackPtxFastInstruction> Again;
    FUZZ_CHECK(parseProgram(Printed, Set, Regs, Again, Err));
    size_t Run = runLength(Programs[I]);
    FUZZ_CHECK(runLength(Again) == Run);
    FUZZ_CHECK(std::memcmp(Again.data(), Programs[I].data(), Run * 8) == 0);
  }
  std::vector<Program> Routines(Programs.begin() + 1, Programs.end());
  static const Compiler C(Set);
  thread_local Workspace WS;
  std::string Out;
  const size_t Requests[] = {8, 9};
  FUZZ_CHECK(C.compile(Programs[0], Regs, Requests, WS, Out, Routines) ==
             STACK_PTX_FAST_SUCCESS);
  fuzzinput::checkStubAgainstInterpreter(C.info(), C.limits(), Programs[0],
                                         Regs, Requests, Routines, Out,
                                         fuzzinput::oracleSeed(Data, Size));
  return 0;
}
