//===- SiteAnalysis.h - Inject sites read from the Clang AST ----*- C++ -*-===//
//
// Recognizes the marker call that PTX_INJECT expands to under the front end
// (one C-variadic __ptx_inject_site call whose operands are pairs of
// arguments: a description string "KIND TYPE \1 LABEL" without spaces, kind
// 'i'/'m'/'o', and the value) and turns one call
// into a typed Site, taking every operand type from the AST. Shared by the
// ptxinject-rewrite tool and the -fplugin plugin.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_FRONTEND_SITEANALYSIS_H
#define PTXINJECT_FRONTEND_SITEANALYSIS_H

#include "ptxinject/site/Site.h"
#include "ptxinject/site/TypeTable.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceLocation.h"
#include "clang/Lex/Preprocessor.h"

#include <optional>
#include <vector>

namespace ptxinject {
namespace frontend {

/// True for a call of __ptx_inject_site (resolved, or still dependent inside
/// a template pattern).
bool isSiteCall(const clang::CallExpr *Call);

/// True for a call of __ptx_inject_site that can be analyzed: resolved and
/// not type-dependent (a template pattern's call is not; its instantiations
/// are).
bool isAnalyzableSiteCall(const clang::CallExpr *Call);

/// The operand expression as written, from the value argument of a site call:
/// the in form ((void)(expr), 0) or the mod/out form &(expr), and the macro's
/// parentheses, stripped.
const clang::Expr *siteOperandValue(const clang::Expr *Arg);

/// One analyzed site.
struct AnalyzedSite {
  ptxinject::Site S;
  /// The value argument of each operand, indexed like S.Operands: the user's
  /// expression as siteOperandValue finds it; Sema-checked, so its type is
  /// the operand type.
  std::vector<const clang::Expr *> OperandExprs;
  const clang::CallExpr *Call = nullptr;
  /// The call's source range (locations may be macro locations).
  clang::SourceRange Range;
};

/// Analyzes one site call. Reports every problem through Ctx.getDiagnostics()
/// (errors at the operand's location) and returns std::nullopt if there was
/// any. A written type token is looked up in Types and, when PP is given, in
/// the source's PTX_TYPE_INFO_<token> definitions (InSourceTypes.h).
std::optional<AnalyzedSite> analyzeSite(const clang::CallExpr *Call,
                                        clang::ASTContext &Ctx,
                                        const ptxinject::TypeTable &Types,
                                        clang::Preprocessor *PP = nullptr);

/// The operand type for an AST type, following typedefs, auto, references and
/// cv-qualifiers: float F32, double F64, int S32, unsigned U32, long long /
/// long S64, unsigned long long / unsigned long U64, short S16, unsigned short
/// U16, __half F16, __nv_bfloat16 BF16, __half2 F16X2, __nv_bfloat162 BF16X2,
/// any pointer U64, bool PRED. Returns nullptr for an unsupported type or when
/// Types lacks the entry.
const ptxinject::TypeInfo *typeInfoFor(clang::QualType T,
                                       clang::ASTContext &Ctx,
                                       const ptxinject::TypeTable &Types);

} // namespace frontend
} // namespace ptxinject

#endif
