//===- AstPtxFuzzer.cpp - AST PTX compile and interpret from raw words ----===//
//
// Input: 8-byte AST PTX instruction words, cut at returns into a main
// program and routines (spans of their real length). Compile and interpret
// agree on the outcome (but for what only one of them checks) and finish
// within the work limit; a compiled stub runs in the PTX evaluator.
//
//===----------------------------------------------------------------------===//
#include "FuzzInput.h"
#include "StackPtxCommon.h"
#include "ptxinject/astptx/AstPtx.h"
#include "ptxinject/eval/PtxEval.h"

#include <map>
#include <string>

using namespace ptxinject;
using namespace ptxinject::astptx;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size > fuzzinput::MaxInputBytes)
    return 0;
  std::vector<AstPtxFastInstruction> Words =
      fuzzinput::records<AstPtxFastInstruction>(Data, Size);
  auto Pieces =
      fuzzinput::cutAtReturns(Words, [](const AstPtxFastInstruction &I) {
        return I.kind == AST_PTX_FAST_INSTRUCTION_KIND_RETURN;
      });
  std::vector<Program> Routines(Pieces.begin() + 1, Pieces.end());
  const InstructionTable &Table = builtinInstructions();
  const char *Inputs[] = {"x", "y"};
  std::string Out, Message;
  AstPtxFastResult Compiled =
      compile("z", Inputs, Table, Routines, Pieces[0], Out, &Message);
  FUZZ_CHECK(Compiled == AST_PTX_FAST_SUCCESS || !Message.empty());
  float Values[] = {1.5f, -2.0f}, Result = 0;
  std::string IMessage;
  AstPtxFastResult Interpreted =
      interpret(Values, Table, Routines, Pieces[0], Result, &IMessage);
  // The interpreter may not model an instruction the compiler prints, and
  // only the compiler builds nodes (AST_PTX_FAST_MAX_NODES); every other
  // outcome is the same walk, so the same result code.
  FUZZ_CHECK(Compiled == Interpreted || Compiled == AST_PTX_FAST_SUCCESS ||
             Compiled == AST_PTX_FAST_ERROR_TOO_LARGE);
  if (Compiled == AST_PTX_FAST_SUCCESS) {
    std::map<std::string, uint32_t> File;
    __builtin_memcpy(&File["x"], &Values[0], 4);
    __builtin_memcpy(&File["y"], &Values[1], 4);
    // The stub runs or says what it does not model; either is fine here,
    // a crash is not.
    (void)eval::evaluateStub(Out, File);
  }
  return 0;
}
