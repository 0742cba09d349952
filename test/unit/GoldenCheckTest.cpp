//===- GoldenCheckTest.cpp - ptxinject-rewrite --check --------------------===//
#include "GoldenCheck.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <string>

using namespace ptxinject;
using ptxinject::rewrite::checkAgainstGoldenFile;

namespace {

TEST(GoldenFile, EqualDifferentAndUnreadable) {
  std::string Path = ::testing::TempDir() + "/unified-diff-golden.txt";
  {
    std::ofstream(Path) << "a\nb\n";
  }
  std::string Out, Err;
  llvm::raw_string_ostream OutStream(Out), ErrStream(Err);
  EXPECT_EQ(checkAgainstGoldenFile(Path, "a\nb\n", "now", OutStream, ErrStream),
            ExitOk);
  EXPECT_EQ(Out + Err, "") << "an equal check prints nothing";
  EXPECT_EQ(checkAgainstGoldenFile(Path, "a\nc\n", "now", OutStream, ErrStream),
            ExitFailed);
  EXPECT_EQ(Out, "--- " + Path + "\n+++ now\n@@ -1,2 +1,2 @@\n a\n-b\n+c\n");
  EXPECT_EQ(checkAgainstGoldenFile(Path + ".absent", "a\n", "now", OutStream,
                                   ErrStream),
            ExitUsage);
  EXPECT_NE(Err.find(".absent: error: cannot read the golden file: "),
            std::string::npos)
      << Err;
  std::remove(Path.c_str());
}

} // namespace
