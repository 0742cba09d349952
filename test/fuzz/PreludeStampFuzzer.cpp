//===- PreludeStampFuzzer.cpp - The cached PCH's stamp file ---------------===//
//
// Input: a stamp file (PreludeStamp.h). Each rewrite reads the stamp of its
// cached PCH from the cache folder, which another process, a full disk or a
// user may have left in any state.
//
// Checked beyond the absence of crashes: a stamp that reads writes back as
// text that reads as the same stamp, and a name it accepts is a file name
// (no path), so a stamp never points outside its folder.
//
//===----------------------------------------------------------------------===//
#include "FuzzInput.h"
#include "ptxinject/Frontend/Prelude/PreludeStamp.h"

#include <string>

using namespace ptxinject::frontend;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size > fuzzinput::MaxInputBytes)
    return 0;
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  std::optional<PreludeStamp> S = parsePreludeStamp(Text);
  if (!S)
    return 0;
  FUZZ_CHECK(!S->PchName.empty() &&
             S->PchName.find_first_of("/\\") == std::string::npos);
  FUZZ_CHECK(S->Pch.has_value() == (S->PchName != PreludeStamp::NoPch));
  std::optional<PreludeStamp> Again = parsePreludeStamp(formatPreludeStamp(*S));
  FUZZ_CHECK(Again && *Again == *S);
  return 0;
}
