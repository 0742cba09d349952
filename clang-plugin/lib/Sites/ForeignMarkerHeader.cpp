//===- ForeignMarkerHeader.cpp - PTX_INJECT from another ptx_inject.h -----===//
#include "ptxinject/Frontend/Sites/ForeignMarkerHeader.h"
#include "ptxinject/Frontend/Prelude/IncludeBlock.h"
#include "ptxinject/Frontend/Prelude/PreludeCache.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace ptxinject {
namespace frontend {

namespace {

/// The #include of the input that brought Def in, where the user can act on
/// it (the definition itself when the input holds it, or none does). An
/// include in the header a cached include block was precompiled from is
/// reported at the same directive of the input, not in the cache's copy.
SourceLocation includeInInput(const SourceManager &SM, SourceLocation Def,
                              const PreludeResult *Prelude) {
  FileID Main = SM.getMainFileID();
  SourceLocation At = SM.getFileLoc(Def);
  while (At.isValid()) {
    FileID F = SM.getFileID(At);
    if (F == Main)
      return At;
    OptionalFileEntryRef File = SM.getFileEntryRefForID(F);
    if (Prelude && !Prelude->BlockHeader.empty() && File &&
        File->getName() == Prelude->BlockHeader)
      return SM.getLocForStartOfFile(Main).getLocWithOffset(
          fileOffsetOfBlockText(Prelude->BlockDirectiveStarts,
                                SM.getFileOffset(At)));
    At = SM.getIncludeLoc(F);
  }
  return Def;
}

/// Warns, once, when PTX_INJECT is defined while this project's
/// ptx_inject.h (guarded by PTX_INJECT_H) is not.
void check(Preprocessor &PP, const MacroInfo *Marker,
           const PreludeResult *Prelude) {
  if (!Marker || PP.isMacroDefined("PTX_INJECT_H"))
    return;
  SourceManager &SM = PP.getSourceManager();
  SourceLocation Def = Marker->getDefinitionLoc();
  StringRef File = Def.isValid() ? SM.getFilename(SM.getSpellingLoc(Def)) : "";
  if (File.empty())
    return;
  DiagnosticsEngine &Diags = PP.getDiagnostics();
  Diags.Report(includeInInput(SM, Def, Prelude),
               Diags.getCustomDiagID(
                   DiagnosticsEngine::Warning,
                   "PTX_INJECT is defined by '%0', which is not this "
                   "project's ptx_inject.h: the rewriter sees none of the "
                   "sites it expands; put the include folder of this "
                   "project's ptx_inject.h before '%1'"))
      << File << llvm::sys::path::parent_path(File);
}

class MarkerDefinition : public PPCallbacks {
public:
  explicit MarkerDefinition(Preprocessor &PP) : PP(PP) {}

  void MacroDefined(const Token &Name, const MacroDirective *MD) override {
    if (Checked || !MD || Name.getIdentifierInfo()->getName() != "PTX_INJECT")
      return;
    Checked = true;
    check(PP, MD->getMacroInfo(), /*Prelude=*/nullptr);
  }

private:
  Preprocessor &PP;
  bool Checked = false;
};

} // namespace

void warnOnForeignMarkerHeader(Preprocessor &PP) {
  PP.addPPCallbacks(std::make_unique<MarkerDefinition>(PP));
}

void checkPrecompiledMarkerHeader(Preprocessor &PP,
                                  const PreludeResult &Prelude) {
  check(PP, PP.getMacroInfo(PP.getIdentifierInfo("PTX_INJECT")), &Prelude);
}

} // namespace frontend
} // namespace ptxinject
