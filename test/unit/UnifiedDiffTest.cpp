//===- UnifiedDiffTest.cpp - The golden-file diff -------------------------===//
#include "ptxinject/diff/UnifiedDiff.h"

#include <gtest/gtest.h>

#include <string>

using namespace ptxinject;
using namespace ptxinject::diff;

namespace {

std::string numberedLines(int From, int To) {
  std::string S;
  for (int I = From; I <= To; ++I)
    S += "line " + std::to_string(I) + "\n";
  return S;
}

TEST(UnifiedDiff, EqualTextsHaveNoDiff) {
  EXPECT_EQ(unifiedDiff("a", "x\ny\n", "b", "x\ny\n"), "");
  EXPECT_EQ(unifiedDiff("a", "", "b", ""), "");
}

TEST(UnifiedDiff, ChangedLineWithContext) {
  std::string Old = numberedLines(1, 10);
  std::string New = Old;
  New.replace(New.find("line 5\n"), 7, "line five\n");
  EXPECT_EQ(unifiedDiff("golden.cu", Old, "actual.cu", New),
            "--- golden.cu\n+++ actual.cu\n@@ -2,7 +2,7 @@\n"
            " line 2\n line 3\n line 4\n-line 5\n+line five\n"
            " line 6\n line 7\n line 8\n");
}

TEST(UnifiedDiff, DistantChangesMakeTwoHunks) {
  std::string Old = numberedLines(1, 20);
  std::string New = "first\n" + numberedLines(2, 19) + "last\n";
  std::string D = unifiedDiff("a", Old, "b", New);
  EXPECT_NE(D.find("@@ -1,4 +1,4 @@\n-line 1\n+first\n line 2\n"),
            std::string::npos)
      << D;
  EXPECT_NE(D.find("@@ -17,4 +17,4 @@\n line 17\n line 18\n line 19\n"
                   "-line 20\n+last\n"),
            std::string::npos)
      << D;
}

TEST(UnifiedDiff, CloseChangesShareOneHunk) {
  std::string Old = numberedLines(1, 10);
  std::string New = "line 1\nline 2\nline 3\nline 4\nline 6\nline 7\n"
                    "line 8\nline 8.5\nline 9\nline 10\n";
  std::string D = unifiedDiff("a", Old, "b", New);
  EXPECT_EQ(D, "--- a\n+++ b\n@@ -2,9 +2,9 @@\n line 2\n line 3\n line 4\n"
               "-line 5\n line 6\n line 7\n line 8\n+line 8.5\n line 9\n"
               " line 10\n");
}

TEST(UnifiedDiff, InsertionIntoEmptyAndMissingNewline) {
  EXPECT_EQ(unifiedDiff("a", "", "b", "x\n"),
            "--- a\n+++ b\n@@ -0,0 +1 @@\n+x\n");
  EXPECT_EQ(
      unifiedDiff("a", "x\n", "b", "x"),
      "--- a\n+++ b\n@@ -1 +1 @@\n-x\n+x\n\\ No newline at end of file\n");
}

} // namespace
