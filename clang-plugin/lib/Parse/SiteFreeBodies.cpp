//===- SiteFreeBodies.cpp - Function bodies a rewrite need not parse ------===//
#include "ptxinject/Frontend/Parse/SiteFreeBodies.h"
#include "ptxinject/Frontend/Parse/SiteFreeSource.h"

#include "clang/AST/DeclBase.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace ptxinject {
namespace frontend {

/// This project's own headers (ptx_inject.h and the headers it includes)
/// spell PTX_INJECT in their definitions, never in a site.
bool SiteFreeBodies::isMarkerHeader(FileID File) const {
  OptionalFileEntryRef Entry = SM.getFileEntryRefForID(File);
  if (!Entry)
    return false;
  return isMarkerHeaderPath(Entry->getName());
}

bool SiteFreeBodies::isSiteFree(FileID File) {
  if (File.isInvalid() || File == SM.getMainFileID())
    return false;
  auto [It, Inserted] = SiteFree.try_emplace(File, false);
  if (Inserted) {
    bool Invalid = false;
    llvm::StringRef Text = SM.getBufferData(File, &Invalid);
    // Both annotation forms spell the word; a header that does is parsed
    // whole, so its sites are found (and reported as in a header).
    It->second = !Invalid && !Text.contains("PTX_INJECT");
  }
  return It->second;
}

bool SiteFreeBodies::canSkip(const Decl *D) {
  FileID File = SM.getFileID(SM.getExpansionLoc(D->getLocation()));
  if (File.isInvalid() || File == SM.getMainFileID())
    return false;
  bool Free = isSiteFree(File);
  if (!Free && !isMarkerHeader(File))
    KeptIncludedSite = true;
  return Free;
}

} // namespace frontend
} // namespace ptxinject
