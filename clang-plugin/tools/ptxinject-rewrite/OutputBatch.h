//===- OutputBatch.h - Write every output of a run, or none -----*- C++ -*-===//
//
// ptxinject-rewrite promises that a failed run leaves no output file and no
// manifest. The texts are therefore held in memory until the whole run has
// succeeded, then written together: each to a temporary beside its place,
// and only when all temporaries are written are they renamed into place.
// A failure on the way removes what this batch wrote.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_REWRITE_OUTPUTBATCH_H
#define PTXINJECT_REWRITE_OUTPUTBATCH_H

#include "llvm/Support/raw_ostream.h"

#include <string>
#include <utility>
#include <vector>

namespace ptxinject {
namespace rewrite {

class OutputBatch {
public:
  /// Path "-" is stdout, printed after every file is in place.
  void add(std::string Path, std::string Text) {
    Outputs.emplace_back(std::move(Path), std::move(Text));
  }
  bool empty() const { return Outputs.empty(); }
  const std::vector<std::pair<std::string, std::string>> &outputs() const {
    return Outputs;
  }

  /// Writes every output. False after printing "error: cannot write ..." to
  /// Errs; then none of the files is left behind.
  bool commit(llvm::raw_ostream &Errs) const;

private:
  std::vector<std::pair<std::string, std::string>> Outputs;
};

} // namespace rewrite
} // namespace ptxinject

#endif
