//===- SiteFreeBodies.cpp - Function bodies a rewrite need not parse ------===//
#include "ptxinject/Frontend/SiteFreeBodies.h"

#include "clang/AST/DeclBase.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace ptxinject {
namespace frontend {

bool SiteFreeBodies::canSkip(const Decl *D) {
  SourceLocation Loc = SM.getExpansionLoc(D->getLocation());
  FileID File = SM.getFileID(Loc);
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

} // namespace frontend
} // namespace ptxinject
