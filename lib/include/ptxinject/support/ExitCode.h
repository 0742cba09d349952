//===- ExitCode.h - The exit status of every ptxinject tool -----*- C++ -*-===//
//
// One rule for all command-line tools, as diff(1) and the --check modes use
// it, so that a script can tell "the answer is no" from "it could not run".
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_SUPPORT_EXITCODE_H
#define PTXINJECT_SUPPORT_EXITCODE_H

namespace ptxinject {

enum ExitCode : int {
  ExitOk = 0,     ///< Done; for a check: equal.
  ExitFailed = 1, ///< Ran, and the answer is no: differs, or a compile failed.
  ExitUsage = 2,  ///< A bad command line or an unreadable input: nothing done.
};

} // namespace ptxinject

#endif // PTXINJECT_SUPPORT_EXITCODE_H
