//===- Backends.h - Constructors of the built cubin backends ----*- C++ -*-===//
//
// Each backend lives in its own file; the factory in CubinBackend.cpp calls
// the constructors of those this build includes.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_RUNTIME_BACKENDS_H
#define PTXINJECT_RUNTIME_BACKENDS_H

#include "ptxinject/backends/AssemblerOptions.h"
#include "ptxinject/backends/CubinBackend.h"
#include "ptxinject/support/Error.h"

#include <chrono>
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace ptxinject::backends {
namespace detail {

using BackendOrError = Expected<std::unique_ptr<CubinBackend>>;

/// compilerArguments for a back end whose options createCubinBackend
/// checked already (checkAssemblerOptions): it cannot fail.
std::vector<std::string> checkedCompilerArguments(CubinBackendKind Kind,
                                                  const CubinOptions &Options,
                                                  bool Debug);

/// Compiles a small module with \p Options' probed settings
/// (needsAssemblerProbe) and without them: an InvalidArgument error naming
/// the options when only the first fails.
Error probeAssemblerOptions(const CubinBackend &Backend,
                            const CubinOptions &Options);

BackendOrError createPtxasBackend(const CubinOptions &Options);
BackendOrError createNvJitLinkBackend(const CubinOptions &Options);
#ifdef PTXINJECT_HAVE_NVPTXCOMPILER
BackendOrError createNvPtxCompilerBackend(const CubinOptions &Options);
#endif

/// The ptxas the Ptxas backend would run: Requested if executable, else the
/// one findCudaTool finds (the toolkit's bin/, then PATH); empty if none.
std::string findPtxasExecutable(const std::string &Requested);

/// The info log (after a success, \p Ok) or the error log of a library
/// compiler, which nvJitLink and nvPTXCompiler hand out the same way: one
/// call for the size, one to copy it. One byte more than asked is given (one
/// counts the closing NUL, the other does not), and the trailing NULs and
/// newlines are dropped. Any failure gives an empty log.
template <class HandleT, class ResultT>
std::string readCompilerLog(HandleT Handle, bool Ok, ResultT Success,
                            ResultT (*InfoSize)(HandleT, size_t *),
                            ResultT (*ErrorSize)(HandleT, size_t *),
                            ResultT (*Info)(HandleT, char *),
                            ResultT (*ErrorLog)(HandleT, char *)) {
  size_t N = 0;
  if ((Ok ? InfoSize : ErrorSize)(Handle, &N) != Success || N == 0)
    return std::string();
  std::string Log(N + 1, '\0');
  if ((Ok ? Info : ErrorLog)(Handle, Log.data()) != Success)
    return std::string();
  while (!Log.empty() && (Log.back() == '\0' || Log.back() == '\n'))
    Log.pop_back();
  return Log;
}

/// A library compile (nvJitLink, nvPTXCompiler) with a deadline. Neither
/// library can be stopped at any moment (nvPTXCompiler only between its
/// phases, which may be minutes apart), so Work runs on a thread of its
/// own; past the deadline the call returns TimedOut with Log saying so,
/// and the thread is left to finish, its result dropped. Work must own
/// everything it reads (the backend may be gone by then); Deadline is the
/// instant it may check to stop early. Without a deadline Work runs on the
/// calling thread.
using LibraryCompile =
    std::function<bool(std::vector<char> &Cubin, std::string &Log,
                       std::chrono::steady_clock::time_point Deadline)>;
CompileStatus compileWithDeadline(const char *Compiler, double TimeoutSeconds,
                                  LibraryCompile Work, std::vector<char> &Cubin,
                                  std::string &Log);

/// Checks the architecture string so a typo fails with a clear message
/// (an InvalidArgument error) before any compiler sees it.
Error checkArch(const std::string &Arch);

} // namespace detail
} // namespace ptxinject::backends

#endif
