//===- ForeignMarkerHeader.cpp - PTX_INJECT from another ptx_inject.h -----===//
#include "ptxinject/Frontend/ForeignMarkerHeader.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace ptxinject {
namespace frontend {

namespace {

/// Warns, once, when PTX_INJECT is defined while this project's
/// ptx_inject.h (guarded by PTX_INJECT_H) is not.
void check(Preprocessor &PP, const MacroInfo *Marker) {
  if (!Marker || PP.isMacroDefined("PTX_INJECT_H"))
    return;
  SourceManager &SM = PP.getSourceManager();
  SourceLocation Loc = Marker->getDefinitionLoc();
  StringRef File = Loc.isValid() ? SM.getFilename(SM.getSpellingLoc(Loc)) : "";
  if (File.empty())
    return;
  DiagnosticsEngine &Diags = PP.getDiagnostics();
  Diags.Report(Loc, Diags.getCustomDiagID(
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
    check(PP, MD->getMacroInfo());
  }

private:
  Preprocessor &PP;
  bool Checked = false;
};

} // namespace

void warnOnForeignMarkerHeader(Preprocessor &PP) {
  PP.addPPCallbacks(std::make_unique<MarkerDefinition>(PP));
}

void checkPrecompiledMarkerHeader(Preprocessor &PP) {
  check(PP, PP.getMacroInfo(PP.getIdentifierInfo("PTX_INJECT")));
}

} // namespace frontend
} // namespace ptxinject
