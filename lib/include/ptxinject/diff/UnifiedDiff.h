//===- UnifiedDiff.h - Text against a committed golden file -----*- C++ -*-===//
//
// Golden-file checks (`ptxinject-rewrite --check`) compare a tool's output,
// made in memory, with the file a project committed, and show what changed
// the way `diff -u` and `clang-format --dry-run` do, so a CI log reads like a
// patch. The check itself (reading the file, printing, the exit status) is
// the tool's; this is the diff.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_DIFF_UNIFIEDDIFF_H
#define PTXINJECT_DIFF_UNIFIEDDIFF_H

#include <string>
#include <string_view>

namespace ptxinject::diff {

/// The unified diff from Old to New ("--- OldName", "+++ NewName", hunks
/// with Context lines around each change); empty when the texts are equal.
/// A last line without a newline is marked "\ No newline at end of file".
std::string unifiedDiff(std::string_view OldName, std::string_view Old,
                        std::string_view NewName, std::string_view New,
                        unsigned Context = 3);

} // namespace ptxinject::diff

#endif
