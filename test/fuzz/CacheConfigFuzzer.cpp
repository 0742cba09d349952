//===- CacheConfigFuzzer.cpp - A variant cache folder's cache.conf --------===//
//
// Input: the text of a cache folder's cache.conf, which any user of a shared
// folder may have written. Checked beyond the absence of crashes: an error
// names a line of the text, and an accepted bound reads back the same when
// written as `max_size = BYTES`.
//
//===----------------------------------------------------------------------===//
#include "FuzzInput.h"
#include "ptxinject/variants/VariantCacheFolder.h"

#include <algorithm>
#include <string>
#include <string_view>

using namespace ptxinject;
using namespace ptxinject::variants;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size > fuzzinput::MaxInputBytes)
    return 0;
  std::string_view Text(reinterpret_cast<const char *>(Data), Size);
  Expected<VariantCacheConfig> Config = parseVariantCacheConfig(Text);
  if (!Config) {
    size_t Lines = std::count(Text.begin(), Text.end(), '\n') + 1;
    FUZZ_CHECK(Config.error().Line >= 1 && Config.error().Line <= Lines);
    FUZZ_CHECK(!Config.error().Message.empty());
    return 0;
  }
  if (Config->MaxBytes) {
    Expected<VariantCacheConfig> Again = parseVariantCacheConfig(
        "max_size = " + std::to_string(*Config->MaxBytes) + "\n");
    FUZZ_CHECK(Again && Again->MaxBytes == Config->MaxBytes);
  }
  return 0;
}
