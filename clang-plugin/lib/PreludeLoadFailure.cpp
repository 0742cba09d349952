//===- PreludeLoadFailure.cpp - A cached PCH that does not load ----------===//
#include "ptxinject/Frontend/PreludeLoadFailure.h"
#include "ptxinject/Frontend/PreludeCache.h"
#include "ptxinject/Frontend/WrappedDiagnostics.h"

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

class PreludeLoadWatcher : public WrappingDiagnosticConsumer {
public:
  PreludeLoadWatcher(std::string Pch, std::string Stamp, std::string Hint)
      : Pch(std::move(Pch)), Stamp(std::move(Stamp)), Hint(std::move(Hint)) {}

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
  std::string Hint =
      "the cached headers '" + Prelude.PchPath +
      "' could not be read; the next run rebuilds them (to parse the headers "
      "without the cache, pass --no-pch-cache, or pch_cache=False in Python; "
      "to drop the cache, delete its folder)";
  WrappingDiagnosticConsumer::install<PreludeLoadWatcher>(
      Diags, Prelude.PchPath, Prelude.StampPath, std::move(Hint));
}

} // namespace frontend
} // namespace ptxinject
