//===- AsmStmtBuilder.cpp - A GCCAsmStmt for one analyzed site ------------===//
#include "AsmStmtBuilder.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Basic/TargetInfo.h"
#include "clang/Sema/EnterExpressionEvaluationContext.h"

using namespace clang;
using namespace ptxinject::asmemit;

namespace ptxinject {
namespace plugin {

SourceLocation AsmStmtBuilder::spellingOf(llvm::StringRef Contents) {
  auto Found = Spellings.find(Contents);
  if (Found != Spellings.end())
    return Found->second;
  Spelling.clear();
  Spelling += '"';
  appendEscapedForStringLiteral(Spelling, Contents);
  Spelling += '"';
  Token Tok;
  Tok.startToken();
  PP.CreateString(Spelling, Tok);
  Spellings.try_emplace(Contents, Tok.getLocation());
  return Tok.getLocation();
}

StringLiteral *
AsmStmtBuilder::makeLiteral(llvm::StringRef Contents,
                            llvm::ArrayRef<SourceLocation> Locs) {
  ASTContext &Ctx = S.getASTContext();
  // What Sema gives a narrow literal: const char[N + 1].
  QualType Type = Ctx.getStringLiteralArrayType(Ctx.CharTy, Contents.size());
  return StringLiteral::Create(Ctx, Contents, StringLiteralKind::Ordinary,
                               /*Pascal=*/false, Type, Locs.data(),
                               Locs.size());
}

StringLiteral *AsmStmtBuilder::makeConstraintLiteral(llvm::StringRef Contents) {
  SourceLocation Spelled = spellingOf(Contents);
  // Seen as an expansion of the site, so a diagnostic about it points there.
  SourceLocation Loc = PP.getSourceManager().createExpansionLoc(
      Spelled, ExpansionBegin, ExpansionEnd, Contents.size() + 2);
  return makeLiteral(Contents, Loc);
}

StringLiteral *AsmStmtBuilder::makeTemplateLiteral(llvm::StringRef Template) {
  llvm::SmallVector<SourceLocation, 32> Locs;
  for (llvm::StringRef Rest = Template; !Rest.empty();) {
    // Each line keeps its "\n\t" separator at its end.
    size_t End = templateLineLength(Rest);
    // Located in the scratch buffer itself, not as an expansion at the site:
    // every line's location is looked up again in code generation, and a
    // plain file location is the cheap kind. Most lines recur across sites
    // (".reg .f32 %%_x0;") and share one spelling. The statement's own
    // locations still point at the site.
    Locs.push_back(spellingOf(Rest.take_front(End)));
    Rest = Rest.drop_front(End);
  }
  if (Locs.empty())
    Locs.push_back(spellingOf(""));
  return makeLiteral(Template, Locs);
}

bool AsmStmtBuilder::isValidConstraint(const AsmOperand &Op, bool IsOutput) {
  auto Found = CheckedConstraints.find(Op.Constraint);
  if (Found != CheckedConstraints.end())
    return Found->second;
  const TargetInfo &Target = S.getASTContext().getTargetInfo();
  TargetInfo::ConstraintInfo Info(Op.Constraint, "");
  bool Valid = IsOutput ? Target.validateOutputConstraint(Info)
                        : Target.validateInputConstraint({}, Info);
  // Only a register constraint can carry the operand the way the asm
  // template uses it.
  Valid = Valid && Info.allowsRegister();
  CheckedConstraints.try_emplace(Op.Constraint, Valid);
  return Valid;
}

QualType AsmStmtBuilder::viewTypeFor(char Constraint) const {
  ASTContext &Ctx = S.getASTContext();
  switch (Constraint) {
  case 'h':
    return Ctx.UnsignedShortTy;
  case 'r':
    return Ctx.UnsignedIntTy;
  case 'l':
    return Ctx.UnsignedLongLongTy;
  case 'f':
    return Ctx.FloatTy;
  case 'd':
    return Ctx.DoubleTy;
  default:
    return QualType();
  }
}

VarDecl *AsmStmtBuilder::makeLocal(QualType T, Expr *Init) {
  ASTContext &Ctx = S.getASTContext();
  std::string Name = "__ptx_inject_tmp" + std::to_string(TempCounter++);
  VarDecl *V =
      VarDecl::Create(Ctx, S.CurContext, Loc, Loc, &Ctx.Idents.get(Name), T,
                      Ctx.getTrivialTypeSourceInfo(T, Loc), SC_None);
  V->setImplicit();
  if (Init)
    S.AddInitializerToDecl(V, Init, /*DirectInit=*/false);
  else
    S.ActOnUninitializedDecl(V);
  if (V->isInvalidDecl())
    return nullptr;
  Before.push_back(new (Ctx) DeclStmt(DeclGroupRef(V), Loc, Loc));
  return V;
}

Expr *AsmStmtBuilder::refTo(VarDecl *V) {
  return S.BuildDeclRefExpr(V, V->getType().getNonReferenceType(), VK_LValue,
                            Loc);
}

static char constraintLetter(const AsmOperand &Op) {
  // Outputs carry a '+' or '=' before the register letter.
  return Op.Constraint.empty() ? 0 : Op.Constraint.back();
}

Expr *AsmStmtBuilder::bindOperand(const frontend::AnalyzedSite &Site,
                                  const AsmOperand &Op, bool IsOutput) {
  ASTContext &Ctx = S.getASTContext();
  DiagnosticsEngine &Diags = Ctx.getDiagnostics();
  Expr *E = const_cast<Expr *>(Site.OperandExprs[Op.SiteOperandIndex]);
  // An rvalue operand reached the marker through a temporary; the asm takes
  // the value itself.
  if (auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
    E = M->getSubExpr();
  SourceLocation ELoc = E->getExprLoc();
  const std::string &Label = Site.S.Operands[Op.SiteOperandIndex].Label;

  switch (Op.How) {
  case AsmOperand::Binding::Direct:
    return E;

  case AsmOperand::Binding::CastView: {
    QualType View = viewTypeFor(constraintLetter(Op));
    if (View.isNull() ||
        Ctx.getTypeSizeInChars(View) != Ctx.getTypeSizeInChars(E->getType())) {
      unsigned ID = Diags.getCustomDiagID(
          DiagnosticsEngine::Error,
          "operand '%0' of type %1 does not fit the '%2' register it is "
          "bound to; give the type an entry with a matching "
          "register_char in the types JSON");
      Diags.Report(ELoc, ID) << Label << E->getType() << Op.Constraint;
      return nullptr;
    }
    // An input may be an rvalue, which has no storage to view: copy it into
    // a local first (the half types are not always trivially copyable, so
    // __builtin_bit_cast is no option).
    if (!IsOutput && E->isPRValue()) {
      VarDecl *Copy = makeLocal(E->getType(), E);
      if (!Copy)
        return nullptr;
      E = refTo(Copy);
    }
    // An lvalue view of the same storage, so the asm reads and writes the
    // variable itself.
    QualType ViewRef =
        Ctx.getLValueReferenceType(IsOutput ? View : View.withConst());
    ExprResult R =
        S.BuildCXXNamedCast(ELoc, tok::kw_reinterpret_cast,
                            Ctx.getTrivialTypeSourceInfo(ViewRef, ELoc), E,
                            SourceRange(ELoc, ELoc), SourceRange(ELoc, ELoc));
    return R.isUsable() ? R.get() : nullptr;
  }

  case AsmOperand::Binding::BoolAsU32: {
    QualType U32 = Ctx.UnsignedIntTy;
    if (!IsOutput) {
      ExprResult R = S.BuildCStyleCastExpr(
          ELoc, Ctx.getTrivialTypeSourceInfo(U32, ELoc), ELoc, E);
      return R.isUsable() ? R.get() : nullptr;
    }
    // The bool is reached once through a reference, so an operand with side
    // effects is evaluated once; a 32-bit temporary carries it through asm.
    VarDecl *BoolRef = makeLocal(Ctx.getLValueReferenceType(E->getType()), E);
    if (!BoolRef)
      return nullptr;
    Expr *Init = nullptr;
    if (Op.Constraint.front() == '+') {
      ExprResult Cast = S.BuildCStyleCastExpr(
          Loc, Ctx.getTrivialTypeSourceInfo(U32, Loc), Loc, refTo(BoolRef));
      if (!Cast.isUsable())
        return nullptr;
      Init = Cast.get();
    } else {
      Init = IntegerLiteral::Create(Ctx, llvm::APInt(32, 0), U32, Loc);
    }
    VarDecl *Tmp = makeLocal(U32, Init);
    if (!Tmp)
      return nullptr;
    Expr *Zero = IntegerLiteral::Create(Ctx, llvm::APInt(32, 0), U32, Loc);
    ExprResult NotZero = S.BuildBinOp(nullptr, Loc, BO_NE, refTo(Tmp), Zero);
    if (!NotZero.isUsable())
      return nullptr;
    ExprResult Store =
        S.BuildBinOp(nullptr, Loc, BO_Assign, refTo(BoolRef), NotZero.get());
    if (!Store.isUsable())
      return nullptr;
    After.push_back(Store.get());
    return refTo(Tmp);
  }
  }
  return nullptr;
}

Stmt *AsmStmtBuilder::build(const frontend::AnalyzedSite &Site,
                            const InlineAsm &Asm, DeclContext *DC,
                            bool Volatile) {
  ASTContext &Ctx = S.getASTContext();
  SourceManager &SM = Ctx.getSourceManager();
  Sema::ContextRAII SavedContext(S, DC);
  // The compiler may hand a function over in the middle of parsing another
  // expression (an instantiation needed for return type deduction); a fresh
  // evaluation context keeps that expression's pending cleanups apart from
  // the temporaries built here.
  EnterExpressionEvaluationContext Evaluated(
      S, Sema::ExpressionEvaluationContext::PotentiallyEvaluated);
  Before.clear();
  After.clear();
  Loc = SM.getExpansionLoc(Site.Call->getBeginLoc());
  CharSourceRange Expansion = SM.getExpansionRange(Site.Call->getSourceRange());
  ExpansionBegin = Expansion.getBegin();
  ExpansionEnd = Expansion.getEnd();

  // The statement is built directly instead of through ActOnGCCAsmStmt:
  // its template is generated (every %N refers to an operand, user text has
  // its '%' doubled) and re-checking it costs as much as all of the site's
  // own analysis. What Sema would still check is done here: constraints
  // (from the types table) must be valid register constraints, and inputs
  // are read as values.
  DiagnosticsEngine &Diags = Ctx.getDiagnostics();
  llvm::SmallVector<StringLiteral *, 8> Constraints;
  llvm::SmallVector<Expr *, 8> Operands;
  bool Failed = false;
  // Every operand is bound even after an error, so all of a site's errors
  // are reported at once.
  auto Add = [&](const AsmOperand &Op, bool IsOutput) {
    if (!isValidConstraint(Op, IsOutput)) {
      unsigned ID = Diags.getCustomDiagID(
          DiagnosticsEngine::Error,
          "operand '%0' has the asm constraint '%1', which is not a register "
          "constraint of this target; fix its register_char in the types "
          "JSON");
      Diags.Report(Site.OperandExprs[Op.SiteOperandIndex]->getExprLoc(), ID)
          << Site.S.Operands[Op.SiteOperandIndex].Label << Op.Constraint;
      Failed = true;
      return;
    }
    Expr *E = bindOperand(Site, Op, IsOutput);
    if (E && !IsOutput) {
      ExprResult R = S.DefaultFunctionArrayLvalueConversion(E);
      E = R.isUsable() ? R.get() : nullptr;
    }
    if (!E) {
      Failed = true;
      return;
    }
    Constraints.push_back(makeConstraintLiteral(Op.Constraint));
    Operands.push_back(E);
  };
  for (const AsmOperand &Op : Asm.Outputs)
    Add(Op, /*IsOutput=*/true);
  for (const AsmOperand &Op : Asm.Inputs)
    Add(Op, /*IsOutput=*/false);
  if (Failed)
    return nullptr;
  StringLiteral *Template = makeTemplateLiteral(Asm.Template);

  llvm::SmallVector<IdentifierInfo *, 8> Names(Operands.size(), nullptr);
  Stmt *AsmStatement = new (Ctx)
      GCCAsmStmt(Ctx, Loc, /*issimple=*/false, Volatile, Asm.Outputs.size(),
                 Asm.Inputs.size(), Names.data(), Constraints.data(),
                 Operands.data(), Template, /*numclobbers=*/0,
                 /*clobbers=*/nullptr, /*numlabels=*/0, ExpansionEnd);
  if (Before.empty() && After.empty())
    return AsmStatement;
  std::vector<Stmt *> Body(Before.begin(), Before.end());
  Body.push_back(AsmStatement);
  Body.insert(Body.end(), After.begin(), After.end());
  return CompoundStmt::Create(Ctx, Body, FPOptionsOverride(), Loc,
                              ExpansionEnd);
}

} // namespace plugin
} // namespace ptxinject
