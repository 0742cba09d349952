//===- JsonReadersFuzzer.cpp - Description, type table and manifest readers
//===//
//
// Input: a JSON document; its length picks the reader (Stack PTX
// instruction set, operand type table, site manifest) after the JSON parser
// itself. Errors must carry a line and column.
//
//===----------------------------------------------------------------------===//
#include "FuzzInput.h"
#include "ptxinject/json/Json.h"
#include "ptxinject/manifest/SiteManifest.h"
#include "ptxinject/site/TypeTable.h"
#include "ptxinject/stackptx/StackPtx.h"

#include <string>

using namespace ptxinject;
using namespace ptxinject::manifest;

namespace {
/// "LINE:COL: ..." with both at least 1.
bool located(const std::string &Error) {
  unsigned Line = 0, Col = 0;
  return std::sscanf(Error.c_str(), "%u:%u:", &Line, &Col) == 2 && Line >= 1 &&
         Col >= 1;
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size > fuzzinput::MaxInputBytes)
    return 0;
  std::string_view Text(reinterpret_cast<const char *>(Data), Size);
  Expected<json::Value> P = json::parse(Text);
  if (!P)
    FUZZ_CHECK(P.error().Line >= 1 && P.error().Column >= 1);
  switch (Size % 3) {
  case 0: {
    Expected<stackptx::InstructionSet> Set =
        stackptx::InstructionSet::fromJson(Text);
    if (!Set)
      FUZZ_CHECK(located(Set.error().located()));
    else
      stackptx::Compiler C(*Set); // the decoded tables of any accepted set
    break;
  }
  case 1: {
    TypeTable T;
    if (ptxinject::Error E = T.addFromJson(Text))
      FUZZ_CHECK(located(E.located()));
    break;
  }
  default: {
    Expected<SiteManifest> M = SiteManifest::parse(Text);
    if (!M)
      FUZZ_CHECK(!M.error().Message.empty());
    break;
  }
  }
  return 0;
}
