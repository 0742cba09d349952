//===- FileScopeSites.cpp - Clear errors for sites outside functions ------===//
#include "ptxinject/Frontend/FileScopeSites.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/SourceManager.h"

#include <cctype>
#include <cstring>
#include <memory>

using namespace clang;

namespace ptxinject {
namespace frontend {

namespace {

constexpr llvm::StringLiteral SiteCallee = "__ptx_inject_site";

bool isSiteMarkerToken(SourceLocation Loc, const SourceManager &SM) {
  if (Loc.isInvalid())
    return false;
  bool Invalid = false;
  const char *Text = SM.getCharacterData(SM.getSpellingLoc(Loc), &Invalid);
  if (Invalid || !Text)
    return false;
  // Buffers end with a NUL, so strncmp stops at the end of a short buffer
  // and the next byte is only read after a full match.
  if (std::strncmp(Text, SiteCallee.data(), SiteCallee.size()) != 0)
    return false;
  char Next = Text[SiteCallee.size()];
  return !(isalnum(static_cast<unsigned char>(Next)) || Next == '_');
}

class FileScopeSiteFilter : public DiagnosticConsumer {
public:
  FileScopeSiteFilter(DiagnosticConsumer *Inner,
                      std::unique_ptr<DiagnosticConsumer> Owned)
      : Inner(Inner), Owned(std::move(Owned)) {}

  void BeginSourceFile(const LangOptions &LO, const Preprocessor *PP) override {
    Inner->BeginSourceFile(LO, PP);
  }
  void EndSourceFile() override { Inner->EndSourceFile(); }
  void finish() override { Inner->finish(); }
  void clear() override {
    Inner->clear();
    DiagnosticConsumer::clear();
  }
  bool IncludeInDiagnosticCounts() const override {
    return Inner->IncludeInDiagnosticCounts();
  }

  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    if (Info.getID() == diag::err_missing_type_specifier &&
        Info.hasSourceManager() &&
        isSiteMarkerToken(Info.getLocation(), Info.getSourceManager())) {
      Diagnostic Clear(Info.getDiags(),
                       "inject site outside a function body; sites must be "
                       "statements in __device__ or __global__ code");
      Inner->HandleDiagnostic(Level, Clear);
      return;
    }
    Inner->HandleDiagnostic(Level, Info);
  }

private:
  DiagnosticConsumer *Inner;
  std::unique_ptr<DiagnosticConsumer> Owned;
};

} // namespace

void reportFileScopeSitesClearly(DiagnosticsEngine &Diags) {
  DiagnosticConsumer *Inner = Diags.getClient();
  if (!Inner)
    return;
  std::unique_ptr<DiagnosticConsumer> Owned =
      Diags.ownsClient() ? Diags.takeClient() : nullptr;
  Diags.setClient(new FileScopeSiteFilter(Inner, std::move(Owned)),
                  /*ShouldOwnClient=*/true);
}

} // namespace frontend
} // namespace ptxinject
