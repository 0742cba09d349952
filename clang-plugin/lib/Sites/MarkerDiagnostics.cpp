//===- MarkerDiagnostics.cpp - Clang's errors on site markers, restated ---===//
#include "ptxinject/Frontend/Sites/MarkerDiagnostics.h"

#include "ptxinject/Frontend/Invocation/WrappingDiagnosticConsumer.h"
#include "ptxinject/Frontend/Sites/CommentAnnotations.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

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

/// The kind ('m' or 'o') of the operand whose marker `&(expr)` holds the '&'
/// at Loc, or 0 when that '&' is not a marker's.
char writtenOperandKindAt(SourceLocation Loc, const SourceManager &SM,
                          const LangOptions &LO) {
  if (!Loc.isMacroID())
    return 0;
  // The macro form: the '&' is in the body of __PTX_INJECT_MOD<n> or
  // __PTX_INJECT_OUT<n>, possibly inside a user's macro.
  for (SourceLocation L = Loc; L.isMacroID();
       L = SM.getImmediateMacroCallerLoc(L)) {
    StringRef Name = Lexer::getImmediateMacroName(L, SM, LO);
    if (Name.starts_with("__PTX_INJECT_MOD"))
      return 'm';
    if (Name.starts_with("__PTX_INJECT_OUT"))
      return 'o';
    if (Name.starts_with("__PTX_INJECT_IN"))
      return 0;
  }
  // The comment form: a '&' the comment handler made up, placed at the
  // operand's expression on its line.
  SourceLocation Spelling = SM.getSpellingLoc(Loc);
  bool Invalid = false;
  const char *Text = SM.getCharacterData(Spelling, &Invalid);
  if (Invalid || !Text || *Text != '&' || !SM.isWrittenInScratchSpace(Spelling))
    return 0;
  char Kind = commentOperandKindAt(SM.getExpansionLoc(Loc), SM);
  return Kind == 'i' ? 0 : Kind;
}

class MarkerErrorFilter : public WrappingDiagnosticConsumer {
public:
  explicit MarkerErrorFilter(const LangOptions &LO) : LO(LO) {}

  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const Diagnostic &Info) override {
    forward(Level, Info);
    syncCounts();
  }

private:
  void forward(DiagnosticsEngine::Level Level, const Diagnostic &Info) {
    if (Info.hasSourceManager()) {
      const SourceManager &SM = Info.getSourceManager();
      if (Info.getID() == diag::err_missing_type_specifier &&
          isSiteMarkerToken(Info.getLocation(), SM)) {
        Diagnostic Clear(Info.getDiags(),
                         "inject site outside a function body; sites must be "
                         "statements in __device__ or __global__ code");
        Inner->HandleDiagnostic(Level, Clear);
        return;
      }
      // A mod or out operand is passed as &(expr), which an rvalue, a
      // bit-field or a vector element rejects.
      bool Rvalue = Info.getID() == diag::err_typecheck_invalid_lvalue_addrof;
      bool NoAddress = Info.getID() == diag::err_typecheck_address_of;
      if (Rvalue || NoAddress)
        if (char Kind = writtenOperandKindAt(Info.getLocation(), SM, LO)) {
          static const char *const Messages[2][2] = {
              {"'mod' operand is not an lvalue, so the site cannot write it; "
               "use a variable, array element or field",
               "'out' operand is not an lvalue, so the site cannot write it; "
               "use a variable, array element or field"},
              {"'mod' operand has no address (a bit-field or vector "
               "element), so the site cannot write it; copy it to a "
               "variable, pass that, and store it back",
               "'out' operand has no address (a bit-field or vector "
               "element), so the site cannot write it; pass a variable and "
               "store it afterwards"}};
          Diagnostic Clear(Info.getDiags(), Messages[NoAddress][Kind == 'o']);
          Inner->HandleDiagnostic(Level, Clear);
          return;
        }
    }
    Inner->HandleDiagnostic(Level, Info);
  }

  const LangOptions &LO;
};

} // namespace

void restateMarkerErrors(DiagnosticsEngine &Diags, const LangOptions &LO) {
  WrappingDiagnosticConsumer::install<MarkerErrorFilter>(Diags, LO);
}

} // namespace frontend
} // namespace ptxinject
