//===- StandInSiteAnalysis.cpp - Temporary site analysis for the plugin ---===//
#include "StandInSiteAnalysis.h"

#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace ptxinject {

char operandKindLetter(OperandKind K) {
  return K == OperandKind::In ? 'i' : K == OperandKind::Mod ? 'm' : 'o';
}
const char *operandKindName(OperandKind K) {
  return K == OperandKind::In ? "in" : K == OperandKind::Mod ? "mod" : "out";
}

std::string escapeForStringLiteral(const std::string &Text) {
  std::string Out;
  for (char C : Text) {
    if (C == '\n')
      Out += "\\n";
    else if (C == '\t')
      Out += "\\t";
    else if (C == '"' || C == '\\')
      Out += std::string("\\") + C;
    else
      Out += C;
  }
  return Out;
}

InlineAsm buildInlineAsm(const Site &S) {
  InlineAsm A;
  std::vector<unsigned> Order;
  for (OperandKind K : {OperandKind::Mod, OperandKind::Out, OperandKind::In})
    for (unsigned I = 0; I < S.Operands.size(); ++I)
      if (S.Operands[I].Kind == K)
        Order.push_back(I);
  std::string T = "{\n\t";
  for (unsigned R = 0; R < Order.size(); ++R)
    T += ".reg ." + S.Operands[Order[R]].Type->RegisterType + " %%_x" +
         std::to_string(R) + ";\n\t";
  for (unsigned R = 0; R < Order.size(); ++R) {
    const SiteOperand &O = S.Operands[Order[R]];
    if (O.Kind != OperandKind::Out)
      T += "mov." + O.Type->MovPostfix + " %%_x" + std::to_string(R) + ", %" +
           std::to_string(R) + ";\n\t";
  }
  T += "// PTX_INJECT_START " + S.Name + "\n\t";
  for (unsigned R = 0; R < Order.size(); ++R) {
    const SiteOperand &O = S.Operands[Order[R]];
    T += "// _x" + std::to_string(R) + " " + operandKindLetter(O.Kind) + " " +
         O.Type->RegisterType + " " + O.Type->Name + " " + O.Label + "\n\t";
  }
  T += "// PTX_INJECT_END\n\t";
  for (unsigned R = 0; R < Order.size(); ++R) {
    const SiteOperand &O = S.Operands[Order[R]];
    if (O.Kind != OperandKind::In)
      T += "mov." + O.Type->MovPostfix + " %" + std::to_string(R) + ", %%_x" +
           std::to_string(R) + ";\n\t";
  }
  T += "}";
  A.Template = T;
  for (unsigned R = 0; R < Order.size(); ++R) {
    const SiteOperand &O = S.Operands[Order[R]];
    AsmOperand Op;
    Op.SiteOperandIndex = Order[R];
    Op.How = O.Type->CastPrefix.empty() ? AsmOperand::Binding::Direct
                                        : AsmOperand::Binding::CastView;
    std::string C(1, O.Type->Constraint);
    if (O.Kind == OperandKind::In) {
      Op.Constraint = C;
      A.Inputs.push_back(Op);
    } else {
      Op.Constraint = (O.Kind == OperandKind::Mod ? "+" : "=") + C;
      A.Outputs.push_back(Op);
    }
  }
  return A;
}

namespace frontend {

static const FunctionDecl *calleeOf(const CallExpr *Call) {
  return Call ? Call->getDirectCallee() : nullptr;
}

bool isSiteCall(const CallExpr *Call) {
  const FunctionDecl *F = calleeOf(Call);
  return F && F->getIdentifier() && F->getName() == "__ptx_inject_site";
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
