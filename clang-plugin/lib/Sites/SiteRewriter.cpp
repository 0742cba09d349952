//===- SiteRewriter.cpp - Replace inject sites with inline asm text -------===//
#include "ptxinject/Frontend/Sites/SiteRewriter.h"

#include "ptxinject/Frontend/Sites/CommentAnnotations.h"
#include "ptxinject/Frontend/Sites/SiteAnalysis.h"
#include "ptxinject/Frontend/Sites/StrandedDependence.h"
#include "ptxinject/asm/AsmEmitter.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Rewrite/Core/Rewriter.h"
#include "llvm/ADT/MapVector.h"

using namespace clang;
using namespace ptxinject::asmemit;

namespace ptxinject {
namespace frontend {

namespace {

/// Every call of one source site: the template pattern's and one per
/// instantiation share the annotation's location.
struct SiteOccurrences {
  SourceLocation Annotation; // expansion location: `PTX_INJECT` or `/*`
  const CallExpr *First = nullptr;
  std::vector<const CallExpr *> Analyzable;
  /// The function each analyzable call is in (a specialization, for a
  /// template's site).
  std::vector<const FunctionDecl *> AnalyzableIn;
  const FunctionDecl *Function = nullptr;
};

class SiteCollector : public RecursiveASTVisitor<SiteCollector> {
public:
  explicit SiteCollector(SourceManager &SM) : SM(SM) {}

  bool shouldVisitTemplateInstantiations() const { return true; }

  bool TraverseDecl(Decl *D) {
    if (!D)
      return true;
    // CUDA's own headers hold no sites; skipping them keeps the walk short.
    if (!isa<TranslationUnitDecl>(D) && D->getLocation().isValid() &&
        SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation())))
      return true;
    auto *FD = dyn_cast<FunctionDecl>(D);
    if (FD)
      Functions.push_back(FD);
    bool Result = RecursiveASTVisitor::TraverseDecl(D);
    if (FD)
      Functions.pop_back();
    return Result;
  }

  /// A generic lambda's call operator is a template whose instantiations
  /// hang off the lambda class, which the walk does not enter on its own.
  bool TraverseLambdaExpr(LambdaExpr *LE) {
    Lambdas.push_back(LE->getCallOperator());
    bool Ok = RecursiveASTVisitor::TraverseLambdaExpr(LE);
    Lambdas.pop_back();
    if (!Ok)
      return false;
    if (FunctionTemplateDecl *Op = LE->getDependentCallOperator())
      for (FunctionDecl *Spec : Op->specializations())
        if (!TraverseDecl(Spec))
          return false;
    return true;
  }

  bool VisitCallExpr(CallExpr *Call) {
    if (!isSiteCall(Call))
      return true;
    SourceLocation Key = SM.getExpansionLoc(Call->getBeginLoc());
    SiteOccurrences &Occ = Sites[Key.getRawEncoding()];
    if (!Occ.First) {
      Occ.Annotation = Key;
      Occ.First = Call;
      Occ.Function = siteFunction();
    }
    if (isAnalyzableSiteCall(Call)) {
      Occ.Analyzable.push_back(Call);
      Occ.AnalyzableIn.push_back(Functions.empty() ? nullptr
                                                   : Functions.back());
    }
    return true;
  }

  llvm::MapVector<unsigned, SiteOccurrences> Sites;

private:
  /// The function whose execution space a site has: the enclosing one,
  /// unless a lambda in it names its own (an extended `[] __device__`
  /// lambda in host code). Clang makes every other lambda implicitly
  /// __host__ __device__; such a lambda runs where its enclosing function
  /// does.
  const FunctionDecl *siteFunction() const {
    for (auto It = Lambdas.rbegin(); It != Lambdas.rend(); ++It)
      for (const Attr *A : (*It)->attrs())
        if ((isa<CUDADeviceAttr>(A) || isa<CUDAHostAttr>(A)) &&
            !A->isImplicit())
          return *It;
    return Functions.empty() ? nullptr : Functions.back();
  }

