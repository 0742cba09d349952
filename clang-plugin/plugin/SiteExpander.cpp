//===- SiteExpander.cpp - Replaces marker calls with inline asm -----------===//
#include "SiteExpander.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;
using namespace ptxinject::asmemit;

namespace ptxinject {
namespace plugin {

SiteExpander::SiteExpander(Sema &S, Preprocessor &PP, const PluginOptions &Opts,
                           const TypeTable &Types)
    : S(S), PP(PP), Opts(Opts), Types(Types), Builder(S, PP) {}

/// The site call a statement consists of, if it is one.
static const CallExpr *asSiteCall(const Stmt *St) {
  const auto *E = dyn_cast_or_null<Expr>(St);
  if (!E)
    return nullptr;
  const auto *Call = dyn_cast<CallExpr>(E->IgnoreImplicit());
  if (!Call || !frontend::isAnalyzableSiteCall(Call))
    return nullptr;
  return Call;
}

bool SiteExpander::markerReferenced() {
  if (MarkerSeen)
    return true;
  if (!Marker) {
    ASTContext &Ctx = S.getASTContext();
    // Declared at namespace scope by ptx_inject_annotations.h.
    IdentifierInfo *Name = &Ctx.Idents.get("__ptx_inject_site");
    for (NamedDecl *D : Ctx.getTranslationUnitDecl()->lookup(Name))
      if (const auto *FD = dyn_cast<FunctionDecl>(D))
        Marker = FD;
    if (!Marker)
      return false;
  }
  MarkerSeen = Marker->isReferenced();
  return MarkerSeen;
}

void SiteExpander::expandDecl(Decl *D) {
  if (!D || D->isInvalidDecl() || !markerReferenced())
    return;
  if (auto *FD = dyn_cast<FunctionDecl>(D)) {
    expandFunction(FD);
    return;
  }
  // Template patterns are typed only per instantiation; the compiler hands
  // each instantiated function over on its own.
  if (isa<FunctionTemplateDecl, ClassTemplateDecl>(D))
    return;
  if (auto *VD = dyn_cast<VarDecl>(D)) {
    // Lambdas in namespace-scope initializers.
    if (!VD->isTemplated() && VD->getInit())
      expandIn(VD->getInit(), VD->getDeclContext());
    return;
  }
  if (auto *Field = dyn_cast<FieldDecl>(D)) {
    // Default member initializers reach constructors as CXXDefaultInitExpr,
    // which does not show the initializer as a child.
    if (Field->hasInClassInitializer() && !Field->isTemplated())
      expandIn(Field->getInClassInitializer(), Field->getParent());
    return;
  }
  if (auto *RD = dyn_cast<CXXRecordDecl>(D))
    if (RD->isDependentContext())
      return;
  if (auto *DC = dyn_cast<DeclContext>(D))
    for (Decl *Member : DC->decls())
      expandDecl(Member);
}

void SiteExpander::expandFunction(FunctionDecl *FD) {
  if (!FD->doesThisDeclarationHaveABody() || FD->isDependentContext() ||
      FD->isInvalidDecl())
    return;
  if (!Walked.insert(FD).second)
    return;
  FunctionDecl *Saved = CurrentFunction;
  CurrentFunction = FD;
  // Default arguments reach calls as CXXDefaultArgExpr, which does not show
  // the argument as a child.
  for (ParmVarDecl *Param : FD->parameters())
    if (Param->hasDefaultArg() && !Param->hasUnparsedDefaultArg() &&
        !Param->hasUninstantiatedDefaultArg())
      expandIn(Param->getDefaultArg(), FD);
  if (auto *Ctor = dyn_cast<CXXConstructorDecl>(FD))
    for (CXXCtorInitializer *Init : Ctor->inits())
      expandIn(Init->getInit(), FD);
  FD->setBody(expandSlot(FD->getBody(), FD));
  CurrentFunction = Saved;
}

Stmt *SiteExpander::expandSlot(Stmt *Child, DeclContext *DC) {
  if (!Child)
    return nullptr;
  if (const CallExpr *Call = asSiteCall(Child)) {
    if (Stmt *Replacement = expandSite(Call, DC))
      return Replacement;
    return Child;
  }
  expandIn(Child, DC);
  return Child;
}

void SiteExpander::expandIn(Stmt *St, DeclContext *DC) {
  if (!St)
    return;
  if (auto *CS = dyn_cast<CompoundStmt>(St)) {
    for (Stmt *&Child : CS->body())
      Child = expandSlot(Child, DC);
    return;
  }
  if (auto *If = dyn_cast<IfStmt>(St)) {
    expandIn(If->getInit(), DC);
    if (If->getConditionVariableDeclStmt())
      expandIn(If->getConditionVariableDeclStmt(), DC);
    else
      expandIn(If->getCond(), DC);
    If->setThen(expandSlot(If->getThen(), DC));
    if (If->getElse())
      If->setElse(expandSlot(If->getElse(), DC));
    return;
  }
  if (auto *For = dyn_cast<ForStmt>(St)) {
    expandIn(For->getInit(), DC);
    expandIn(For->getConditionVariableDeclStmt(), DC);
    expandIn(For->getCond(), DC);
    expandIn(For->getInc(), DC);
    For->setBody(expandSlot(For->getBody(), DC));
    return;
  }
  if (auto *While = dyn_cast<WhileStmt>(St)) {
    expandIn(While->getConditionVariableDeclStmt(), DC);
    expandIn(While->getCond(), DC);
    While->setBody(expandSlot(While->getBody(), DC));
    return;
  }
  if (auto *Do = dyn_cast<DoStmt>(St)) {
    Do->setBody(expandSlot(Do->getBody(), DC));
    expandIn(Do->getCond(), DC);
    return;
  }
  if (auto *Range = dyn_cast<CXXForRangeStmt>(St)) {
    expandIn(Range->getInit(), DC);
    expandIn(Range->getRangeStmt(), DC);
    expandIn(Range->getLoopVarStmt(), DC);
    Range->setBody(expandSlot(Range->getBody(), DC));
    return;
  }
  if (auto *Switch = dyn_cast<SwitchStmt>(St)) {
    expandIn(Switch->getInit(), DC);
    expandIn(Switch->getConditionVariableDeclStmt(), DC);
    expandIn(Switch->getCond(), DC);
    Switch->setBody(expandSlot(Switch->getBody(), DC));
    return;
  }
  if (auto *Case = dyn_cast<CaseStmt>(St)) {
    Case->setSubStmt(expandSlot(Case->getSubStmt(), DC));
    return;
  }
  if (auto *Default = dyn_cast<DefaultStmt>(St)) {
    Default->setSubStmt(expandSlot(Default->getSubStmt(), DC));
    return;
  }
  if (auto *Label = dyn_cast<LabelStmt>(St)) {
    Label->setSubStmt(expandSlot(Label->getSubStmt(), DC));
    return;
  }
  if (auto *Lambda = dyn_cast<LambdaExpr>(St)) {
    for (Expr *Init : Lambda->capture_inits())
      expandIn(Init, DC);
    CXXMethodDecl *Call = Lambda->getCallOperator();
    // A generic lambda's body is a pattern; its instantiations arrive on
    // their own.
    if (Call && !Call->isDependentContext() && Walked.insert(Call).second)
      Call->setBody(expandSlot(Call->getBody(), Call));
    return;
  }
  if (auto *Decls = dyn_cast<DeclStmt>(St)) {
    for (Decl *D : Decls->decls()) {
      if (auto *VD = dyn_cast<VarDecl>(D))
        expandIn(VD->getInit(), DC);
      else if (isa<TagDecl>(D))
        expandDecl(D); // local classes and their methods
    }
    return;
  }
  if (const CallExpr *Call = asSiteCall(St)) {
    reportNotAStatement(Call);
    return;
  }
  for (Stmt *Child : St->children())
    expandIn(Child, DC);
}

Stmt *SiteExpander::expandSite(const CallExpr *Call, DeclContext *DC) {
  std::optional<frontend::AnalyzedSite> Site =
      frontend::analyzeSite(Call, S.getASTContext(), Types, &PP);
  Stmt *Replacement = nullptr;
  if (Site)
    Replacement =
        Builder.build(*Site, buildInlineAsm(Site->S), DC, Opts.Volatile);
  if (!Replacement) {
    noteInstantiation();
    Reported.insert(Call);
    return nullptr;
  }
  Expanded.push_back(std::move(*Site));
  return Replacement;
}

void SiteExpander::reportNotAStatement(const CallExpr *Call) {
  if (!Reported.insert(Call).second)
    return;
  DiagnosticsEngine &Diags = S.getDiagnostics();
  unsigned ID = Diags.getCustomDiagID(
      DiagnosticsEngine::Error,
      "PTX_INJECT must be a statement of its own; move it out of this "
      "expression");
  Diags.Report(S.getSourceManager().getExpansionLoc(Call->getBeginLoc()), ID)
      << Call->getSourceRange();
  noteInstantiation();
}

void SiteExpander::noteInstantiation() {
  DiagnosticsEngine &Diags = S.getDiagnostics();
  for (DeclContext *DC = CurrentFunction; DC; DC = DC->getParent()) {
    SourceLocation POI;
    const NamedDecl *Instantiated = nullptr;
    if (auto *FD = dyn_cast<FunctionDecl>(DC)) {
      if (FD->isTemplateInstantiation()) {
        POI = FD->getPointOfInstantiation();
        Instantiated = FD;
      }
    } else if (auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(DC)) {
      if (Spec->getSpecializationKind() != TSK_ExplicitSpecialization) {
        POI = Spec->getPointOfInstantiation();
        Instantiated = Spec;
      }
    }
    if (Instantiated && POI.isValid()) {
      unsigned ID = Diags.getCustomDiagID(
          DiagnosticsEngine::Note, "in instantiation of %0 requested here");
      Diags.Report(POI, ID) << Instantiated;
      return;
    }
  }
}

namespace {
/// Visits every function of the user's code, template instantiations
/// included, without descending into bodies (SiteExpander walks those).
class LeftoverFinder : public RecursiveASTVisitor<LeftoverFinder> {
public:
  LeftoverFinder(SiteExpander &Expander, SourceManager &SM)
      : Expander(Expander), SM(SM) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }
  // Functions in system headers were all handed over as they were parsed;
  // skipping the headers' declarations keeps this sweep cheap.
  bool TraverseDecl(Decl *D) {
    if (D && !isa<TranslationUnitDecl>(D) &&
        SM.isInSystemHeader(D->getLocation()))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }
  bool TraverseStmt(Stmt *) { return true; }
  bool VisitFunctionDecl(FunctionDecl *FD) {
    Expander.expandDecl(FD);
    return true;
  }

private:
  SiteExpander &Expander;
  SourceManager &SM;
};
} // namespace

void SiteExpander::sweep(TranslationUnitDecl *TU) {
  LeftoverFinder(*this, S.getSourceManager()).TraverseDecl(TU);
}

} // namespace plugin
} // namespace ptxinject
