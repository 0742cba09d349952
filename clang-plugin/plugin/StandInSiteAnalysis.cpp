//===- StandInSiteAnalysis.cpp - Temporary site analysis for the plugin ---===//
#include "ptxinject/AsmEmitter.h"
#include "ptxinject/Frontend/SiteAnalysis.h"

#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace ptxinject {

namespace frontend {

static const FunctionDecl *calleeOf(const CallExpr *Call) {
  return Call ? Call->getDirectCallee() : nullptr;
}

bool isSiteCall(const CallExpr *Call) {
  const FunctionDecl *F = calleeOf(Call);
  return F && F->getIdentifier() && F->getName() == "__ptx_inject_site";
}

bool isAnalyzableSiteCall(const CallExpr *Call) {
  return isSiteCall(Call) && !Call->isTypeDependent();
}

std::optional<AnalyzedSite> analyzeSite(const CallExpr *Call, ASTContext &Ctx,
                                        const TypeTable &Types) {
  AnalyzedSite A;
  A.Call = Call;
  A.Range = Call->getSourceRange();
  auto Str = [](const Expr *E) -> std::string {
    if (auto *SL = dyn_cast<StringLiteral>(E->IgnoreImpCasts()))
      return SL->getString().str();
    return "";
  };
  A.S.Name = Str(Call->getArg(0));
  for (unsigned I = 1; I < Call->getNumArgs(); ++I) {
    auto *Op = dyn_cast<CallExpr>(Call->getArg(I)->IgnoreImplicit());
    const FunctionDecl *F = calleeOf(Op);
    if (!F)
      return std::nullopt;
    SiteOperand SO;
    StringRef N = F->getName();
    SO.Kind = N.ends_with("_in")    ? OperandKind::In
              : N.ends_with("_mod") ? OperandKind::Mod
                                    : OperandKind::Out;
    SO.Label = Str(Op->getArg(1));
    const Expr *E = Op->getArg(2);
    if (auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
      E = M->getSubExpr();
    QualType T = E->getType().getCanonicalType().getUnqualifiedType();
    std::string TN = T.getAsString();
    const char *Name = TN == "float"            ? "F32"
                       : TN == "double"         ? "F64"
                       : TN == "int"            ? "S32"
                       : TN == "unsigned int"   ? "U32"
                       : TN == "struct __half"  ? "F16"
                       : TN == "__half"         ? "F16"
                                                : nullptr;
    if (!Name) {
      unsigned ID = Ctx.getDiagnostics().getCustomDiagID(
          DiagnosticsEngine::Error, "unsupported type %0");
      Ctx.getDiagnostics().Report(E->getExprLoc(), ID) << E->getType();
      return std::nullopt;
    }
    SO.Type = Types.find(Name);
    A.S.Operands.push_back(SO);
    A.OperandExprs.push_back(E);
  }
  return A;
}

} // namespace frontend
} // namespace ptxinject
