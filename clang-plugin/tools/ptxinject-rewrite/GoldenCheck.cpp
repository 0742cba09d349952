//===- GoldenCheck.cpp - ptxinject-rewrite --check ------------------------===//
#include "GoldenCheck.h"

#include "ptxinject/diff/UnifiedDiff.h"

#include "llvm/Support/MemoryBuffer.h"

namespace ptxinject {
namespace rewrite {

ExitCode checkAgainstGoldenFile(llvm::StringRef GoldenPath,
                                llvm::StringRef Actual,
                                llvm::StringRef ActualName,
                                llvm::raw_ostream &DiffOut,
                                llvm::raw_ostream &ErrOut) {
  auto Golden = llvm::MemoryBuffer::getFile(GoldenPath, /*IsText=*/false);
  if (!Golden) {
    ErrOut << GoldenPath << ": error: cannot read the golden file: "
           << Golden.getError().message()
           << " (commit the expected output there, or fix the path)\n";
    return ExitUsage;
  }
  std::string Diff =
      diff::unifiedDiff(GoldenPath, (*Golden)->getBuffer(), ActualName, Actual);
  if (Diff.empty())
    return ExitOk;
  DiffOut << Diff;
  DiffOut.flush();
  return ExitFailed;
}

} // namespace rewrite
} // namespace ptxinject
