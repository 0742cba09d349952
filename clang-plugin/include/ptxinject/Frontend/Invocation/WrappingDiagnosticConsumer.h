//===- WrappingDiagnosticConsumer.h - Wrap a consumer -----------*- C++ -*-===//
//
// The front end puts consumers in front of the one a DiagnosticsEngine has
// (to restate Clang's errors about the marker, to note a PCH that would not
// load). Each passes everything on to that inner consumer, which keeps
// printing and counting: the compiler reads the error count from the
// engine's client, so the wrapper mirrors the inner one's counts (which
// -verify resets once every error was expected).
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_FRONTEND_WRAPPINGDIAGNOSTICCONSUMER_H
#define PTXINJECT_FRONTEND_WRAPPINGDIAGNOSTICCONSUMER_H

#include "clang/Basic/Diagnostic.h"

#include <memory>

namespace ptxinject {
namespace frontend {

class WrappingDiagnosticConsumer : public clang::DiagnosticConsumer {
public:
  void BeginSourceFile(const clang::LangOptions &LO,
                       const clang::Preprocessor *PP) override {
    Inner->BeginSourceFile(LO, PP);
  }
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

  /// Puts Wrapper in front of Diags' client, taking over its ownership,
  /// and returns it (Diags owns it). Nothing happens, and null is returned,
  /// when Diags has no client.
  template <class Wrapper, class... Args>
  static Wrapper *install(clang::DiagnosticsEngine &Diags, Args &&...A) {
    clang::DiagnosticConsumer *Inner = Diags.getClient();
    if (!Inner)
      return nullptr;
    std::unique_ptr<clang::DiagnosticConsumer> Owned =
        Diags.ownsClient() ? Diags.takeClient() : nullptr;
    auto *W = new Wrapper(std::forward<Args>(A)...);
    WrappingDiagnosticConsumer *Base = W;
    Base->Inner = Inner;
    Base->Owned = std::move(Owned);
    Diags.setClient(W, /*ShouldOwnClient=*/true);
    return W;
  }

protected:
  void syncCounts() {
    NumErrors = Inner->getNumErrors();
    NumWarnings = Inner->getNumWarnings();
  }

  clang::DiagnosticConsumer *Inner = nullptr;

private:
  std::unique_ptr<clang::DiagnosticConsumer> Owned;
};

} // namespace frontend
} // namespace ptxinject

#endif
