//===- PtxEvalFuzzer.cpp - The CPU evaluator of straight-line stubs -------===//
//
// Input: stub text. The evaluator runs it or returns a located error.
//
//===----------------------------------------------------------------------===//
#include "FuzzInput.h"
#include "ptxinject/eval/PtxEval.h"

#include <map>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size > fuzzinput::MaxInputBytes)
    return 0;
  std::string_view Stub(reinterpret_cast<const char *>(Data), Size);
  std::map<std::string, uint32_t> Registers{
      {"x", 0x3fc00000u}, {"y", 7u}, {"p", 1u}};
  if (ptxinject::Error E = ptxinject::eval::evaluateStub(Stub, Registers)) {
    std::string Error = E.located();
    unsigned Line = 0, Col = 0;
    FUZZ_CHECK(std::sscanf(Error.c_str(), "%u:%u:", &Line, &Col) == 2 &&
               Line >= 1 && Col >= 1);
  }
  return 0;
}