  SourceManager &SM;
  std::vector<const FunctionDecl *> Functions;
  std::vector<const CXXMethodDecl *> Lambdas;
};

class MainFileRewriter {
public:
  MainFileRewriter(ASTContext &Ctx, const RewriteOptions &Options,
                   SiteManifest &Manifest)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), LO(Ctx.getLangOpts()),
        Diags(Ctx.getDiagnostics()), Errors(Diags), Options(Options),
        Manifest(Manifest), R(SM, LO) {}

  std::optional<std::string> run();

private:
  template <unsigned N>
  DiagnosticBuilder error(SourceLocation Loc, const char (&Format)[N]) {
    return Diags.Report(
        Loc, Diags.getCustomDiagID(DiagnosticsEngine::Error, Format));
  }

  void rewriteSite(const SiteOccurrences &Occ);
  void rewriteUninstantiatedSite(const SiteOccurrences &Occ);
  bool keepTypedSite(const SiteOccurrences &Occ);
  bool warnIfNeverEmitted(const SiteOccurrences &Occ);
  void noteInstantiation(const FunctionDecl *F);
  void replaceWithStaticAssert(const SiteOccurrences &Occ,
                               CharSourceRange Range,
                               const std::string &Operand,
                               const std::string &SiteName,
                               const std::string &Why);
  void noteStrandedDependence();
  CharSourceRange annotationRange(const SiteOccurrences &Occ);
  std::optional<std::string> expressionText(const Expr *E,
                                            const Expr *AsWritten = nullptr);
  std::string spelledType(QualType T);
  std::optional<InlineAsm> asmFor(const Site &S, SourceLocation Loc);

  ASTContext &Ctx;
  SourceManager &SM;
  const LangOptions &LO;
  DiagnosticsEngine &Diags;
  /// The rewrite's own errors: the parse may have passed on errors of host
  /// code as warnings (SiteFreeCodeErrors.h), which the engine still counts.
  DiagnosticErrorTrap Errors;
  const RewriteOptions &Options;
  SiteManifest &Manifest;
  Rewriter R;
  std::vector<ManifestEntry> Pending;
  bool LookedForStrandedDependence = false;
};

std::optional<std::string> MainFileRewriter::run() {
  SiteCollector Collector(SM);
  // Only the declarations parsed in this run: walking decls() would load
  // every declaration of a precompiled prelude, none of which holds a site.
  for (Decl *D : Ctx.getTranslationUnitDecl()->noload_decls()) {
    // Blocks and lambda classes are reached through their expressions.
    if (isa<BlockDecl>(D) || isa<CapturedDecl>(D))
      continue;
    if (const auto *RD = dyn_cast<CXXRecordDecl>(D); RD && RD->isLambda())
      continue;
    Collector.TraverseDecl(D);
  }
  for (auto &[Key, Occ] : Collector.Sites)
    rewriteSite(Occ);
  if (Errors.hasErrorOccurred())
    return std::nullopt;
  for (ManifestEntry &E : Pending)
    Manifest.add(std::move(E));
  FileID Main = SM.getMainFileID();
  if (const RewriteBuffer *Buf = R.getRewriteBufferFor(Main))
    return std::string(Buf->begin(), Buf->end());
  return SM.getBufferData(Main).str();
}

/// The text to replace: the PTX_INJECT(...) invocation or the whole comment.
CharSourceRange MainFileRewriter::annotationRange(const SiteOccurrences &Occ) {
  SourceLocation Begin = Occ.Annotation;
  CharSourceRange Comment = commentAnnotationRange(Begin, SM);
  if (Comment.isValid())
    return Comment;
  StringRef Name =
      Lexer::getImmediateMacroName(Occ.First->getBeginLoc(), SM, LO);
  SourceLocation Loc = Occ.First->getBeginLoc();
  while (Loc.isMacroID()) {
    Name = Lexer::getImmediateMacroName(Loc, SM, LO);
    Loc = SM.getImmediateMacroCallerLoc(Loc);
  }
  // A user's macro that expands to the site and nothing else (macros nested
  // in macros included) is replaced as a whole invocation. A site that is
  // only part of a macro's expansion lives in the macro's body, which text
  // replacement cannot reach.
  if (Name != "PTX_INJECT" &&
      !(Lexer::isAtStartOfMacroExpansion(Occ.First->getBeginLoc(), SM, LO) &&
        Lexer::isAtEndOfMacroExpansion(Occ.First->getEndLoc(), SM, LO))) {
    error(Begin, "inject site inside the macro '%0': the rewriter replaces "
                 "source text and cannot rewrite a macro body; make the "
                 "macro expand to the PTX_INJECT(...) call alone, write "
                 "PTX_INJECT directly in the function, or use the plugin")
        << Name;
    return {};
  }
  return SM.getExpansionRange(Occ.First->getSourceRange());
}

