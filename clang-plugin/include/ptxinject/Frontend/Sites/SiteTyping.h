//===- SiteTyping.h - Parse only what typing the sites needs -- -*- C++ -*-===//
//
// Both rewrites, of a file (ptxinject-rewrite) and of an NVRTC program
// (--nvrtc, and the Python package through it), need the types of the sites'
// operands and nothing else of the translation unit. What they skip, each
// checked byte-identical against a parse of everything (--parse-all-bodies):
//  - CUDA's headers and (file rewrites only) the input's include block come
//    from a cached PCH (PreludeCache.h), and the preprocessor starts after
//    the block;
//  - function bodies of included files that never spell PTX_INJECT are not
//    parsed, unless Clang needs one for a type (SiteFreeBodies.h);
//  - instantiations of such bodies queued for the end of the file are
//    dropped (those that decide a type are made on the spot);
//  - warnings from that library code are off (QuietHeaders.h).
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_FRONTEND_SITETYPING_H
#define PTXINJECT_FRONTEND_SITETYPING_H

#include "ptxinject/Frontend/Parse/SiteFreeBodies.h"
#include "ptxinject/Frontend/Prelude/PreludeCache.h"
#include "ptxinject/Frontend/Prelude/QuietHeaders.h"

#include "clang/Sema/SemaConsumer.h"
#include "clang/Tooling/Tooling.h"

#include <memory>
#include <optional>
#include <string>

namespace clang {
class CompilerInstance;
class CompilerInvocation;
class PCHContainerOperations;
} // namespace clang

namespace ptxinject {
namespace frontend {

/// Before the invocation runs: skip function bodies (unless ParseAllBodies)
/// and, with UseCache, swap CUDA's headers and the input's include block (if
/// it has one; not with ParseAllBodies, which must parse the block's bodies
/// too) for their PCH cached in CacheDir. The block is looked for in Source,
/// the input's text, when the input is not read from disk (an in-memory
/// program); without Source, in the input file.
PreludeResult
prepareSiteTyping(clang::CompilerInvocation &Invocation, bool UseCache,
                  llvm::StringRef CacheDir,
                  std::shared_ptr<clang::PCHContainerOperations> PCHOps,
                  std::optional<llvm::StringRef> Source, bool ParseAllBodies);

/// The action factory of a site-typing parse: readies each invocation with
/// prepare (prepareSiteTyping and what the caller reports of it) and runs it
/// so that a crash in Clang is survived (parseSurvivingCrash): a crash with a
/// cached PCH in use parses the input again without the cache. create()
/// hands prelude() to its action's consumer.
class SiteTypingActionFactory : public clang::tooling::FrontendActionFactory {
public:
  bool runInvocation(std::shared_ptr<clang::CompilerInvocation> Invocation,
                     clang::FileManager *Files,
                     std::shared_ptr<clang::PCHContainerOperations> PCHOps,
                     clang::DiagnosticConsumer *Diags) final;

protected:
  /// prepareSiteTyping for Invocation; UseCache is false for the parse after
  /// a crash.
  virtual PreludeResult
  prepare(clang::CompilerInvocation &Invocation, bool UseCache,
          std::shared_ptr<clang::PCHContainerOperations> PCHOps) = 0;
  /// The prelude of the invocation being run.
  const PreludeResult &prelude() const { return Prelude; }

private:
  PreludeResult Prelude;
};

/// The consumer half: a rewrite's consumer derives from it and adds
/// HandleTranslationUnit. Construct it in CreateASTConsumer, with the
/// result of prepareSiteTyping for this invocation.
class SiteTypingConsumer : public clang::SemaConsumer {
public:
  SiteTypingConsumer(clang::CompilerInstance &CI, const PreludeResult &Prelude,
                     bool ParseAllBodies);

  void InitializeSema(clang::Sema &S) override;
  /// Asked only when the invocation skips function bodies.
  bool shouldSkipFunctionBody(clang::Decl *D) override;
  bool HandleTopLevelDecl(clang::DeclGroupRef) override;
  void HandleCXXImplicitFunctionInstantiation(clang::FunctionDecl *) override;

private:
  void dropSiteFreeInstantiations();

  bool AllBodies; ///< ParseAllBodies
  bool UsesPrelude;
  PreludeResult PreludeInUse; ///< the PCH in use, if any
  SiteFreeBodies Bodies;
  std::optional<QuietPrecompiledHeaders> QuietPch;
  clang::Sema *TheSema = nullptr;
};

} // namespace frontend
} // namespace ptxinject

#endif
