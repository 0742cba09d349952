//===- SiteFreeSourceFuzzer.cpp - Whether a source can reach a site -------===//
//
// Input: a source file's text, read for its #include lines before any parse
// (SiteFreeSource.h). Its includes are looked up beside a folder that does
// not exist, so only the text itself is read. Checked beyond the absence of
// crashes: a text that spells PTX_INJECT is never called site-free, and
// neither is one with an #include whose name is not written out.
//
//===----------------------------------------------------------------------===//
#include "FuzzInput.h"
#include "ptxinject/Frontend/Parse/SiteFreeSource.h"

#include "llvm/ADT/StringRef.h"

using namespace ptxinject::frontend;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size > fuzzinput::MaxInputBytes)
    return 0;
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  bool Free =
      isSiteFreeSource(Text, "/nonexistent-ptxinject-fuzz/input.cu", {});
  if (Text.contains("PTX_INJECT"))
    FUZZ_CHECK(!Free);
  if (Text.starts_with("#include MACRO\n"))
    FUZZ_CHECK(!Free);
  return 0;
}
