//===- VariantCacheFolderTest.cpp - The variant cache's bound -------------===//
#include "ptxinject/variants/VariantCacheFolder.h"
#include "ptxinject/support/File.h"
#include "ptxinject/variants/VariantCache.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace ptxinject;
using namespace ptxinject::variants;

namespace {

std::string freshDir(const char *Name) {
  const char *Tmp = std::getenv("TMPDIR");
  std::string Dir = std::string(Tmp && *Tmp ? Tmp : "/tmp") +
                    "/ptxinject-cache-folder-test-" +
                    std::to_string(::getpid()) + "-" + Name;
  std::filesystem::remove_all(Dir);
  return Dir;
}

// A cubin of Size bytes that differs from every other number's.
std::vector<char> cubin(size_t Number, size_t Size = 8192) {
  std::vector<char> Bytes(Size, 'x');
  std::string Tag = "\x7f"
                    "ELF" +
                    std::to_string(Number);
  std::copy(Tag.begin(), Tag.end(), Bytes.begin());
  return Bytes;
}

Hash128 keyOf(size_t Number) {
  return VariantCache::key(hashBytes("context"),
                           hashBytes("program " + std::to_string(Number)));
}

// Stores program Number with its own cubin; returns the entry's path.
std::string store(VariantCache &Cache, size_t Number, size_t Size = 8192) {
  std::vector<char> Bytes = cubin(Number, Size);
  Expected<Hash128> CubinHash = Cache.storeCubin(Bytes);
  EXPECT_TRUE(CubinHash) << CubinHash.error().Message;
  if (CubinHash) {
    Error E = Cache.storeEntry(keyOf(Number), *CubinHash, Bytes.size(),
                               {"inject_0", 0});
    EXPECT_FALSE(E) << E.Message;
  }
  return Cache.entryPath(keyOf(Number));
}

// Dates a file's last use Seconds ago.
void age(const std::string &Path, long Seconds) {
  struct timespec Times[2];
  ::clock_gettime(CLOCK_REALTIME, &Times[0]);
  Times[0].tv_sec -= Seconds;
  Times[1] = Times[0];
  ASSERT_EQ(::utimensat(AT_FDCWD, Path.c_str(), Times, 0), 0) << Path;
}

TEST(VariantCacheConfig, ReadsMaxSizeAndNamesTheBadLine) {
  Expected<VariantCacheConfig> C =
      parseVariantCacheConfig("# bound\n\n  max_size = 20M  \n");
  ASSERT_TRUE(C);
  EXPECT_EQ(C->MaxBytes, 20u << 20);
  EXPECT_FALSE(parseVariantCacheConfig("")->MaxBytes);
  Expected<VariantCacheConfig> Bad = parseVariantCacheConfig("\nmax = 1G\n");
  ASSERT_FALSE(Bad);
  EXPECT_EQ(Bad.error().Line, 2u);
  Expected<VariantCacheConfig> Value =
      parseVariantCacheConfig("max_size = 12 apples\n");
  ASSERT_FALSE(Value);
  EXPECT_NE(Value.error().Message.find("'12 apples'"), std::string::npos);
}

TEST(VariantCacheConfig, WrittenBoundIsTheOneInForce) {
  std::string Dir = freshDir("conf");
  EXPECT_EQ(variantCacheMaxBytes(Dir, std::nullopt),
            DefaultVariantCacheMaxBytes);
  ASSERT_FALSE(writeVariantCacheMaxSize(Dir, 1 << 20));
  ASSERT_FALSE(writeVariantCacheMaxSize(Dir, 3 << 20)); // replaces, not adds
  EXPECT_EQ(variantCacheMaxBytes(Dir, std::nullopt), 3u << 20);
  EXPECT_EQ(variantCacheMaxBytes(Dir, 7), 7u); // an option wins
  ASSERT_FALSE(writeFileAtomically(Dir + "/cache.conf", "max_size = x\n"));
  std::string Problem;
  EXPECT_EQ(variantCacheMaxBytes(Dir, std::nullopt, &Problem),
            DefaultVariantCacheMaxBytes);
  EXPECT_NE(Problem.find("cache.conf:1:"), std::string::npos) << Problem;
}

TEST(VariantCacheBound, LeastRecentlyUsedGoFirst) {
  std::string Dir = freshDir("lru");
  {
    VariantCache Cache(Dir, /*MaxBytes=*/0); // no bound while filling
    for (size_t I = 0; I < 10; ++I) {
      std::string Entry = store(Cache, I);
      // Program I was last used 100 - I seconds ago: 0 is the oldest.
      age(Entry, 100 - static_cast<long>(I));
      age(Cache.cubinPath(hashBytes(std::string_view(cubin(I).data(), 8192))),
          100 - static_cast<long>(I));
    }
  }
  // Programs 0 and 1 used again now: the most recent of all.
  VariantCache Reader(Dir, 0);
  VariantCache::Hit Hit;
  ASSERT_EQ(Reader.lookup(keyOf(0), Hit), VariantCache::Found::Hit);
  ASSERT_EQ(Reader.lookup(keyOf(1), Hit), VariantCache::Found::Hit);

  VariantCacheUsage Full = scanVariantCache(Dir);
  EXPECT_EQ(Full.Entries, 10u);
  EXPECT_EQ(Full.Cubins, 10u);
  // Room for about half: over the bound, so down to 90 % of it.
  std::uint64_t Max = Full.Bytes / 2;
  VariantCacheTrim T = trimVariantCache(Dir, Max);
  ASSERT_TRUE(T.Ran);
  EXPECT_LE(T.After.Bytes, Max / 10 * 9);
  EXPECT_GT(T.RemovedEntries, 0u);
  VariantCache After(Dir, 0);
  EXPECT_EQ(After.lookup(keyOf(0), Hit), VariantCache::Found::Hit);
  EXPECT_EQ(After.lookup(keyOf(1), Hit), VariantCache::Found::Hit);
  EXPECT_EQ(After.lookup(keyOf(9), Hit), VariantCache::Found::Hit);
  // The oldest unused ones went, entry and cubin: a miss, not damage.
  EXPECT_EQ(After.lookup(keyOf(2), Hit), VariantCache::Found::Miss);
  // Within the bound: nothing to do.
  EXPECT_EQ(trimVariantCache(Dir, Max).RemovedEntries, 0u);
}

TEST(VariantCacheBound, StoresKeepTheFolderWithinItsBound) {
  std::string Dir = freshDir("stores");
  const std::uint64_t Max = 256 << 10;
  VariantCache Cache(Dir, Max);
  for (size_t I = 0; I < 200; ++I)
    store(Cache, I);
  EXPECT_LE(scanVariantCache(Dir).Bytes, Max);
  // The last stored are still there.
  VariantCache::Hit Hit;
  EXPECT_EQ(Cache.lookup(keyOf(199), Hit), VariantCache::Found::Hit);
  EXPECT_EQ(Cache.lookup(keyOf(0), Hit), VariantCache::Found::Miss);
}

TEST(VariantCacheBound, APinnedCubinOutlivesATrim) {
  std::string Dir = freshDir("pins");
  std::string Pinned;
  {
    VariantCache Writer(Dir, 0);
    store(Writer, 1);
    VariantCache Reader(Dir, 0);
    VariantCache::Hit Hit;
    ASSERT_EQ(Reader.lookup(keyOf(1), Hit), VariantCache::Found::Hit);
    Pinned = Hit.CubinPath;
    EXPECT_NE(Pinned.find("/pins/"), std::string::npos) << Pinned;
    // Another process clears the cache while the reader holds the cubin.
    VariantCacheTrim T = clearVariantCache(Dir);
    EXPECT_EQ(T.After.Entries, 0u);
    EXPECT_EQ(T.After.PinFolders, 1u);
    Expected<std::string> Bytes = readFile(Pinned);
    ASSERT_TRUE(Bytes);
    std::vector<char> Want = cubin(1);
    EXPECT_EQ(*Bytes, std::string(Want.begin(), Want.end()));
  }
  // The reader is done: its pins went with it.
  EXPECT_FALSE(std::filesystem::exists(Pinned));
  EXPECT_EQ(scanVariantCache(Dir).PinFolders, 0u);
}

TEST(VariantCacheBound, LeftoversOfKilledProcessesAreCountedAndRemoved) {
  std::string Dir = freshDir("leftovers");
  VariantCache Cache(Dir, 0);
  std::string Entry = store(Cache, 1);
  std::string Sub = Entry.substr(0, Entry.rfind('/'));
  // A temporary of a process that is gone, one of this (live) process, and
  // a pin folder of a process that is gone.
  std::string Dead = Sub + "/.tmp.999999999.0.x",
              Live = Sub + "/.tmp." + std::to_string(::getpid()) + ".0.y";
  ASSERT_FALSE(writeFileAtomically(Dead, "partial"));
  ASSERT_FALSE(writeFileAtomically(Live, "partial"));
  age(Dead, 60);
  age(Live, 60);
  char Host[256] = {0};
  ::gethostname(Host, sizeof(Host) - 1);
  std::filesystem::create_directories(Dir + "/pins/999999999.0." + Host);
  VariantCacheUsage U = scanVariantCache(Dir);
  EXPECT_EQ(U.TempFiles, 2u);
  EXPECT_EQ(U.PinFolders, 1u);
  VariantCacheTrim T = trimVariantCache(Dir, 0);
  EXPECT_EQ(T.RemovedLeftovers, 2u);
  EXPECT_EQ(T.After.TempFiles, 1u); // the live writer's stays
  EXPECT_EQ(T.After.PinFolders, 0u);
  EXPECT_EQ(T.After.Entries, 1u); // no bound: programs stay
}

} // namespace
