//===- PreludeLoadFailure.cpp - A cached PCH that does not load ----------===//
#include "ptxinject/Frontend/Prelude/PreludeLoadFailure.h"
#include "ptxinject/Frontend/Invocation/WrappingDiagnosticConsumer.h"
#include "ptxinject/Frontend/Prelude/PreludeCache.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticIDs.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"

#include <cstring>
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

bool usesCachedPch(const PreludeResult &Prelude) {
  return (Prelude.Status == PreludeStatus::Reused ||
          Prelude.Status == PreludeStatus::Built) &&
         !Prelude.StampPath.empty();
}

/// Reports Message at Level on Diags, with no location: the crashed parse's
/// source manager is not to be trusted.
void report(clang::DiagnosticConsumer *Diags, DiagnosticsEngine::Level Level,
            const std::string &Message) {
  if (!Diags)
    return;
  DiagnosticsEngine Engine(new DiagnosticIDs, new DiagnosticOptions, Diags,
                           /*ShouldOwnClient=*/false);
  Engine.Report(Engine.getCustomDiagID(Level, "%0")) << Message;
}

/// A crash as CrashRecoveryContext codes it: 128 + the signal on POSIX.
std::string describeCrash(int Code) {
  if (Code > 128)
    return "signal " + std::to_string(Code - 128) + ", " +
           ::strsignal(Code - 128);
  return "code " + std::to_string(Code);
}

/// Runs Parse; 0 in Crashed when it returned normally.
bool runRecovering(llvm::function_ref<bool()> Parse, int &Crashed) {
  bool Result = false;
  llvm::CrashRecoveryContext Context;
  Crashed = Context.RunSafely([&] { Result = Parse(); }) ? 0 : Context.RetCode;
  return Result;
}

} // namespace

void watchPreludeLoad(DiagnosticsEngine &Diags, const PreludeResult &Prelude) {
  if (!usesCachedPch(Prelude))
    return;
  std::string Hint =
      "the cached headers '" + Prelude.PchPath +
      "' could not be read; the next run rebuilds them (to parse the headers "
      "without the cache, pass --no-pch-cache, or pch_cache=False in Python; "
      "to drop the cache, delete its folder)";
  WrappingDiagnosticConsumer::install<PreludeLoadWatcher>(
      Diags, Prelude.PchPath, Prelude.StampPath, std::move(Hint));
}

bool parseSurvivingCrash(const PreludeResult &Prelude, llvm::StringRef Input,
                         clang::DiagnosticConsumer *Diags,
                         llvm::function_ref<bool()> Parse,
                         llvm::function_ref<bool()> Reparse) {
  // Signal handlers that hand a crash on a recovering thread back to it and
  // pass any other to the handler that was there before.
  llvm::CrashRecoveryContext::Enable();
  int Crashed = 0;
  bool Result = runRecovering(Parse, Crashed);
  if (!Crashed)
    return Result;
  if (usesCachedPch(Prelude)) {
    llvm::sys::fs::remove(Prelude.StampPath);
    llvm::sys::fs::remove(Prelude.PchPath);
    report(Diags, DiagnosticsEngine::Warning,
           "Clang crashed while parsing '" + Input.str() +
               "' with the cached headers '" + Prelude.PchPath +
               "'; they were removed and the input is parsed again without "
               "them (the next run rebuilds them)");
    Result = runRecovering(Reparse, Crashed);
    if (!Crashed)
      return Result;
  }
  report(Diags, DiagnosticsEngine::Error,
         "Clang crashed while parsing '" + Input.str() + "' (" +
             describeCrash(Crashed) +
             "); nothing was written for it. Please report this with the "
             "input and its flags");
  return false;
}

} // namespace frontend
} // namespace ptxinject
