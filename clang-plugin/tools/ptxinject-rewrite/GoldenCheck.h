//===- GoldenCheck.h - ptxinject-rewrite --check ----------------*- C++ -*-===//
//
// Golden-file checks for CI: the rewrite, made in memory, is compared with
// the file a project committed, and what changed is shown the way `diff -u`
// does (UnifiedDiff.h), so a CI log reads like a patch. Nothing is written.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_REWRITE_GOLDENCHECK_H
#define PTXINJECT_REWRITE_GOLDENCHECK_H

#include "ptxinject/support/ExitCode.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

namespace ptxinject {
namespace rewrite {

/// Compares Actual with the file at GoldenPath: ExitOk when equal;
/// ExitFailed with the unified diff (golden to actual) on DiffOut when they
/// differ; ExitUsage with "GOLDEN: error: ..." on ErrOut when the golden
/// cannot be read.
ExitCode checkAgainstGoldenFile(llvm::StringRef GoldenPath,
                                llvm::StringRef Actual,
                                llvm::StringRef ActualName,
                                llvm::raw_ostream &DiffOut,
                                llvm::raw_ostream &ErrOut);

} // namespace rewrite
} // namespace ptxinject

#endif
