//===- StrandedDependence.cpp - Dependent types left in instantiated code -===//
#include "ptxinject/Frontend/Sites/StrandedDependence.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace ptxinject {
namespace frontend {

namespace {

class Finder : public RecursiveASTVisitor<Finder> {
public:
  explicit Finder(const SourceManager &SM) : SM(SM) {}

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }

  bool TraverseDecl(Decl *D) {
    if (!D)
      return true;
    // Template patterns are dependent by nature; their instantiations are
    // reached through the templates.
    if (auto *DC = dyn_cast<DeclContext>(D); DC && DC->isDependentContext())
      return true;
    if (auto *FD = dyn_cast<FunctionDecl>(D)) {
      if (!SM.isInMainFile(SM.getExpansionLoc(FD->getLocation())))
        return true;
      if (FD->getType()->isDependentType()) {
        Found = {FD->getLocation(), FD};
        return false;
      }
      if (!FD->doesThisDeclarationHaveABody())
        return true;
      const FunctionDecl *Outer = Current;
      Current = FD;
      bool Go = RecursiveASTVisitor::TraverseDecl(D);
      Current = Outer;
      return Go;
    }
    return RecursiveASTVisitor::TraverseDecl(D);
  }

  bool TraverseLambdaExpr(LambdaExpr *L) {
    if (L->getCallOperator()->isDependentContext())
      return true;
    return RecursiveASTVisitor::TraverseLambdaExpr(L);
  }

  bool VisitExpr(Expr *E) {
    if (!Current || !E->isTypeDependent() || E->containsErrors())
      return true;
    Found = {E->getExprLoc(), Current};
    return false; // the first one is enough
  }

  StrandedDependence Found;

private:
  const SourceManager &SM;
  const FunctionDecl *Current = nullptr;
};

} // namespace

StrandedDependence findStrandedDependence(ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  Finder F(SM);
  // The declarations parsed here, not those of a PCH, which would all be
  // read in to be walked past.
  for (Decl *D : Ctx.getTranslationUnitDecl()->noload_decls())
    if (SM.isInMainFile(SM.getExpansionLoc(D->getLocation())) &&
        !F.TraverseDecl(D))
      break;
  return F.Found;
}

} // namespace frontend
} // namespace ptxinject
