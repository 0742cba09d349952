//===- ByteSizeFuzzer.cpp - Cache bounds written as 500M or 5G ------------===//
//
// Input: a size as a user writes it in PTXINJECT_PCH_CACHE_MAX_SIZE (and,
// later, in a cache's configuration). Checked beyond the absence of crashes:
// an accepted size is a run of digits with at most one suffix, and the
// plain number of bytes it names reads back as the same size.
//
//===----------------------------------------------------------------------===//
#include "FuzzInput.h"
#include "ptxinject/support/ByteSize.h"

#include <cctype>
#include <string>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size > 64)
    return 0;
  std::string_view Text(reinterpret_cast<const char *>(Data), Size);
  std::optional<std::uint64_t> Bytes = ptxinject::parseByteSize(Text);
  if (!Bytes)
    return 0;
  FUZZ_CHECK(!Text.empty() &&
             std::isdigit(static_cast<unsigned char>(Text[0])));
  FUZZ_CHECK(ptxinject::parseByteSize(std::to_string(*Bytes)) == Bytes);
  return 0;
}