/// Follows B and E (an expression's first and last token) from macro
/// arguments to where they were written, as long as both stay in the same
/// argument at every level: then the text between them is the expression as
/// written. The common case (operands written in PTX_IN(...) or in a comment)
/// and much cheaper than Lexer::makeFileCharRange.
static bool writtenInOneArgument(SourceLocation &B, SourceLocation &E,
                                 const SourceManager &SM) {
  while (B.isMacroID() || E.isMacroID()) {
    if (!B.isMacroID() || !E.isMacroID() ||
        SM.getFileID(B) != SM.getFileID(E) || !SM.isMacroArgExpansion(B))
      return false;
    B = SM.getImmediateSpellingLoc(B);
    E = SM.getImmediateSpellingLoc(E);
  }
  return SM.getFileID(B) == SM.getFileID(E) && !(E < B);
}

std::optional<std::string>
MainFileRewriter::expressionText(const Expr *E, const Expr *AsWritten) {
  SourceLocation First = E->getBeginLoc(), Last = E->getEndLoc();
  CharSourceRange Range =
      writtenInOneArgument(First, Last, SM)
          ? CharSourceRange::getTokenRange(First, Last)
          : Lexer::makeFileCharRange(
                CharSourceRange::getTokenRange(E->getSourceRange()), SM, LO);
  bool Invalid = Range.isInvalid();
  StringRef Text;
  if (!Invalid)
    Text = Lexer::getSourceText(Range, SM, LO, &Invalid);
  if (Invalid || Text.empty()) {
    // The expression is put together by a macro (an operand-group macro
    // such as PHILOX(state) expanding to PTX_IN(U32, k, state.key.x)): no
    // stretch of source text spells it, so print it from the AST, from the
    // template pattern where there is one (an instantiation's expression may
    // name its template arguments).
    std::string Printed;
    llvm::raw_string_ostream OS(Printed);
    PrintingPolicy Policy(LO);
    (AsWritten ? AsWritten : E)->printPretty(OS, nullptr, Policy);
    OS.flush();
    if (Printed.empty()) {
      error(E->getExprLoc(), "cannot find the source text of this inject "
                             "operand; pass the whole operand as a macro "
                             "argument or write it directly in PTX_INJECT");
      return std::nullopt;
    }
    return Printed;
  }
  // One line of output: the source's line breaks would shift later lines.
  std::string Out = Text.str();
  for (char &C : Out)
    if (C == '\n' || C == '\r')
      C = ' ';
  return Out;
}

std::string MainFileRewriter::spelledType(QualType T) {
  PrintingPolicy Policy(LO);
  Policy.SuppressTagKeyword = true;
  Policy.FullyQualifiedName = true;
  Policy.PrintCanonicalTypes = true;
  Policy.SuppressScope = false;
  QualType C = Ctx.getCanonicalType(T.getNonReferenceType());
  return C.getUnqualifiedType().getAsString(Policy);
}

/// Whether F is a function template (a generic lambda's call operator
/// included) that has an instantiated body: a site of it that no
/// instantiation reached is in a branch they all discard (if constexpr).
bool hasInstantiatedBody(const FunctionDecl *F) {
  const FunctionTemplateDecl *T =
      F ? F->getDescribedFunctionTemplate() : nullptr;
  if (!T)
    return false;
  for (const FunctionDecl *Spec : T->specializations())
    if (Spec->isDefined())
      return true;
  return false;
}

