//===- KernelPruneFuzzer.cpp - Leaving unfilled kernels out of a module ---===//
//
// Input: PTX text, optionally followed by a "@@@" line and a line of 0/1,
// one per inject, saying which slots got a program (inject I is slot I).
// findEntries lists disjoint kernels that end at their '}' and are named
// by what follows their .entry; pruning replaces whole kernels by their
// newlines and nothing else, and never removes a kernel holding a site of
// a filled slot.
//
//===----------------------------------------------------------------------===//
#include "FuzzInput.h"
#include "ptxinject/module/Module.h"
#include "ptxinject/variants/KernelPrune.h"

#include <algorithm>
#include <numeric>
#include <string>
#include <vector>

using namespace ptxinject;
using namespace ptxinject::variants;

namespace {

void checkEntries(std::string_view Ptx,
                  const std::vector<PtxEntrySpan> &Entries) {
  size_t After = 0;
  for (const PtxEntrySpan &E : Entries) {
    FUZZ_CHECK(E.Begin >= After && E.Begin < E.End && E.End <= Ptx.size());
    FUZZ_CHECK(Ptx[E.End - 1] == '}');
    FUZZ_CHECK(!E.Name.empty());
    FUZZ_CHECK(E.Name.data() >= Ptx.data() + E.Begin &&
               E.Name.data() + E.Name.size() <= Ptx.data() + E.End);
    After = E.End;
  }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size > fuzzinput::MaxInputBytes)
    return 0;
  std::vector<std::string_view> Parts = fuzzinput::splitParts(
      std::string_view(reinterpret_cast<const char *>(Data), Size));
  std::string_view Ptx = Parts[0];

  std::vector<PtxEntrySpan> Entries;
  if (findEntries(Ptx, Entries))
    checkEntries(Ptx, Entries);

  Expected<Module> M = Module::parse(Ptx);
  if (!M)
    return 0;
  std::vector<size_t> Slots(M->numInjects());
  std::iota(Slots.begin(), Slots.end(), size_t(0));
  std::vector<bool> Filled(Slots.size(), false);
  if (Parts.size() > 1)
    for (size_t I = 0; I < Filled.size() && I < Parts[1].size(); ++I)
      Filled[I] = Parts[1][I] == '1';

  KernelPruner Pruner(*M, Slots);
  std::string Out;
  size_t Removed = Pruner.prune(M->source(), Filled, Out);
  if (Removed == 0)
    return 0;
  FUZZ_CHECK(Pruner.active());
  // Out is the source with some of its kernels, byte for byte, replaced by
  // their newlines.
  std::string_view Source = M->source();
  std::vector<PtxEntrySpan> All;
  FUZZ_CHECK(findEntries(Source, All));
  std::vector<const PtxEntrySpan *> Gone;
  size_t From = 0, At = 0;
  for (const PtxEntrySpan &E : All) {
    std::string_view Between = Source.substr(From, E.Begin - From);
    FUZZ_CHECK(std::string_view(Out).substr(At, Between.size()) == Between);
    At += Between.size();
    std::string_view Body = Source.substr(E.Begin, E.End - E.Begin);
    if (std::string_view(Out).substr(At, Body.size()) == Body) {
      At += Body.size();
    } else {
      std::string Lines(
          static_cast<size_t>(std::count(Body.begin(), Body.end(), '\n')),
          '\n');
      FUZZ_CHECK(std::string_view(Out).substr(At, Lines.size()) == Lines);
      At += Lines.size();
      Gone.push_back(&E);
    }
    From = E.End;
  }
  FUZZ_CHECK(std::string_view(Out).substr(At) == Source.substr(From));
  FUZZ_CHECK(Gone.size() == Removed);
  // No site of a filled slot was in a kernel that went.
  std::vector<size_t> LineStart{0};
  for (size_t I = 0; I < Source.size(); ++I)
    if (Source[I] == '\n')
      LineStart.push_back(I + 1);
  for (size_t I = 0; I < Filled.size(); ++I) {
    if (!Filled[I])
      continue;
    for (const SiteLocation &S : M->inject(I).Sites) {
      FUZZ_CHECK(S.Line >= 1 && S.Line <= LineStart.size());
      size_t Offset = LineStart[S.Line - 1] + (S.Column > 0 ? S.Column - 1 : 0);
      for (const PtxEntrySpan *E : Gone)
        FUZZ_CHECK(Offset < E->Begin || Offset >= E->End);
    }
  }
  return 0;
}
