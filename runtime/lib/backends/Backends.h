//===- Backends.h - Constructors of the built cubin backends ----*- C++ -*-===//
//
// Each backend lives in its own file; the factory in CubinBackend.cpp calls
// the constructors of those this build includes.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_RUNTIME_BACKENDS_H
#define PTXINJECT_RUNTIME_BACKENDS_H

#include "ptxinject/backends/CubinBackend.h"

#include <cstddef>
#include <string>

namespace ptxinject {
namespace detail {

std::unique_ptr<CubinBackend> createPtxasBackend(const CubinOptions &Options,
                                                 std::string &Error);
#ifdef PTXINJECT_HAVE_NVJITLINK
std::unique_ptr<CubinBackend>
createNvJitLinkBackend(const CubinOptions &Options, std::string &Error);
#endif
#ifdef PTXINJECT_HAVE_NVPTXCOMPILER
std::unique_ptr<CubinBackend>
createNvPtxCompilerBackend(const CubinOptions &Options, std::string &Error);
#endif

/// The option strings every backend passes: -arch (as -arch=SM, or as
/// --gpu-name=SM without \p ArchWithEquals), -O, and -maxrregcount. For
/// \p Debug PTX (isDebugPtx) the -O is left out and \p DebugFlag is passed
/// instead: the compilers refuse an optimization level above 0 with debug
/// PTX ("Optimized debugging not supported"), and plain ptxas assembles
/// such PTX as device-debug code.
std::vector<std::string> commonCompilerOptions(const CubinOptions &Options,
                                               bool ArchWithEquals, bool Debug,
                                               const char *DebugFlag);

/// The ptxas the Ptxas backend would run: Requested if executable, else the
/// one findCudaTool finds (the toolkit's bin/, then PATH); empty if none.
std::string findPtxasExecutable(const std::string &Requested);

/// The log of a library compiler (nvJitLink, nvPTXCompiler), which both hand
/// out the same way: \p Size(size_t &) asks the length, \p Fill(char *)
/// copies it; each returns true on success. One byte more than asked is
/// given (one counts the closing NUL, the other does not), and the trailing
/// NULs and newlines are dropped. Any failure gives an empty log.
template <class SizeFn, class FillFn>
std::string readCompilerLog(SizeFn &&Size, FillFn &&Fill) {
  size_t N = 0;
  if (!Size(N) || N == 0)
    return std::string();
  std::string Log(N + 1, '\0');
  if (!Fill(Log.data()))
    return std::string();
  while (!Log.empty() && (Log.back() == '\0' || Log.back() == '\n'))
    Log.pop_back();
  return Log;
}

/// Checks the architecture string so a typo fails with a clear message
/// before any compiler sees it.
bool checkArch(const std::string &Arch, std::string &Error);

} // namespace detail
} // namespace ptxinject

#endif
