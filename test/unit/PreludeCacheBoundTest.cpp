//===- PreludeCacheBoundTest.cpp - The PCH cache is bounded by bytes ------===//
#include "ptxinject/Frontend/Prelude/PreludeCache.h"
#include "ptxinject/Frontend/Prelude/PreludeStamp.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <string>

using namespace ptxinject::frontend;

namespace {

/// A cache folder of fake PCHs, each named by a stamp, dated on demand.
class PreludeCacheBound : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("prelude-bound", Dir));
  }
  void TearDown() override { llvm::sys::fs::remove_directories(Dir); }

  std::string path(const std::string &Name) const {
    llvm::SmallString<256> P(Dir);
    llvm::sys::path::append(P, Name);
    return std::string(P);
  }
  void write(const std::string &Name, size_t Bytes) {
    std::error_code EC;
    llvm::raw_fd_ostream OS(path(Name), EC);
    ASSERT_FALSE(EC);
    OS << std::string(Bytes, 'p');
  }
  /// Sets a file's time to Age seconds ago.
  void age(const std::string &Name, int Age) {
    int FD;
    ASSERT_FALSE(llvm::sys::fs::openFileForReadWrite(
        path(Name), FD, llvm::sys::fs::CD_OpenExisting,
        llvm::sys::fs::OF_None));
    ASSERT_FALSE(llvm::sys::fs::setLastAccessAndModificationTime(
        FD, std::chrono::system_clock::now() - std::chrono::seconds(Age)));
    llvm::sys::Process::SafelyCloseFileDescriptor(FD);
  }
  /// prelude-KEY-h.pch of Bytes, built BuiltAgo and last used UsedAgo
  /// seconds ago (its stamp's time).
  void entry(const std::string &Key, size_t Bytes, int BuiltAgo, int UsedAgo) {
    std::string Pch = "prelude-" + Key + "-h.pch";
    write(Pch, Bytes);
    age(Pch, BuiltAgo);
    PreludeStamp S;
    S.PchName = Pch;
    S.Pch = FileStamp{};
    std::error_code EC;
    {
      llvm::raw_fd_ostream OS(path("prelude-" + Key + ".stamp"), EC);
      ASSERT_FALSE(EC);
      OS << formatPreludeStamp(S);
    }
    age("prelude-" + Key + ".stamp", UsedAgo);
  }
  bool exists(const std::string &Name) const {
    return llvm::sys::fs::exists(path(Name));
  }

  llvm::SmallString<128> Dir;
};

TEST_F(PreludeCacheBound, RemovesLeastRecentlyUsedUntilUnderTheBound) {
  // Built in the order a, b, c, d; a reused since, so b is the oldest use.
  entry("a", 1000, /*BuiltAgo=*/400, /*UsedAgo=*/10);
  entry("b", 1000, 300, 300);
  entry("c", 1000, 200, 200);
  entry("d", 1000, 100, 100);
  prunePreludeCache(Dir, 3000, path("prelude-d-h.pch"));
  EXPECT_FALSE(exists("prelude-b-h.pch"));
  EXPECT_FALSE(exists("prelude-b.stamp")) << "a stamp of a removed PCH stays";
  EXPECT_TRUE(exists("prelude-a-h.pch")) << "a reused PCH was removed first";
  EXPECT_TRUE(exists("prelude-c-h.pch"));
  EXPECT_TRUE(exists("prelude-d-h.pch"));
}

TEST_F(PreludeCacheBound, NothingGoesUnderTheBound) {
  entry("a", 1000, 400, 400);
  entry("b", 1000, 300, 300);
  prunePreludeCache(Dir, 2000);
  EXPECT_TRUE(exists("prelude-a-h.pch"));
  EXPECT_TRUE(exists("prelude-b-h.pch"));
}

TEST_F(PreludeCacheBound, KeepsTheOneInUseEvenOverTheBound) {
  entry("a", 5000, 10, 10);
  entry("b", 1000, 300, 300);
  prunePreludeCache(Dir, 2000, path("prelude-a-h.pch"));
  EXPECT_TRUE(exists("prelude-a-h.pch"));
  EXPECT_FALSE(exists("prelude-b-h.pch"));
}

TEST_F(PreludeCacheBound, APchNoStampNamesAgesByItsOwnTime) {
  entry("a", 1000, 100, 100);
  write("prelude-x-old.pch", 1000); // left by a replaced build
  age("prelude-x-old.pch", 50);
  write("prelude-y-new.pch", 1000); // published, its stamp not yet written
  prunePreludeCache(Dir, 2000);
  EXPECT_FALSE(exists("prelude-a-h.pch"));
  EXPECT_TRUE(exists("prelude-x-old.pch"));
  EXPECT_TRUE(exists("prelude-y-new.pch"));
  prunePreludeCache(Dir, 1000);
  EXPECT_FALSE(exists("prelude-x-old.pch"));
  EXPECT_TRUE(exists("prelude-y-new.pch"));
}

TEST(PreludeCacheMaxBytes, FromTheEnvironmentElseTheDefault) {
  unsetenv("PTXINJECT_PCH_CACHE_MAX_SIZE");
  EXPECT_EQ(preludeCacheMaxBytes(), DefaultPreludeCacheMaxBytes);
  setenv("PTXINJECT_PCH_CACHE_MAX_SIZE", "500M", 1);
  EXPECT_EQ(preludeCacheMaxBytes(), 500ull << 20);
  setenv("PTXINJECT_PCH_CACHE_MAX_SIZE", "lots", 1);
  std::string Problem;
  EXPECT_EQ(preludeCacheMaxBytes(&Problem), DefaultPreludeCacheMaxBytes);
  EXPECT_NE(Problem.find("'lots' is not a size"), std::string::npos) << Problem;
  unsetenv("PTXINJECT_PCH_CACHE_MAX_SIZE");
}

} // namespace
