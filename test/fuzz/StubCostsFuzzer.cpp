//===- StubCostsFuzzer.cpp - A search's descriptors read from stub text ---===//
//
// Input: a stub's text, as the search measures each compiled program
// (StubCosts.h). Checked beyond the absence of crashes: the approximate
// statements are among the live ones, the latency is a finite sum of at
// least the default for each (the shipped description has no latency
// below it), and a statement added on a line of its own adds one.
//
//===----------------------------------------------------------------------===//
#include "FuzzInput.h"
#include "ptxinject/stackptx/StubCosts.h"

#include <cmath>
#include <string>

using namespace ptxinject::stackptx;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  static const StubCosts Costs(InstructionSet::builtin());
  std::string Stub(reinterpret_cast<const char *>(Data), Size);
  StubCost C = Costs.measure(Stub);
  FUZZ_CHECK(C.Approximate <= C.Live);
  FUZZ_CHECK(std::isfinite(C.Latency) && C.Latency >= 0);
  StubCost More = Costs.measure(Stub + "\nadd.ftz.f32 %a, %a, %a;\n");
  FUZZ_CHECK(More.Live == C.Live + 1);
  FUZZ_CHECK(More.Latency > C.Latency);
  return 0;
}
