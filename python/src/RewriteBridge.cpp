//===- RewriteBridge.cpp - The rewriter in process on a string ------------===//
//
// ptxinject-rewrite's analysis on an in-memory file: the same Clang
// arguments, comment annotations, marker diagnostics, site typing and
// precompiled CUDA headers and include block, with the diagnostics collected
// as text instead of printed.
//
//===----------------------------------------------------------------------===//
#include "RewriteBridge.h"

#include "ptxinject/Frontend/CommentAnnotations.h"
#include "ptxinject/Frontend/CudaInvocation.h"
#include "ptxinject/Frontend/MarkerDiagnostics.h"
#include "ptxinject/Frontend/NvrtcInvocation.h"
#include "ptxinject/Frontend/PreludeCache.h"
#include "ptxinject/Frontend/SiteManifest.h"
#include "ptxinject/Frontend/SiteRewriter.h"
#include "ptxinject/Frontend/SiteTyping.h"
#include "ptxinject/Frontend/TypeUniquing.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace ptxinject {
namespace python {

namespace {

using namespace frontend;

struct Outcome {
  TypeTable Types = TypeTable::builtin();
  VolatileMode Volatile = VolatileMode::Always;
  std::optional<std::string> Text;
};

/// Types the sites as ptxinject-rewrite does (SiteTyping.h: site-free
/// header bodies skipped, the include block precompiled) and keeps the text.
class Consumer : public SiteTypingConsumer {
public:
  Consumer(Outcome &O, CompilerInstance &CI, const PreludeResult &Prelude)
      : SiteTypingConsumer(CI, Prelude, /*ParseAllBodies=*/false), O(O),
        PP(CI.getPreprocessor()) {}
  void HandleTranslationUnit(ASTContext &Ctx) override {
    if (Ctx.getDiagnostics().hasErrorOccurred())
      return;
    RewriteOptions Options;
    Options.Types = &O.Types;
    Options.Volatile = O.Volatile;
    Options.PP = &PP; // type tokens declared in the source
    SiteManifest Manifest;
    O.Text = rewriteMainFile(Ctx, Options, Manifest);
  }

private:
  Outcome &O;
  Preprocessor &PP;
};

class Action : public ASTFrontendAction {
public:
  Action(Outcome &O, const PreludeResult &Prelude) : O(O), Prelude(Prelude) {}
  bool BeginInvocation(CompilerInstance &CI) override {
    // "N warnings generated" would go to stderr; the caller gets the
    // diagnostics themselves.
    CI.setVerboseOutputStream(std::make_unique<llvm::raw_null_ostream>());
    return true;
  }
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI, StringRef) override {
    addCommentAnnotationHandler(CI.getPreprocessor());
    restateMarkerErrors(CI.getDiagnostics(), CI.getLangOpts());
    reserveTypeUniquingSets(CI.getASTContext());
    return std::make_unique<Consumer>(O, CI, Prelude);
  }

private:
  Outcome &O;
  const PreludeResult &Prelude;
};

class Factory : public SiteTypingActionFactory {
public:
  Factory(Outcome &O, const std::string &Source, std::string PchDir)
      : O(O), Source(Source), PchDir(std::move(PchDir)) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<Action>(O, prelude());
  }

private:
  PreludeResult prepare(CompilerInvocation &Invocation, bool UseCache,
                        std::shared_ptr<PCHContainerOperations> PCHOps) override {
    return prepareSiteTyping(Invocation, UseCache && !PchDir.empty(), PchDir,
                             PCHOps, llvm::StringRef(Source),
                             /*ParseAllBodies=*/false);
  }

  Outcome &O;
  const std::string &Source;
  std::string PchDir;
};

} // namespace

namespace {
/// The nvrtc mode: the source read as NVRTC reads it, from NVRTC's options.
RewriteResult rewriteNvrtc(const RewriteRequest &R, const TypeTable &Types) {
  NvrtcRewriteRequest N;
  N.Source = R.Source;
  N.Name = R.FileName;
  N.Options = R.Args;
  N.NameExpressions = R.NameExpressions;
  N.Rewrite.Types = &Types;
  N.Rewrite.Volatile = R.Volatile ? VolatileMode::Always : VolatileMode::Never;
  N.UsePchCache = !R.PchCacheDir.empty();
  N.PchCacheDir = R.PchCacheDir;
  NvrtcRewriteResult Out = rewriteNvrtcSource(N);
  RewriteResult Result;
  Result.Ok = Out.Ok;
  Result.Text = std::move(Out.Text);
  Result.Diagnostics = std::move(Out.Diagnostics);
  return Result;
}
} // namespace

RewriteResult rewriteSource(const RewriteRequest &R) {
  RewriteResult Result;
  Outcome O;
  O.Volatile = R.Volatile ? VolatileMode::Always : VolatileMode::Never;
  if (!R.TypesJson.empty()) {
    std::string Error;
    if (!O.Types.addFromJson(R.TypesJson, Error)) {
      Result.Diagnostics = "types: " + Error;
      return Result;
    }
  }
  if (R.Nvrtc)
    return rewriteNvrtc(R, O.Types);
  // The command line ptxinject-rewrite builds: tool name, the analysis
  // flags (the user's choices kept), the user's flags, the file.
  std::vector<std::string> Cmd{"ptxinject-rewrite"};
  for (std::string &A : analysisArguments(FrontEnd::Rewriter, nullptr, R.Args))
    Cmd.push_back(std::move(A));
  Cmd.insert(Cmd.end(), R.Args.begin(), R.Args.end());
  adaptGpuArchForClang(Cmd); // sm_100, sm_120...: newer than Clang 19
  Cmd.push_back(R.FileName);

  auto Overlay = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
      llvm::vfs::getRealFileSystem());
  auto Memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  Overlay->pushOverlay(Memory);
  Memory->addFile(R.FileName, 0, llvm::MemoryBuffer::getMemBufferCopy(R.Source, R.FileName));
  auto Files = llvm::makeIntrusiveRefCnt<FileManager>(FileSystemOptions(), Overlay);

  llvm::raw_string_ostream DiagText(Result.Diagnostics);
  // From the command line, so that its warning flags reach the driver's own
  // messages too (-Wno-unknown-cuda-version: CUDA 13 is newer than Clang).
  std::vector<const char *> CmdPointers;
  for (const std::string &A : Cmd)
    CmdPointers.push_back(A.c_str());
  llvm::IntrusiveRefCntPtr<DiagnosticOptions> DiagOpts =
      CreateAndPopulateDiagOpts(CmdPointers).release();
  TextDiagnosticPrinter Printer(DiagText, DiagOpts.get());
  Factory F(O, R.Source, R.PchCacheDir);
  tooling::ToolInvocation Invocation(Cmd, &F, Files.get(),
                                     std::make_shared<PCHContainerOperations>());
  Invocation.setDiagnosticConsumer(&Printer);
  Invocation.setDiagnosticOptions(DiagOpts.get());
  bool Ran = Invocation.run();
  DiagText.flush();
  if (Ran && O.Text) {
    Result.Ok = true;
    Result.Text = std::move(*O.Text);
  } else if (Result.Diagnostics.empty()) {
    Result.Diagnostics = "the rewriter could not process the source";
  }
  return Result;
}

} // namespace python
} // namespace ptxinject
