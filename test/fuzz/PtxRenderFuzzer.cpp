//===- PtxRenderFuzzer.cpp - PTX parse, then render with arbitrary stubs --===//
//
// Input: annotated PTX, then optional stubs, cut at "@@@" lines. Stubs may
// name operands as %{label}, resolved as the variants command does. Checks
// that a parsed module answers its own queries and that render's output
// has exactly the size renderedSize promised, into a string and a buffer.
// In a fuzz run with PTXINJECT_FUZZ_PTXAS_EVERY=N, every Nth rendered module
// is also assembled by ptxas (PtxasOracle.h).
//
//===----------------------------------------------------------------------===//
#include "FuzzInput.h"
#include "PtxasOracle.h"
#include "ptxinject/module/Module.h"
#include "ptxinject/variants/VariantCompiler.h"

#include <string>

using namespace ptxinject;
using namespace ptxinject::variants;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size > fuzzinput::MaxInputBytes)
    return 0;
  std::string_view Input(reinterpret_cast<const char *>(Data), Size);
  std::vector<std::string_view> Parts = fuzzinput::splitParts(Input);
  ParseOptions Options;
  Options.PruneUnusedGlobals = Size % 2; // both paths, chosen by the input
  Expected<Module> M = Module::parse(Parts[0], Options);
  if (!M) {
    FUZZ_CHECK(M.error().Code != ErrorCode::Success);
    FUZZ_CHECK(!M.error().Message.empty());
    return 0;
  }
  size_t N = M->numInjects();
  size_t Sites = 0;
  for (size_t I = 0; I < N; ++I) {
    const Inject &Inj = M->inject(I);
    Sites += Inj.Sites.size();
    FUZZ_CHECK(M->findInject(Inj.Name) == &Inj);
    FUZZ_CHECK(Inj.Name.find('\0') == std::string::npos);
    for (size_t K = 0; K < Inj.Operands.size(); ++K)
      FUZZ_CHECK(Inj.operandIndex(Inj.Operands[K].Label) == K);
  }
  FUZZ_CHECK(Sites == M->numSites());

  // Stub I for inject I, cycling through the stubs given; %{label} resolved
  // against that inject. An unresolvable stub renders as empty.
  std::vector<std::string> Resolved(N);
  for (size_t I = 0; I < N && Parts.size() > 1; ++I) {
    std::string_view Raw = Parts[1 + I % (Parts.size() - 1)];
    RawStubSource Source({std::string(Raw)});
    std::string Buffer;
    if (Source.prepare(M->inject(I)))
      continue;
    std::string_view Stub;
    StubError StubErr;
    if (Source.stub(0, nullptr, Buffer, Stub, StubErr))
      Resolved[I] = std::string(Stub);
  }
  std::vector<std::string_view> Stubs(Resolved.begin(), Resolved.end());
  size_t Want = M->renderedSize(Stubs);
  std::string Out;
  Error E = M->render(Stubs, Out);
  FUZZ_CHECK(!E);
  FUZZ_CHECK(Out.size() == Want);
  std::string Buffer(Want + 1, '\x7f');
  size_t Written = 0;
  FUZZ_CHECK(!M->renderTo(Stubs.data(), Stubs.size(), Buffer.data(),
                          Buffer.size(), Written));
  FUZZ_CHECK(Written == Want && Buffer.compare(0, Want, Out) == 0 &&
             Buffer[Want] == '\0');
  if (Want > 0) {
    FUZZ_CHECK(M->renderTo(Stubs.data(), Stubs.size(), Buffer.data(), Want - 1,
                           Written)
                   .Code == ErrorCode::InsufficientBuffer);
  }
  // A wrong stub count is an error, never a partial render.
  std::vector<std::string_view> TooMany(N + 1);
  FUZZ_CHECK(M->render(TooMany, Out).Code == ErrorCode::WrongStubCount);
  FUZZ_CHECK(Out.empty());
  fuzzinput::checkRenderWithPtxas(Parts[0], *M);
  return 0;
}
