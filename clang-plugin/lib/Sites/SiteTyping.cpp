//===- SiteTyping.cpp - Parse only what typing the sites needs ------------===//
#include "ptxinject/Frontend/Sites/SiteTyping.h"
#include "ptxinject/Frontend/Invocation/NvrtcHeaderReach.h"
#include "ptxinject/Frontend/Prelude/IncludeBlock.h"
#include "ptxinject/Frontend/Prelude/PreludeLoadFailure.h"
#include "ptxinject/Frontend/Sites/ForeignMarkerHeader.h"

#include "clang/Basic/DiagnosticIDs.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/Sema/Sema.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>

using namespace clang;

namespace ptxinject {
namespace frontend {

namespace {

/// The include block of the one input of Invocation, found in Source or,
/// without it, in the input file.
std::optional<IncludeBlock>
includeBlockOf(const CompilerInvocation &Invocation,
               std::optional<llvm::StringRef> Source) {
  const auto &Inputs = Invocation.getFrontendOpts().Inputs;
  if (Inputs.size() != 1 || !Inputs.front().isFile())
    return std::nullopt;
  llvm::StringRef Path = Inputs.front().getFile();
  if (Source)
    return findIncludeBlock(*Source, Invocation.getLangOpts(), Path);
  auto Buf = llvm::MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buf)
    return std::nullopt;
  return findIncludeBlock((*Buf)->getBuffer(), Invocation.getLangOpts(), Path);
}

} // namespace

PreludeResult prepareSiteTyping(CompilerInvocation &Invocation, bool UseCache,
                                llvm::StringRef CacheDir,
                                std::shared_ptr<PCHContainerOperations> PCHOps,
                                std::optional<llvm::StringRef> Source,
                                bool ParseAllBodies) {
  Invocation.getFrontendOpts().SkipFunctionBodies = !ParseAllBodies;
  if (!UseCache)
    return PreludeResult();
  std::optional<IncludeBlock> Block;
  if (!ParseAllBodies)
    Block = includeBlockOf(Invocation, Source);
  return usePrecompiledPrelude(Invocation, CacheDir, std::move(PCHOps),
                               Block ? &*Block : nullptr);
}

bool SiteTypingActionFactory::runInvocation(
    std::shared_ptr<CompilerInvocation> Invocation, FileManager *Files,
    std::shared_ptr<PCHContainerOperations> PCHOps, DiagnosticConsumer *Diags) {
  // prepare edits the invocation; the parse after a crash starts over.
  auto Original = std::make_shared<CompilerInvocation>(*Invocation);
  Prelude = prepare(*Invocation, /*UseCache=*/true, PCHOps);
  const auto &Inputs = Invocation->getFrontendOpts().Inputs;
  std::string Input = Inputs.empty() || !Inputs.front().isFile()
                          ? std::string("<input>")
                          : Inputs.front().getFile().str();
  return parseSurvivingCrash(
      Prelude, Input, Diags,
      [&] {
        return FrontendActionFactory::runInvocation(Invocation, Files, PCHOps,
                                                    Diags);
      },
      [&] {
        Prelude = prepare(*Original, /*UseCache=*/false, PCHOps);
        return FrontendActionFactory::runInvocation(Original, Files, PCHOps,
                                                    Diags);
      });
}

SiteTypingConsumer::SiteTypingConsumer(CompilerInstance &CI,
                                       const PreludeResult &Prelude,
                                       bool ParseAllBodies)
    : AllBodies(ParseAllBodies),
      UsesPrelude(!CI.getPreprocessorOpts().ImplicitPCHInclude.empty()),
      PreludeInUse(Prelude), Bodies(CI.getSourceManager()) {
  // Dropped instantiations leave used inline templates without a body: not
  // the user's mistake (see dropSiteFreeInstantiations).
  if (!ParseAllBodies)
    for (StringRef Group : {"undefined-inline", "undefined-internal"})
      CI.getDiagnostics().setSeverityForGroup(diag::Flavor::WarningOrError,
                                              Group, diag::Severity::Ignored);
  // Before the PCH is loaded: a cached one Clang cannot read says what to do.
  if (UsesPrelude)
    watchPreludeLoad(CI.getDiagnostics(), Prelude);
  // The include block is in the PCH: lexing starts after it.
  if (Prelude.SkipBytes)
    CI.getPreprocessor().setSkipMainFilePreamble(Prelude.SkipBytes,
                                                 Prelude.SkipEndsAtStartOfLine);
  // Before QuietPch, which turns warnings off until the PCH is loaded: the
  // callback keeps the command line's setting.
  warnOnForeignMarkerHeader(CI.getPreprocessor());
  refuseHeadersNvrtcLacks(CI);
  if (!ParseAllBodies)
    quietSiteFreeHeaders(CI.getPreprocessor());
  if (UsesPrelude && !ParseAllBodies)
    QuietPch.emplace(CI.getDiagnostics());
}

void SiteTypingConsumer::InitializeSema(Sema &S) {
  TheSema = &S;
  // The PCH is loaded: the input's own warnings are back on.
  if (QuietPch)
    QuietPch->loaded(S.getDiagnostics());
  if (UsesPrelude)
    checkPrecompiledMarkerHeader(S.getPreprocessor(), PreludeInUse);
  if (!AllBodies)
    quietHeaderInstantiations(S);
}

bool SiteTypingConsumer::shouldSkipFunctionBody(Decl *D) {
  return Bodies.canSkip(D);
}

bool SiteTypingConsumer::HandleTopLevelDecl(DeclGroupRef) {
  // The first declaration of the input comes after the PCH is attached.
  if (UsesPrelude && TheSema) {
    skipPreludeDeferredDiagnostics(*TheSema);
    UsesPrelude = false;
  }
  dropSiteFreeInstantiations();
  return true;
}

void SiteTypingConsumer::HandleCXXImplicitFunctionInstantiation(
    FunctionDecl *) {
  dropSiteFreeInstantiations();
}

/// The bodies of header function templates instantiated at the end of the
/// file are never needed for a type: those that decide one (constexpr in a
/// constant expression, deduced return types) are instantiated at once. A
/// CuTe kernel queues thousands; only those of the input file and of headers
/// that spell PTX_INJECT are kept.
///
/// Also kept: an instantiation with no linkage used from the input, such as
/// std::for_each with a lambda or a local class of the input. Clang rejects
/// one that is used and left undefined ("used but not defined in this
/// translation unit"), a hard error. Its pattern's body is skipped, so it
/// costs next to nothing. One used from a header (CuTe's own lambdas) is
/// still dropped: instantiating those is a fifth of a warm CuTe rewrite.
void SiteTypingConsumer::dropSiteFreeInstantiations() {
  if (!TheSema || AllBodies)
    return;
  const SourceManager &SM = TheSema->getSourceManager();
  auto &Queue = TheSema->PendingInstantiations;
  Queue.erase(
      std::remove_if(Queue.begin(), Queue.end(),
                     [&](const Sema::PendingImplicitInstantiation &P) {
                       auto *FD = dyn_cast<FunctionDecl>(P.first);
                       const FunctionDecl *Pattern =
                           FD ? FD->getTemplateInstantiationPattern() : nullptr;
                       if (!Pattern || !Bodies.canSkip(Pattern))
                         return false;
                       return !SM.isInMainFile(SM.getExpansionLoc(P.second)) ||
                              FD->isExternallyVisible();
                     }),
      Queue.end());
}

} // namespace frontend
} // namespace ptxinject
