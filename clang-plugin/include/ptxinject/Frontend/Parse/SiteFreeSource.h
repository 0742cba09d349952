//===- SiteFreeSource.h - Files no site can reach ------------- -*- C++ -*-===//
//
// Most files of a real project hold no site, and Clang and nvcc disagree on
// some of them (host code Clang rejects, device features Clang 19 lacks). A
// file that cannot hold a site is copied as it is, byte for byte, without
// asking Clang to accept it, and at the cost of reading a few files instead
// of parsing CUDA's headers.
//
// The rule: neither the source nor any header it includes from the user's
// folders spells PTX_INJECT (the macro or the comment form). The user's
// folders are the source's own (for "..." includes) and those of -I and
// -iquote; a header found in none of them is a system, CUDA or library
// header, whose sites the rewrite never rewrites anyway, and the project's
// own marker headers (ptx_inject*.h) declare the macros without being sites.
// Includes are found by reading the text, each file once: an #include whose
// name comes from a macro, or a header that cannot be read, makes the answer
// "maybe", and the source is parsed as usual.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_FRONTEND_PARSE_SITEFREESOURCE_H
#define PTXINJECT_FRONTEND_PARSE_SITEFREESOURCE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace ptxinject {
namespace frontend {

/// True when Path names one of this project's marker headers (ptx_inject.h
/// and its ptx_inject_*.h companions), which declare the site macros without
/// being sites: both the site-free copy and the skipped header bodies
/// (SiteFreeBodies.h) pass over them.
bool isMarkerHeaderPath(llvm::StringRef Path);

/// True when no site can be reached from Source, the text of the file at
/// Path, compiled with Args (Clang's spelling: -I, -iquote, -include; a
/// relative folder is taken from WorkingDirectory, else the process's).
bool isSiteFreeSource(llvm::StringRef Source, llvm::StringRef Path,
                      llvm::ArrayRef<std::string> Args,
                      llvm::StringRef WorkingDirectory = "");

} // namespace frontend
} // namespace ptxinject

#endif