/// Whether every operand of a site call names its type (PTX_IN(F32, x),
/// PTX_IN(F32, label, expr)): the description string of each, "KIND TYPE \1
/// LABEL", has a type token. Such a site compiles without the front end,
/// through the header's typed macros. False for a site without operands.
static bool everyOperandTyped(const CallExpr *Call) {
  unsigned N = Call->getNumArgs();
  if (N < 3 || (N - 1) % 2 != 0)
    return false;
  for (unsigned I = 1; I < N; I += 2) {
    const auto *Description =
        dyn_cast<StringLiteral>(Call->getArg(I)->IgnoreParenImpCasts());
    if (!Description || !Description->isOrdinary())
      return false;
    StringRef Text = Description->getString();
    size_t Separator = Text.find('\1');
    if (Text.empty() || !StringRef("imo").contains(Text.front()) ||
        Separator == StringRef::npos || Separator < 2)
      return false;
  }
  return true;
}

/// What to do so that a never instantiated template's sites are typed: an
/// NVRTC program instantiates its kernel templates by name expressions.
static const char *instantiationAdvice(bool NvrtcProgram) {
  return NvrtcProgram
             ? "name the kernel in a name expression (--instantiate, or "
               "name_expressions= in Python), as nvrtcAddNameExpression does"
             : "instantiate it in this file, an explicit instantiation will do";
}

/// A site of a template that is never instantiated has no operand types, so
/// the front end cannot write its asm. A site written as a macro call whose
/// every operand has a type token is left as written: the header's typed
/// macros compile it wherever the template is instantiated later (an NVRTC
/// name expression, another file). Any other site becomes a static_assert
/// that depends on an operand: the output compiles, and fails with a clear
/// message if the template is ever instantiated after all.
void MainFileRewriter::rewriteUninstantiatedSite(const SiteOccurrences &Occ) {
  SourceLocation Loc = Occ.Annotation;
  if (keepTypedSite(Occ))
    return;
  const Expr *Dependent = nullptr;
  // Operands are pairs of arguments: description, then value.
  for (unsigned I = 2; I < Occ.First->getNumArgs() && !Dependent; I += 2)
    if (Occ.First->getArg(I)->isInstantiationDependent())
      Dependent = siteOperandValue(Occ.First->getArg(I));
  const auto *Name =
      Occ.First->getNumArgs()
          ? dyn_cast<StringLiteral>(Occ.First->getArg(0)->IgnoreParenImpCasts())
          : nullptr;
  CharSourceRange Range = Dependent && Name && Name->isOrdinary()
                              ? annotationRange(Occ)
                              : CharSourceRange();
  std::optional<std::string> Operand;
  if (Range.isValid())
    Operand = expressionText(Dependent);
  if (!Operand) {
    if (!Errors.hasErrorOccurred()) {
      error(Loc, "inject site in a template that is never instantiated, so "
                 "its operand types are unknown; instantiate the template in "
                 "this file (an explicit instantiation will do) or remove the "
                 "site");
      noteStrandedDependence();
    }
    return;
  }
  std::string SiteName = Name->getString().str();
  if (hasInstantiatedBody(Occ.Function)) {
    Diags.Report(Loc, Diags.getCustomDiagID(
                          DiagnosticsEngine::Warning,
                          "inject site '%0' is in a branch that every "
                          "instantiation of %1 discards (if constexpr), so its "
                          "operand types are unknown; it is written as a "
                          "static_assert that fails if an instantiation keeps "
                          "the branch"))
        << SiteName << Occ.Function;
    replaceWithStaticAssert(Occ, Range, *Operand, SiteName,
                            "was in a branch every instantiation discarded "
                            "when ptxinject-rewrite ran: one keeps it now; "
                            "rewrite again");
    return;
  }
  const char *Advice = instantiationAdvice(Options.NvrtcProgram);
  Diags.Report(Loc, Diags.getCustomDiagID(
                        DiagnosticsEngine::Warning,
                        "inject site '%0' is in a template that is never "
                        "instantiated, so its operand types are unknown; it is "
                        "written as a static_assert that fails if the template "
                        "is instantiated (%1, to get its asm)"))
      << SiteName << Advice;
  noteStrandedDependence();
  replaceWithStaticAssert(
      Occ, Range, *Operand, SiteName,
      std::string("was in a template that was never instantiated when "
                  "ptxinject-rewrite ran: ") +
          (Options.NvrtcProgram ? "name it in a name expression "
                                  "(--instantiate, name_expressions=)"
                                : "instantiate it in that file") +
          " and rewrite again");
}

