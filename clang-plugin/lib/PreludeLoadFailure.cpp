//===- PreludeLoadFailure.cpp - A cached PCH that does not load ----------===//
#include "ptxinject/Frontend/PreludeLoadFailure.h"
#include "ptxinject/Frontend/PreludeCache.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticIDs.h"
#include "llvm/Support/FileSystem.h"

#include <memory>
#include <string>

using namespace clang;

namespace ptxinject {
namespace frontend {

namespace {

/// Errors about reading an AST file: with the prelude's PCH the only one.
bool isAstFileError(unsigned ID) {
  return ID >= diag::DIAG_START_SERIALIZATION && ID < diag::DIAG_START_LEX;
}

class PreludeLoadWatcher : public DiagnosticConsumer {
public:
  PreludeLoadWatcher(DiagnosticConsumer *Inner,
                     std::unique_ptr<DiagnosticConsumer> Owned,
                     std::string Pch, std::string Stamp, std::string Hint)
      : Inner(Inner), Owned(std::move(Owned)), Pch(std::move(Pch)),
        Stamp(std::move(Stamp)), Hint(std::move(Hint)) {}

  void BeginSourceFile(const LangOptions &LO, const Preprocessor *PP) override {
    Inner->BeginSourceFile(LO, PP);
  }
  // The compiler reads the error count from this client: the inner one's.
  void EndSourceFile() override {
    Inner->EndSourceFile();
    syncCounts();
  }
  void finish() override {
    Inner->finish();
    syncCounts();
  }
  void clear() override {
    Inner->clear();
    syncCounts();
  }
  bool IncludeInDiagnosticCounts() const override {
    return Inner->IncludeInDiagnosticCounts();
  }

  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const Diagnostic &Info) override {
    Inner->HandleDiagnostic(Level, Info);
    if (!Noted && Level >= DiagnosticsEngine::Error &&
        isAstFileError(Info.getID())) {
      Noted = true;
      // Without its stamp the prelude is rebuilt by the next run; without
      // the file, that rebuild cannot mistake it for its own.
      llvm::sys::fs::remove(Stamp);
      llvm::sys::fs::remove(Pch);
      Inner->HandleDiagnostic(DiagnosticsEngine::Note,
                              Diagnostic(Info.getDiags(), Hint));
    }
    syncCounts();
  }

private:
  void syncCounts() {
    NumErrors = Inner->getNumErrors();
    NumWarnings = Inner->getNumWarnings();
  }

  DiagnosticConsumer *Inner;
  std::unique_ptr<DiagnosticConsumer> Owned;
  std::string Pch, Stamp;
  std::string Hint; ///< outlives the Diagnostic that points to it
  bool Noted = false;
};

} // namespace

void watchPreludeLoad(DiagnosticsEngine &Diags, const PreludeResult &Prelude) {
  if ((Prelude.Status != PreludeStatus::Reused &&
       Prelude.Status != PreludeStatus::Built) ||
      Prelude.StampPath.empty())
    return;
  DiagnosticConsumer *Inner = Diags.getClient();
  if (!Inner)
    return;
  std::string Hint =
      "the cached headers '" + Prelude.PchPath +
      "' could not be read; the next run rebuilds them (to parse the headers "
      "without the cache, pass --no-pch-cache, or pch_cache=False in Python; "
      "to drop the cache, delete its folder)";
  std::unique_ptr<DiagnosticConsumer> Owned =
      Diags.ownsClient() ? Diags.takeClient() : nullptr;
  Diags.setClient(new PreludeLoadWatcher(Inner, std::move(Owned),
                                         Prelude.PchPath, Prelude.StampPath,
                                         std::move(Hint)),
                  /*ShouldOwnClient=*/true);
}

} // namespace frontend
} // namespace ptxinject
