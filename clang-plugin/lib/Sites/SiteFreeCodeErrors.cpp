//===- SiteFreeCodeErrors.cpp - Clang's errors in code without sites ------===//
#include "ptxinject/Frontend/Sites/SiteFreeCodeErrors.h"

#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/DiagnosticAST.h"
#include "clang/Basic/DiagnosticParse.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Sema/Sema.h"

#include <string>

using namespace clang;

namespace ptxinject {
namespace frontend {

namespace {

/// A lambda whose __host__ / __device__ are Clang's, not written: it is
/// code of the function around it.
bool isUnmarkedLambda(const FunctionDecl *FD) {
  const auto *M = dyn_cast<CXXMethodDecl>(FD);
  if (!M || !M->getParent()->isLambda())
    return false;
  for (const Attr *A : M->attrs())
    if ((isa<CUDADeviceAttr>(A) || isa<CUDAHostAttr>(A)) && !A->isImplicit())
      return false;
  return true;
}

/// Whether an error is Clang's judgement of the code being parsed (the
/// common kinds, such as "expected ')'", and the parser's and Sema's on):
/// not the preprocessor's (an #error or a missing header, often met while
/// the parser looks one token past a function's end), the driver's or the
/// tool's own.
bool isCodeError(unsigned ID) {
  return ID < diag::DIAG_START_DRIVER ||
         (ID >= diag::DIAG_START_PARSE && ID < diag::DIAG_UPPER_LIMIT);
}

/// Whether an error says a function is used but not defined, for one whose
/// body the rewrite skipped (SiteFreeBodies.h): an instantiation over a
/// lambda of the input has no linkage, and its pattern's body was never
/// read, so Clang cannot define it. That is the skipping's doing, not the
/// code's.
bool isSkippedBodyUse(const Diagnostic &Info) {
  if (Info.getID() != diag::err_undefined_internal_type ||
      Info.getNumArgs() < 2 ||
      Info.getArgKind(1) != DiagnosticsEngine::ak_nameddecl)
    return false;
  const auto *FD = dyn_cast<FunctionDecl>(
      reinterpret_cast<const NamedDecl *>(Info.getRawArg(1)));
  if (!FD)
    return false;
  const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern();
  return (Pattern ? Pattern : FD)->hasSkippedBody();
}

/// Whether FD is code of a template that nothing instantiates: FD is (or
/// is inside) a template's pattern, and the outermost template around it
/// has no specialization at all. nvcc (EDG) does not check the body of
/// such a template, not even its syntax, so a name only the file that
/// includes this one declares is no error there (a .cu file #included by
/// another); nor does it emit code for it. Any specialization, or a
/// template Clang keeps no list of specializations for, counts as
/// instantiated: the rule must never hide an error nvcc would raise.
bool inUninstantiatedTemplate(const FunctionDecl *FD) {
  if (!FD->isDependentContext())
    return false;
  const Decl *Outermost = FD;
  for (const DeclContext *DC = FD->getParent(); DC && DC->isDependentContext();
       DC = DC->getParent())
    Outermost = cast<Decl>(DC);
  if (const auto *F = dyn_cast<FunctionDecl>(Outermost))
    if (const FunctionTemplateDecl *T = F->getDescribedFunctionTemplate())
      return T->specializations().empty();
  if (const auto *R = dyn_cast<CXXRecordDecl>(Outermost))
    if (const ClassTemplateDecl *T = R->getDescribedClassTemplate()) {
      llvm::SmallVector<ClassTemplatePartialSpecializationDecl *, 1> Partial;
      const_cast<ClassTemplateDecl *>(T)->getPartialSpecializations(Partial);
      return T->specializations().empty() && Partial.empty();
    }
  return false;
}

bool isHostOnly(const FunctionDecl *FD) {
  return !FD->hasAttr<CUDADeviceAttr>() && !FD->hasAttr<CUDAGlobalAttr>();
}

/// Notes where PTX_INJECT is expanded: a user's macro around it, used in a
/// function, puts a site there that the function's text does not spell.
class SiteExpansionRecorder : public PPCallbacks {
public:
  explicit SiteExpansionRecorder(std::vector<SourceLocation> &Out) : Out(Out) {}
  void MacroExpands(const Token &Name, const MacroDefinition &,
                    SourceRange Range, const MacroArgs *) override {
    if (const IdentifierInfo *II = Name.getIdentifierInfo();
        II && II->getName() == "PTX_INJECT")
      Out.push_back(Range.getBegin());
  }

private:
  std::vector<SourceLocation> &Out;
};

/// What Clang 19 lacks, for the errors that are its known limits on CUDA
/// that nvcc compiles; empty for any other error.
std::string knownLimit(llvm::ArrayRef<StoredDiagnostic> Parts) {
  const StoredDiagnostic &D = Parts.front();
  llvm::StringRef Message = D.getMessage();
  switch (D.getID()) {
  case diag::err_ovl_no_viable_function_in_call:
    // A launch in device code whose kernel overload resolution refused
    // for being __global__ (its note says so).
    for (const StoredDiagnostic &Note : Parts.drop_front())
      if (Note.getMessage().contains("call to __global__ function from "))
        return "Clang 19 has no dynamic parallelism: a kernel cannot be "
               "launched or named from device code";
    return "";
  case diag::err_ref_bad_target:
    // A launch in device code: the kernel named, or the launch
    // configuration Clang pushes through a host function.
    if (Message.starts_with("reference to __global__") ||
        Message.contains("'__cudaPushCallConfiguration'"))
      return "Clang 19 has no dynamic parallelism: a kernel cannot be "
             "launched or named from device code";
    return "";
  case diag::err_asm_invalid_escape:
    return "Clang 19 reads inline asm strictly: a PTX register such as "
           "%globaltimer is written '%%globaltimer' (nvcc also takes one %)";
  case diag::err_shared_var_init:
    return "Clang 19 refuses a __shared__ variable whose type has a "
           "constructor (cuda::barrier), which nvcc leaves uninitialized";
  case diag::err_expected: {
    // nvcc takes inline asm operands without the comma between them
    // ("r"(a) "l"(b)): Clang expects the ')' of the asm where the next
    // operand's constraint string starts, right after an operand.
    FullSourceLoc At = D.getLocation();
    if (!At.isValid() || !Message.ends_with("')'"))
      return "";
    bool Invalid = false;
    const SourceManager &SM = At.getManager();
    auto [File, Offset] = SM.getDecomposedLoc(SM.getSpellingLoc(At));
    llvm::StringRef Text = SM.getBufferData(File, &Invalid);
    if (Invalid || Offset >= Text.size() || Text[Offset] != '"')
      return "";
    llvm::StringRef Before = Text.substr(0, Offset).rtrim();
    if (!Before.ends_with(")"))
      return "";
    return "Clang 19 wants a comma between inline asm operands, which nvcc "
           "does not: write '\"r\"(a), \"l\"(b)'";
  }
  case diag::err_attributes_not_allowed:
    return "Clang 19 takes no attribute after __shared__: write "
           "'alignas(N) __shared__ T x[...]' or '__shared__ __align__(N)'";
  default:
    return "";
  }
}

} // namespace

void SiteFreeCodeErrors::watch(Preprocessor &PP) {
  PP.addPPCallbacks(std::make_unique<SiteExpansionRecorder>(SiteExpansions));
}

const FunctionDecl *SiteFreeCodeErrors::innermostFunction() const {
  if (!TheSema)
    return nullptr;
  for (const DeclContext *DC = TheSema->CurContext; DC; DC = DC->getParent()) {
    const auto *FD = dyn_cast<FunctionDecl>(DC);
    if (!FD) {
      // A block, a local class: look further out. A namespace or the
      // translation unit: file scope.
      if (DC->isFileContext())
        return nullptr;
      continue;
    }
    if (!isUnmarkedLambda(FD))
      return FD;
  }
  return nullptr;
}

bool SiteFreeCodeErrors::holdsSite(const FunctionDecl *FD) const {
  // An instantiation's sites are its pattern's.
  if (const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern())
    FD = Pattern;
  const SourceManager &SM = Diags.getSourceManager();
  SourceRange Range = FD->getSourceRange();
  auto [BeginFile, Begin] =
      SM.getDecomposedLoc(SM.getExpansionLoc(Range.getBegin()));
  auto [EndFile, End] = SM.getDecomposedLoc(SM.getExpansionLoc(Range.getEnd()));
  // A function whose text cannot be read is taken to hold one: its errors
  // stay errors, as they would without this.
  if (BeginFile.isInvalid() || BeginFile != EndFile || End < Begin)
    return true;
  bool Invalid = false;
  llvm::StringRef Text = SM.getBufferData(BeginFile, &Invalid);
  if (Invalid || End >= Text.size())
    return true;
  if (Text.substr(Begin, End - Begin + 1).contains("PTX_INJECT"))
    return true;
  for (SourceLocation Site : SiteExpansions) {
    auto [File, Offset] = SM.getDecomposedLoc(SM.getExpansionLoc(Site));
    if (File == BeginFile && Offset >= Begin && Offset <= End)
      return true;
  }
  return false;
}

void SiteFreeCodeErrors::HandleDiagnostic(DiagnosticsEngine::Level Level,
                                          const Diagnostic &Info) {
  if (Replaying) {
    Inner->HandleDiagnostic(Level, Info);
    syncCounts();
    return;
  }
  if (Level == DiagnosticsEngine::Note && DroppingNotes)
    return;
  if (Level == DiagnosticsEngine::Note && HoldingNotes) {
    Held.back().Parts.emplace_back(Level, Info);
    return;
  }
  DroppingNotes = HoldingNotes = false;
  if (Level == DiagnosticsEngine::Error && isSkippedBodyUse(Info)) {
    ++Absorbed;
    DroppingNotes = true;
    return;
  }
  if (Level == DiagnosticsEngine::Error && isCodeError(Info.getID())) {
    if (const FunctionDecl *FD = innermostFunction()) {
      if (!isHostOnly(FD)) {
        // Whether the function holds a site is known once its body is.
        Held.push_back({FD, {StoredDiagnostic(Level, Info)}});
        HoldingNotes = true;
        return;
      }
      Level = DiagnosticsEngine::Warning;
      ++DemotedHost;
      // Its notes explain Clang's view of host code (the overloads it
      // tried), which nvcc does not share.
      DroppingNotes = true;
    }
  }
  Inner->HandleDiagnostic(Level, Info);
  syncCounts();
}

void SiteFreeCodeErrors::replay(const HeldError &E, bool AsError,
                                llvm::StringRef Limit) {
  Replaying = true;
  const StoredDiagnostic &First = E.Parts.front();
  unsigned NoteID = Diags.getCustomDiagID(DiagnosticsEngine::Note, "%0");
  auto note = [&](llvm::StringRef Text) {
    Diags.Report(StoredDiagnostic(DiagnosticsEngine::Note, NoteID, Text,
                                  First.getLocation(), {}, {}));
  };
  if (AsError) {
    for (const StoredDiagnostic &Part : E.Parts)
      Diags.Report(Part);
  } else {
    Diags.Report(StoredDiagnostic(DiagnosticsEngine::Warning, First.getID(),
                                  First.getMessage(), First.getLocation(),
                                  First.getRanges(), First.getFixIts()));
  }
  if (!Limit.empty())
    note(Limit);
  if (AsError && E.Function->isInvalidDecl())
    note("Clang dropped the function's body for it, and with it the sites' "
         "types");
  if (AsError)
    note("the function holds a site, so Clang must read it to type the "
         "site; typed sites (PTX_IN(F32, x)) need no front end "
         "(docs/frontend.md, \"When Clang and nvcc disagree\")");
  Replaying = false;
}

void SiteFreeCodeErrors::settle() {
  for (const HeldError &E : Held) {
    // A known limit leaves the declarations a site is typed from as they
    // are (the statement or attribute Clang refuses is dropped): it need
    // not stop a site's function either.
    // Not when Clang gave up on the function because of it: a template
    // instantiation whose body names what Clang refused loses its body, and
    // its sites their types.
    std::string Limit = knownLimit(E.Parts);
    // In a template nothing instantiates, nvcc reads no code and emits none:
    // its site is warned about as never emitted (SiteRewriter.cpp).
    if (Limit.empty() && inUninstantiatedTemplate(E.Function))
      Limit = "nvcc does not check the body of a template that is never "
              "instantiated, and emits no code for it";
    bool AsError =
        (Limit.empty() || E.Function->isInvalidDecl()) && holdsSite(E.Function);
    replay(E, AsError, Limit);
    if (!AsError)
      ++DemotedDevice;
  }
  Held.clear();
  HoldingNotes = false;
}

void SiteFreeCodeErrors::EndSourceFile() {
  // A parse that ended before its consumer settled them: errors as Clang
  // raised them.
  for (const HeldError &E : Held) {
    Replaying = true;
    for (const StoredDiagnostic &Part : E.Parts)
      Diags.Report(Part);
    Replaying = false;
  }
  Held.clear();
  WrappingDiagnosticConsumer::EndSourceFile();
}

} // namespace frontend
} // namespace ptxinject