/// Whether nvcc emits the code of a site whose operand types are known:
/// not when only a template's pattern holds it (the template is never
/// instantiated, or every instantiation discards its if constexpr branch),
/// nor in a __device__ function nothing in the file names (nvcc drops it,
/// unless -rdc=true keeps one with external linkage). Such a site is still
/// written as asm, which is right wherever the code is compiled after all,
/// but is warned about and left out of the manifest, as inspect would not
/// find it in the PTX. A function only some other dropped code uses, or a
/// member function (called from a header's template, whose body the rewrite
/// may skip), is not looked at: the warning must never be wrong.
bool MainFileRewriter::warnIfNeverEmitted(const SiteOccurrences &Occ) {
  const auto *Name =
      Occ.First->getNumArgs()
          ? dyn_cast<StringLiteral>(Occ.First->getArg(0)->IgnoreParenImpCasts())
          : nullptr;
  std::string SiteName =
      Name && Name->isOrdinary() ? Name->getString().str() : "";
  bool PatternOnly = llvm::all_of(Occ.AnalyzableIn, [](const FunctionDecl *F) {
    return F && F->isDependentContext();
  });
  if (PatternOnly && hasInstantiatedBody(Occ.Function)) {
    Diags.Report(Occ.Annotation,
                 Diags.getCustomDiagID(
                     DiagnosticsEngine::Warning,
                     "inject site '%0' is in a branch that every "
                     "instantiation of %1 discards (if constexpr), so nvcc "
                     "emits no code for it and it is not in the manifest; its "
                     "operand types do not depend on the template, so it is "
                     "written as asm, for an instantiation that keeps the "
                     "branch"))
        << SiteName << Occ.Function;
    return false;
  }
  if (PatternOnly) {
    Diags.Report(Occ.Annotation,
                 Diags.getCustomDiagID(
                     DiagnosticsEngine::Warning,
                     "inject site '%0' is in a template that is never "
                     "instantiated, so nvcc emits no code for it and it is "
                     "not in the manifest; its operand types do not depend on "
                     "the template, so it is written as asm, which compiles "
                     "where the template is instantiated (%1, to have it in "
                     "the PTX)"))
        << SiteName << instantiationAdvice(Options.NvrtcProgram);
    noteStrandedDependence();
    return false;
  }
  const FunctionDecl *F = Occ.Function;
  if (!F->hasAttr<CUDADeviceAttr>() || F->hasAttr<CUDAGlobalAttr>() ||
      isa<CXXMethodDecl>(F) || F->isDependentContext() || F->isReferenced() ||
      F->isUsed())
    return true;
  bool Kept = LO.GPURelocatableDeviceCode && F->isExternallyVisible() &&
              !F->isInlined();
  if (Kept)
    return true;
  Diags.Report(Occ.Annotation,
               Diags.getCustomDiagID(
                   DiagnosticsEngine::Warning,
                   "inject site '%0' is in %1, a __device__ function that "
                   "nothing in this file uses, so nvcc emits no code for it "
                   "(%2) and it is not in the manifest; it is written as asm, "
                   "which compiles where %1 is called"))
      << SiteName << F
      << (F->isExternallyVisible() && !F->isInlined()
              ? "a function with external linkage is kept only with "
                "-rdc=true"
              : "it is static or inline");
  return false;
}

