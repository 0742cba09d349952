//===- NvrtcHeaderReach.h - Headers NVRTC would find -----------*- C++ -*-===//
//
// NVRTC has no host C or C++ library and no default include folder: a
// program's #include is found beside the file that includes it (quoted,
// unless --no-source-include hides the program's folder) or in an
// --include-path folder, and nowhere else. The nvrtc mode parses with
// Clang's CUDA wrapper, which needs the host C library and CUDA's headers on
// the search path, so the program would find <stdio.h> there too, where
// NVRTC fails with "could not open source file". This check makes the
// rewrite refuse what NVRTC refuses: an #include written in the program, or
// in a header the program reaches that way, that Clang found anywhere else
// is an error at the directive. This project's own include folder (where
// ptx_inject.h is) counts as searched.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_FRONTEND_NVRTCHEADERREACH_H
#define PTXINJECT_FRONTEND_NVRTCHEADERREACH_H

namespace clang {
class CompilerInstance;
} // namespace clang

namespace ptxinject {
namespace frontend {

/// Whether CI reads its input as an NVRTC program (the nvrtc prelude is
/// pre-included).
bool readsAsNvrtcProgram(const clang::CompilerInstance &CI);

/// Under readsAsNvrtcProgram, reports each #include of the main file, and
/// of the headers it reaches as NVRTC would, that NVRTC would not find.
/// Nothing otherwise. Call before the main file is entered.
void refuseHeadersNvrtcLacks(clang::CompilerInstance &CI);

} // namespace frontend
} // namespace ptxinject

#endif
