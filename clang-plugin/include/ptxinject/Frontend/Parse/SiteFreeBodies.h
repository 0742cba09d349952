//===- SiteFreeBodies.h - Bodies a rewrite need not parse ----- -*- C++ -*-===//
//
// Typing a site needs the declarations around it and the bodies of the
// functions that hold sites, never the bodies of a library's functions: a
// CuTe kernel instantiates thousands of them, and that instantiation is most
// of what is left of a parse once the headers are precompiled. With
// FrontendOptions::SkipFunctionBodies set, Sema asks its consumer before
// parsing each body; this answers "skip" for bodies in included files that
// never spell PTX_INJECT. Sema itself still parses the bodies that decide a
// declaration (constexpr functions, deduced return types), and every body of
// the input file is parsed, so templates instantiated from a site's function
// are typed as before.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_FRONTEND_SITEFREEBODIES_H
#define PTXINJECT_FRONTEND_SITEFREEBODIES_H

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/DenseMap.h"

namespace clang {
class Decl;
class SourceManager;
} // namespace clang

namespace ptxinject {
namespace frontend {

class SiteFreeBodies {
public:
  explicit SiteFreeBodies(const clang::SourceManager &SM) : SM(SM) {}

  /// True when D's body lies in an included file without a site in it.
  bool canSkip(const clang::Decl *D);

  /// True when File is an included file that never spells PTX_INJECT.
  bool isSiteFree(clang::FileID File);

  /// Whether a body was kept in an included file that spells PTX_INJECT,
  /// other than this project's own marker headers (ptx_inject*.h).
  bool keptIncludedSiteBody() const { return KeptIncludedSite; }

private:
  bool isMarkerHeader(clang::FileID File) const;

  const clang::SourceManager &SM;
  bool KeptIncludedSite = false;
  llvm::DenseMap<clang::FileID, bool> SiteFree;
};

} // namespace frontend
} // namespace ptxinject

#endif