/// A fully typed macro-form site the front end cannot type: warned about and
/// left in the output untouched. A comment annotation is no macro call, so
/// without the front end it would be no site at all: it is not kept.
bool MainFileRewriter::keepTypedSite(const SiteOccurrences &Occ) {
  const auto *Name =
      Occ.First->getNumArgs()
          ? dyn_cast<StringLiteral>(Occ.First->getArg(0)->IgnoreParenImpCasts())
          : nullptr;
  if (!Name || !Name->isOrdinary() || !everyOperandTyped(Occ.First) ||
      commentAnnotationRange(Occ.Annotation, SM).isValid())
    return false;
  SourceLocation Loc = Occ.Annotation;
  std::string SiteName = Name->getString().str();
  if (hasInstantiatedBody(Occ.Function)) {
    Diags.Report(Loc, Diags.getCustomDiagID(
                          DiagnosticsEngine::Warning,
                          "inject site '%0' is in a branch that every "
                          "instantiation of %1 discards (if constexpr), so the "
                          "front end cannot check its operand types and it is "
                          "not in the manifest; every operand has a type "
                          "token, so it is left as written, to the header's "
                          "typed macros, which compile it if an instantiation "
                          "keeps the branch"))
        << SiteName << Occ.Function;
    return true;
  }
  const char *Advice = instantiationAdvice(Options.NvrtcProgram);
  Diags.Report(Loc, Diags.getCustomDiagID(
                        DiagnosticsEngine::Warning,
                        "inject site '%0' is in a template that is never "
                        "instantiated, so the front end cannot check its "
                        "operand types and it is not in the manifest; every "
                        "operand has a type token, so it is left as written, "
                        "to the header's typed macros, which compile it where "
                        "the template is instantiated (%1, to have it checked "
                        "here)"))
      << SiteName << Advice;
  noteStrandedDependence();
  return true;
}

/// The static_assert an untyped site becomes: it depends on an operand, so
/// it fires only where the site is instantiated after all.
void MainFileRewriter::replaceWithStaticAssert(const SiteOccurrences &Occ,
                                               CharSourceRange Range,
                                               const std::string &Operand,
                                               const std::string &SiteName,
                                               const std::string &Why) {
  std::string Text = "static_assert(__ptx_inject_is<decltype((" + Operand +
                     ")), void>::value, \"PTX_INJECT site '" + SiteName + "' " +
                     Why + "\")";
  if (commentAnnotationRange(Occ.Annotation, SM).isValid())
    Text += ";";
  StringRef Old = Lexer::getSourceText(Range, SM, LO);
  Text.append(Old.count('\n'), '\n');
  R.ReplaceText(Range, Text);
}

/// After an error in a template's site: which instantiation it was typed
/// for, as Clang's own "in instantiation of" note says for its errors.
void MainFileRewriter::noteInstantiation(const FunctionDecl *F) {
  if (!F || !F->isTemplateInstantiation())
    return;
  SourceLocation Where = F->getPointOfInstantiation();
  if (Where.isInvalid())
    Where = F->getLocation();
  std::string Name;
  llvm::raw_string_ostream OS(Name);
  F->getNameForDiagnostic(OS, Ctx.getPrintingPolicy(), /*Qualified=*/true);
  Diags.Report(Where,
               Diags.getCustomDiagID(DiagnosticsEngine::Note,
                                     "in instantiation of '%0' requested here"))
      << Name;
}

/// Under the first "never instantiated" diagnostic: an instantiated body
/// whose expression still has a dependent type is why, when there is one
/// (see StrandedDependence.h). Looked for only then, once.
void MainFileRewriter::noteStrandedDependence() {
  if (LookedForStrandedDependence)
    return;
  LookedForStrandedDependence = true;
  StrandedDependence S = findStrandedDependence(Ctx);
  if (S.Loc.isInvalid())
    return;
  Diags.Report(S.Loc, Diags.getCustomDiagID(
                          DiagnosticsEngine::Note,
                          "in %0, this was left with an unresolved "
                          "(dependent) type, so what depends on it was never "
                          "instantiated: a fault of the front end, not of the "
                          "source; rewrite again without the PCH cache "
                          "(--no-pch-cache, or pch_cache=False in Python), "
                          "and report it if it stays"))
      << S.Function;
}

