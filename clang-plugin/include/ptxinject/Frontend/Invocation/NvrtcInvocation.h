//===- NvrtcInvocation.h - Read a source as NVRTC reads it ------*- C++ -*-===//
//
// The nvrtc mode of the rewriter: sources written for NVRTC (no host C++
// library, __CUDACC_RTC__, -default-device, kernel templates instantiated only
// by name expressions) parsed by Clang in that same world, from NVRTC's own
// option spellings (NvrtcOptions.h). rewriteSource (RewriteAction.h) runs
// the parse on the command line and files made here.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_FRONTEND_NVRTCINVOCATION_H
#define PTXINJECT_FRONTEND_NVRTCINVOCATION_H

#include "ptxinject/Frontend/Invocation/NvrtcOptions.h"

#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <string>
#include <vector>

namespace ptxinject {
namespace frontend {

/// The folder with the stand-ins for host headers and the prelude of the
/// nvrtc mode: $PTXINJECT_NVRTC_SHIM_DIR, the installed
/// share/ptxinject/nvrtc-shim next to the tool (the build tree has one too).
std::string findNvrtcShimDir(const char *Argv0);

/// The complete Clang command line (driver name first, source last) that
/// parses SourcePath as NVRTC would with Options.
std::vector<std::string> nvrtcClangCommandLine(const char *Argv0,
                                               const NvrtcTranslation &Options,
                                               const std::string &SourcePath);

/// The text appended to the source so that each name expression is
/// instantiated, as nvrtcAddNameExpression does: one variable initialized
/// from the expression, in a file of its own named by `#line`, so an error
/// in it is reported at `name expression N:1:COLUMN`.
std::string nameExpressionSuffix(const std::vector<std::string> &Expressions);

/// --no-source-include: NVRTC does not search the program's folder for its
/// quoted includes. Files with the files beside the program at Program
/// (itself excepted) hidden, and each -I of ClangArgs that names that folder
/// spelled so that it still finds them.
llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
hideProgramFolder(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Files,
                  llvm::StringRef Program, std::vector<std::string> &ClangArgs);

} // namespace frontend
} // namespace ptxinject

#endif
