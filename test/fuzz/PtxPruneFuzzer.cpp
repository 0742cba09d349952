//===- PtxPruneFuzzer.cpp - Pruning unused module-scope variables ---------===//
//
// Input: PTX text. Pruning only removes, never moves a line, reports what it
// removed, and leaves text it cannot scan unchanged.
//
//===----------------------------------------------------------------------===//
#include "FuzzInput.h"
#include "ptxinject/module/PtxPrune.h"

#include <algorithm>
#include <string>

using namespace ptxinject;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size > fuzzinput::MaxInputBytes)
    return 0;
  std::string_view Ptx(reinterpret_cast<const char *>(Data), Size);
  PruneStats Stats;
  std::string Out = pruneUnusedGlobals(Ptx, &Stats);
  FUZZ_CHECK(Out.size() <= Ptx.size());
  FUZZ_CHECK(Stats.RemovedBytes == Ptx.size() - Out.size());
  FUZZ_CHECK(std::count(Out.begin(), Out.end(), '\n') ==
             std::count(Ptx.begin(), Ptx.end(), '\n'));
  if (!Stats.Scanned)
    FUZZ_CHECK(Out == Ptx);
  if (Stats.RemovedVariables == 0)
    FUZZ_CHECK(Out == Ptx);
  return 0;
}