void MainFileRewriter::rewriteSite(const SiteOccurrences &Occ) {
  SourceLocation Loc = Occ.Annotation;
  if (!Occ.Function) {
    error(Loc, "inject site outside a function body; sites must be "
               "statements in __device__ or __global__ code");
    return;
  }
  if (!SM.isWrittenInMainFile(Loc)) {
    error(Loc, "inject site in an included file; ptxinject-rewrite rewrites "
               "only its input file: move the site into the .cu file, rewrite "
               "the header as its own input, or use the plugin");
    return;
  }
  bool Device = Occ.Function->hasAttr<CUDADeviceAttr>() ||
                Occ.Function->hasAttr<CUDAGlobalAttr>();
  bool Host = Occ.Function->hasAttr<CUDAHostAttr>();
  if (!Device) {
    error(Loc, "inject site in the host function %0; sites belong in "
               "__device__ or __global__ functions")
        << Occ.Function;
    return;
  }
  if (Occ.Analyzable.empty()) {
    rewriteUninstantiatedSite(Occ);
    return;
  }
  bool Emitted = warnIfNeverEmitted(Occ);

  // One analysis per instantiation; instantiations with equal operand types
  // share one asm variant.
  std::vector<AnalyzedSite> Analyzed;
  for (size_t I = 0; I < Occ.Analyzable.size(); ++I) {
    std::optional<AnalyzedSite> A =
        analyzeSite(Occ.Analyzable[I], Ctx, *Options.Types, Options.PP);
    if (!A) {
      noteInstantiation(Occ.AnalyzableIn[I]);
      return;
    }
    Analyzed.push_back(std::move(*A));
  }
  std::vector<std::vector<unsigned>> Variants; // indices into Analyzed
  for (unsigned I = 0; I < Analyzed.size(); ++I) {
    bool Placed = false;
    for (auto &V : Variants) {
      const Site &A = Analyzed[V.front()].S, &B = Analyzed[I].S;
      bool Same = A.Operands.size() == B.Operands.size();
      for (unsigned K = 0; Same && K < A.Operands.size(); ++K)
        Same = A.Operands[K].Type == B.Operands[K].Type;
      if (Same) {
        V.push_back(I);
        Placed = true;
        break;
      }
    }
    if (!Placed)
      Variants.push_back({I});
  }

  const AnalyzedSite &Primary = Analyzed.front();
  CharSourceRange Range = annotationRange(Occ);
  if (Range.isInvalid())
    return;
  std::vector<std::string> Exprs;
  for (unsigned I = 0; I < Primary.OperandExprs.size(); ++I) {
    // Operand I's value is argument 2 + 2I: after the name, and its
    // description string.
    const Expr *Pattern = 2 + 2 * I < Occ.First->getNumArgs()
                              ? siteOperandValue(Occ.First->getArg(2 + 2 * I))
                              : nullptr;
    std::optional<std::string> Text =
        expressionText(Primary.OperandExprs[I], Pattern);
    if (!Text)
      return;
    Exprs.push_back(std::move(*Text));
  }

  bool Volatile = Options.Volatile == VolatileMode::Always;
  std::string Text;
  if (Variants.size() == 1) {
    std::optional<InlineAsm> Asm = asmFor(Primary.S, Loc);
    if (!Asm)
      return;
    Text = renderAsmStatement(Primary.S, *Asm, Exprs, Volatile);
  } else if (Options.NvrtcProgram && !LO.CPlusPlus17) {
    // The dispatch below is 'if constexpr', an error for NVRTC before C++17.
    error(Loc, "inject site typed differently by the instantiations of its "
               "template: the rewritten site chooses its asm with 'if "
               "constexpr', which NVRTC accepts only from C++17; compile the "
               "program with -std=c++17 or later, or give each operand the "
               "same type in every instantiation (a cast will do) so that they "
               "share one asm");
    return;
  } else {
    // Asm strings are literals, so a template whose instantiations differ in
    // operand types gets one asm per type combination, chosen at compile time.
    std::vector<unsigned> Differing;
    for (unsigned K = 0; K < Primary.S.Operands.size(); ++K)
      for (auto &V : Variants)
        if (Analyzed[V.front()].S.Operands[K].Type !=
            Primary.S.Operands[K].Type) {
          Differing.push_back(K);
          break;
        }
    Text = "do { ";
    for (unsigned VI = 0; VI < Variants.size(); ++VI) {
      std::vector<std::string> Alternatives;
      for (unsigned I : Variants[VI]) {
        std::string Cond;
        for (unsigned K : Differing) {
          if (!Cond.empty())
            Cond += " && ";
          Cond += "__ptx_inject_is<decltype((" + Exprs[K] + ")), " +
                  spelledType(Analyzed[I].OperandExprs[K]->getType()) +
                  ">::value";
        }
        if (llvm::find(Alternatives, Cond) == Alternatives.end())
          Alternatives.push_back(Cond);
      }
      std::string Cond;
      for (const std::string &A : Alternatives)
        Cond += (Cond.empty() ? "(" : " || (") + A + ")";
      const Site &S = Analyzed[Variants[VI].front()].S;
      std::optional<InlineAsm> Asm = asmFor(S, Loc);
      if (!Asm)
        return;
      Text += VI ? " else if constexpr (" : "if constexpr (";
      Text +=
          Cond + ") { " + renderAsmStatement(S, *Asm, Exprs, Volatile) + "; }";
    }
    Text += " } while (0)";
  }
  // A __host__ __device__ function is compiled for the host too, where PTX
  // is no assembly at all; there the operands are touched as the macro
  // form's host site touches them (In, Mod, Out), so none looks unused or
  // used unset.
  if (Host && !Options.NvrtcProgram) {
    static const char *const Touch[] = {"(void)(", "(void)&(",
                                        "__ptx_inject_host_out("};
    std::string Uses;
    for (unsigned K = 0; K < Primary.S.Operands.size(); ++K)
      Uses += std::string(K ? ", " : "") +
              Touch[static_cast<int>(Primary.S.Operands[K].Kind)] + Exprs[K] +
              ")";
    Text = "__PTX_INJECT_HOST_DEVICE((" + Uses + "), " + Text + ")";
  }
  // The comment form has no ';' of its own.
  bool IsComment = commentAnnotationRange(Loc, SM).isValid();
  if (IsComment)
    Text += ";";
  // Keep every later line at its line number.
  StringRef Old = Lexer::getSourceText(Range, SM, LO);
  Text.append(Old.count('\n'), '\n');
  R.ReplaceText(Range, Text);

  if (!Emitted)
    return;
  PresumedLoc P = SM.getPresumedLoc(Loc);
  for (auto &V : Variants)
    Pending.push_back({Analyzed[V.front()].S, P.getFilename(), P.getLine(),
                       P.getColumn(),
                       Options.Volatile == VolatileMode::Always});
}

/// The site's asm: with its markers, or with the stub baked in where the
/// options give one for its inject (an error at the site when the stub
/// names an operand the site lacks).
std::optional<InlineAsm> MainFileRewriter::asmFor(const Site &S,
                                                  SourceLocation Loc) {
  auto It = Options.BakedStubs.find(S.Name);
  if (It == Options.BakedStubs.end())
    return buildInlineAsm(S);
  std::string Baked;
  if (Error E = bakeStub(S, It->second, Baked)) {
    error(Loc, "cannot bake the stub of inject '%0' into this site: stub "
               "line %1, column %2: %3")
        << S.Name << E.Line << E.Column << E.Message;
    return std::nullopt;
  }
  return buildInlineAsm(S, &Baked);
}

} // namespace

std::optional<std::string> rewriteMainFile(ASTContext &Ctx,
                                           const RewriteOptions &Options,
                                           SiteManifest &Manifest) {
  return MainFileRewriter(Ctx, Options, Manifest).run();
}

} // namespace frontend
} // namespace ptxinject
