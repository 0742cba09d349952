//===- QuietHeaders.cpp - No warnings from library code in a rewrite -----===//
#include "ptxinject/Frontend/Prelude/QuietHeaders.h"
#include "ptxinject/Frontend/Parse/SiteFreeBodies.h"

#include "clang/AST/Decl.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Sema/Sema.h"
#include "clang/Sema/TemplateInstCallback.h"
#include "llvm/ADT/SmallVector.h"

using namespace clang;

namespace ptxinject {
namespace frontend {

namespace {

class QuietCallback : public TemplateInstantiationCallback {
public:
  /// Installed once the PCH is loaded, when the current state holds the
  /// command line's -w.
  explicit QuietCallback(Sema &S)
      : Diags(S.getDiagnostics()), Bodies(S.getSourceManager()),
        UserIgnoresWarnings(Diags.getIgnoreAllWarnings()) {}

  void initialize(const Sema &) override {}
  void finalize(const Sema &) override {}

  /// Every begin is matched by an end (Sema's InstantiatingTemplate), so a
  /// stack restores the setting of the enclosing instantiation.
  void atTemplateBegin(const Sema &,
                       const Sema::CodeSynthesisContext &Inst) override {
    bool Was = Diags.getIgnoreAllWarnings();
    Saved.push_back(Was);
    if (Inst.Kind != Sema::CodeSynthesisContext::TemplateInstantiation)
      return;
    const auto *FD = dyn_cast_or_null<FunctionDecl>(Inst.Entity);
    if (!FD)
      return;
    const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern();
    bool Quiet = UserIgnoresWarnings || (Pattern && Bodies.canSkip(Pattern));
    if (Quiet != Was)
      Diags.setIgnoreAllWarnings(Quiet);
  }

  void atTemplateEnd(const Sema &,
                     const Sema::CodeSynthesisContext &) override {
    if (Saved.empty())
      return;
    bool Was = Saved.pop_back_val();
    if (Diags.getIgnoreAllWarnings() != Was)
      Diags.setIgnoreAllWarnings(Was);
  }

private:
  DiagnosticsEngine &Diags;
  SiteFreeBodies Bodies;
  bool UserIgnoresWarnings;
  llvm::SmallVector<bool, 32> Saved;
};

/// Follows the preprocessor from file to file: the state it sets is the
/// current one, the one Clang reads for a warning raised while that file is
/// parsed.
class QuietFileCallback : public PPCallbacks {
public:
  explicit QuietFileCallback(Preprocessor &PP)
      : Diags(PP.getDiagnostics()), SM(PP.getSourceManager()), Bodies(SM),
        UserIgnoresWarnings(Diags.getIgnoreAllWarnings()) {}

  void FileChanged(SourceLocation Loc, FileChangeReason Reason,
                   SrcMgr::CharacteristicKind, FileID) override {
    if (Reason != EnterFile && Reason != ExitFile)
      return;
    bool Quiet = UserIgnoresWarnings ||
                 Bodies.isSiteFree(SM.getFileID(SM.getExpansionLoc(Loc)));
    if (Quiet != Diags.getIgnoreAllWarnings())
      Diags.setIgnoreAllWarnings(Quiet);
  }

private:
  DiagnosticsEngine &Diags;
  const SourceManager &SM;
  SiteFreeBodies Bodies;
  bool UserIgnoresWarnings;
};

} // namespace

// setIgnoreAllWarnings sets the current state. Reading a PCH copies it for
// the PCH's locations, then makes one of those copies current (and the
// input's): loaded() turns that one back to the user's setting.
QuietPrecompiledHeaders::QuietPrecompiledHeaders(DiagnosticsEngine &Diags)
    : UserIgnoresWarnings(Diags.getIgnoreAllWarnings()) {
  Diags.setIgnoreAllWarnings(true);
}

void QuietPrecompiledHeaders::loaded(DiagnosticsEngine &Diags) const {
  Diags.setIgnoreAllWarnings(UserIgnoresWarnings);
}

void quietHeaderInstantiations(Sema &S) {
  S.TemplateInstCallbacks.push_back(std::make_unique<QuietCallback>(S));
}

void quietSiteFreeHeaders(Preprocessor &PP) {
  PP.addPPCallbacks(std::make_unique<QuietFileCallback>(PP));
}

} // namespace frontend
} // namespace ptxinject
