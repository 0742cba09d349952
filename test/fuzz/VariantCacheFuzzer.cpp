//===- VariantCacheFuzzer.cpp - Reading a variant cache entry -------------===//
//
// Input: the text of one cache entry file, read as `ptxinject variants
// --cache` reads what another process (or a damaged disk) left there.
// "@CUBIN@" in the input stands for the hash of a cubin the harness has
// stored, so entries that hold together are reachable. Every entry is a
// miss (naming a cubin that is not there), a hit or damaged, never a crash;
// a hit names the stored cubin (pinned), and storing what it found writes
// back the very same bytes.
//
//===----------------------------------------------------------------------===//
#include "FuzzInput.h"
#include "ptxinject/variants/VariantCache.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

using namespace ptxinject;
using namespace ptxinject::variants;

namespace {

struct Folder {
  std::string Dir;
  Hash128 CubinHash;
  std::vector<char> Cubin{'c', 'u', 'b', 'i', 'n', ' ',
                          'b', 'y', 't', 'e', 's'};

  Folder() {
    const char *Tmp = std::getenv("TMPDIR");
    std::string Template =
        std::string(Tmp && *Tmp ? Tmp : "/tmp") + "/variant-cache-fuzz-XXXXXX";
    if (!::mkdtemp(Template.data()))
      fuzzinput::fail("cannot make a temporary folder");
    Dir = Template;
    VariantCache Cache(Dir);
    Expected<Hash128> Stored = Cache.storeCubin(Cubin);
    if (!Stored)
      fuzzinput::fail("cannot store the harness's cubin");
    CubinHash = *Stored;
  }
  ~Folder() {
    std::error_code Ignored;
    std::filesystem::remove_all(Dir, Ignored);
  }
};

std::string readAll(const std::string &Path) {
  std::ifstream In(Path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(In),
                     std::istreambuf_iterator<char>());
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size > fuzzinput::MaxInputBytes)
    return 0;
  static Folder F;
  std::string Text(reinterpret_cast<const char *>(Data), Size);
  static constexpr std::string_view Placeholder = "@CUBIN@";
  for (size_t At; (At = Text.find(Placeholder)) != std::string::npos;)
    Text.replace(At, Placeholder.size(), F.CubinHash.hex());

  // A fresh cache object: nothing it checked for an earlier input counts.
  VariantCache Cache(F.Dir);
  const Hash128 Key = ContentHasher().field("fuzz entry").result();
  const Hash128 Again =
      ContentHasher().field("fuzz entry, stored again").result();
  // storeEntry writes the folder; then the input replaces the entry.
  if (Cache.storeEntry(Key, F.CubinHash, F.Cubin.size(), {"slot", 0}))
    fuzzinput::fail("cannot store an entry");
  {
    std::ofstream Out(Cache.entryPath(Key), std::ios::binary | std::ios::trunc);
    Out.write(Text.data(), static_cast<std::streamsize>(Text.size()));
  }
  VariantCache::Hit Hit;
  VariantCache::Found Found = Cache.lookup(Key, Hit);
  // The file is there: a miss only when it names a cubin that is not (as
  // after a trim).
  FUZZ_CHECK(Found != VariantCache::Found::Miss ||
             Text.find("\ncubin " + F.CubinHash.hex() + " ") ==
                 std::string::npos);
  if (Found != VariantCache::Found::Hit)
    return 0;
  // The hit is the stored cubin, pinned for as long as the cache lives.
  FUZZ_CHECK(Hit.CubinPath.size() > 39 &&
             Hit.CubinPath.substr(Hit.CubinPath.size() - 39) ==
                 "/" + F.CubinHash.hex() + ".cubin");
  FUZZ_CHECK(readAll(Hit.CubinPath) ==
             std::string(F.Cubin.begin(), F.Cubin.end()));
  FUZZ_CHECK(!Hit.Where.Inject.empty());
  if (Cache.storeEntry(Again, F.CubinHash, F.Cubin.size(), Hit.Where))
    fuzzinput::fail("a hit's site cannot be stored again");
  FUZZ_CHECK(readAll(Cache.entryPath(Again)) == Text);
  return 0;
}
