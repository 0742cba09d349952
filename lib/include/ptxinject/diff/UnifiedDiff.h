//===- UnifiedDiff.h - Text against a committed golden file -----*- C++ -*-===//
//
// Golden-file checks (`ptxinject-rewrite --check`) compare a tool's output,
// made in memory, with the file a project committed, and show what changed
// the way `diff -u` and `clang-format --dry-run` do, so a CI log reads like a
// patch. Nothing here writes a file.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_DIFF_UNIFIEDDIFF_H
#define PTXINJECT_DIFF_UNIFIEDDIFF_H

#include <cstdio>
#include <string>
#include <string_view>

namespace ptxinject {

/// The unified diff from Old to New ("--- OldName", "+++ NewName", hunks
/// with Context lines around each change); empty when the texts are equal.
/// A last line without a newline is marked "\ No newline at end of file".
std::string unifiedDiff(std::string_view OldName, std::string_view Old,
                        std::string_view NewName, std::string_view New,
                        unsigned Context = 3);

/// Exit statuses of a golden check: equal, different, could not compare.
enum GoldenStatus : int { GoldenEqual = 0, GoldenDiffers = 1, GoldenError = 2 };

/// Compares Actual with the file at GoldenPath. Prints the unified diff
/// (golden to actual) on DiffOut when they differ, and
/// "GOLDEN: error: ..." on ErrOut when the golden cannot be read.
GoldenStatus checkAgainstGoldenFile(const std::string &GoldenPath,
                                    std::string_view Actual,
                                    std::string_view ActualName,
                                    std::FILE *DiffOut, std::FILE *ErrOut);

} // namespace ptxinject

#endif
