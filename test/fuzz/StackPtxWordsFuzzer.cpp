//===- StackPtxWordsFuzzer.cpp - Stack PTX compile from raw instruction words
//===//
//
// Input: 8-byte instruction words (any bytes), cut at returns into a main
// program and routines; the first byte also picks the requests and the
// target. Any words must compile, for both the default target and sm_80, and
// the sm_80 stub must not name what sm_80 lacks. The stub, run by the CPU
// evaluator, must give the requests what the interpreter computes
// (StackPtxOracle.h).
//
//===----------------------------------------------------------------------===//
#include "FuzzInput.h"
#include "StackPtxCommon.h"
#include "StackPtxOracle.h"

#include <string>

using namespace ptxinject::stackptx;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size < 1 || Size > fuzzinput::MaxInputBytes)
    return 0;
  uint8_t Choice = Data[0];
  std::vector<StackPtxFastInstruction> Words =
      fuzzinput::records<StackPtxFastInstruction>(Data + 1, Size - 1);
  auto Pieces =
      fuzzinput::cutAtReturns(Words, [](const StackPtxFastInstruction &I) {
        return I.kind == STACK_PTX_FAST_INSTRUCTION_KIND_RETURN;
      });
  std::vector<Program> Routines(Pieces.begin() + 1, Pieces.end());
  static const std::vector<StackPtxFastRegister> Regs =
      fuzzinput::stackRegisters();
  // Outputs: zf and zu always, x as well when the input says so.
  std::vector<size_t> Requests = {8, 9};
  if (Choice & 1)
    Requests.push_back(0);

  static const InstructionSet Sm80 = [] {
    Target T;
    Target::parse("sm_80", T);
    return InstructionSet::builtin().forTarget(T);
  }();
  static const Compiler Any(InstructionSet::builtin());
  static const Compiler For80(Sm80);
  static const Compiler Small(InstructionSet::builtin(),
                              StackPtxFastCompilerInfo{16, 4, 2, 2, 64});
  thread_local Workspace WS;
  std::string Out;
  const Compiler &C = Choice & 2 ? For80 : (Choice & 4 ? Small : Any);
  StackPtxFastResult R =
      C.compile(Pieces[0], Regs, Requests, WS, Out, Routines);
  FUZZ_CHECK(R == STACK_PTX_FAST_SUCCESS);
  FUZZ_CHECK(Out.size() >= 3 && Out.front() == '{' && Out.back() == '}');
  if (&C == &For80)
    FUZZ_CHECK(Out.find("aggr_smem_size") == std::string::npos);
  fuzzinput::checkStubAgainstInterpreter(C.info(), C.limits(), Pieces[0], Regs,
                                         Requests, Routines, Out,
                                         fuzzinput::oracleSeed(Data, Size));
  return 0;
}
