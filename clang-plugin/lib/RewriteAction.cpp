//===- RewriteAction.cpp - The rewrite of one source, in memory -----------===//
//
// One consumer, one action and one factory for every rewrite: the modes
// differ only in the command line and the files the parse sees, which
// rewriteSource makes before it runs them.
//
//===----------------------------------------------------------------------===//
#include "ptxinject/Frontend/RewriteAction.h"

#include "ptxinject/Frontend/Invocation/CudaInvocation.h"
#include "ptxinject/Frontend/Invocation/NvrtcInvocation.h"
#include "ptxinject/Frontend/Parse/SiteFreeSource.h"
#include "ptxinject/Frontend/Parse/TypeUniquing.h"
#include "ptxinject/Frontend/Prelude/PreludeCache.h"
#include "ptxinject/Frontend/Sites/CommentAnnotations.h"
#include "ptxinject/Frontend/Sites/MarkerDiagnostics.h"
#include "ptxinject/Frontend/Sites/SiteFreeCodeErrors.h"
#include "ptxinject/Frontend/Sites/SiteTyping.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/FileManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Serialization/PCHContainerOperations.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"

namespace ptxinject {
namespace frontend {

namespace {

using llvm::StringRef;

/// What the action needs of the request, with what rewriteSource decided
/// from its mode.
struct Setting {
  const RewriteRequest &Request;
  RewriteOptions Options; ///< the request's, for this mode
  std::string Suffix;     ///< appended to the source: name expressions
  bool UseCache;          ///< the request's, unless the mode forbids it
  /// Clang's errors in host code and in device code without a site, taken
  /// as warnings.
  unsigned HostErrors = 0, DeviceErrors = 0;
};

/// Rewrites the main file once Sema is done, and takes the appended suffix
/// back off its end.
class RewriteConsumer : public SiteTypingConsumer {
public:
  RewriteConsumer(Setting &S, RewriteResult &Out, clang::CompilerInstance &CI,
                  const PreludeResult &Prelude)
      : SiteTypingConsumer(CI, Prelude, S.Request.ParseAllBodies), S(S),
        Out(Out), PP(CI.getPreprocessor()),
        Errors(*WrappingDiagnosticConsumer::install<SiteFreeCodeErrors>(
            CI.getDiagnostics(), CI.getDiagnostics())) {
    Errors.watch(CI.getPreprocessor());
  }

  void InitializeSema(clang::Sema &Sema) override {
    SiteTypingConsumer::InitializeSema(Sema);
    Errors.setSema(&Sema);
  }
  void ForgetSema() override { Errors.setSema(nullptr); }

  void HandleTranslationUnit(clang::ASTContext &Ctx) override {
    Errors.setSema(nullptr);
    Errors.settle();
    S.HostErrors = Errors.demotedInHostCode();
    S.DeviceErrors = Errors.demotedInDeviceCode();
    // A file Clang could not parse has no trustworthy sites; errors in
    // functions without a site (SiteFreeCodeErrors.h) do not touch them.
    if (Ctx.getDiagnostics().hasErrorOccurred() && !Errors.onlyDemotedErrors())
      return;
    SiteManifest Manifest;
    // Type tokens the source declares (PTX_TYPE_INFO_<NAME>) come from
    // this file's preprocessor.
    RewriteOptions Options = S.Options;
    Options.PP = &PP;
    std::optional<std::string> Text = rewriteMainFile(Ctx, Options, Manifest);
    if (!Text)
      return;
    if (!StringRef(*Text).ends_with(S.Suffix)) {
      auto &D = Ctx.getDiagnostics();
      D.Report(D.getCustomDiagID(clang::DiagnosticsEngine::Error,
                                 "internal error: the name expressions "
                                 "appended to the source were rewritten"));
      return;
    }
    Text->resize(Text->size() - S.Suffix.size());
    Out.Text = std::move(*Text);
    Out.Manifest = std::move(Manifest);
    Out.Ok = true;
  }

private:
  Setting &S;
  RewriteResult &Out;
  clang::Preprocessor &PP;
  SiteFreeCodeErrors &Errors;
};

/// Types the sites (SiteTyping.h) and rewrites the main file into Out.
class RewriteAction : public clang::ASTFrontendAction {
public:
  RewriteAction(Setting &S, RewriteResult &Out, llvm::raw_ostream &Messages,
                const PreludeResult &Prelude)
      : S(S), Out(Out), Messages(Messages), Prelude(Prelude) {}

  bool BeginInvocation(clang::CompilerInstance &CI) override {
    // "N errors generated" goes with the messages, not to the process's
    // stderr: the caller decides what to print.
    CI.setVerboseOutputStream(Messages);
    return true;
  }

  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &CI, StringRef) override {
    addCommentAnnotationHandler(CI.getPreprocessor());
    restateMarkerErrors(CI.getDiagnostics(), CI.getLangOpts());
    reserveTypeUniquingSets(CI.getASTContext());
    return std::make_unique<RewriteConsumer>(S, Out, CI, Prelude);
  }

private:
  Setting &S;
  RewriteResult &Out;
  llvm::raw_ostream &Messages;
  PreludeResult Prelude;
};

class RewriteActionFactory : public SiteTypingActionFactory {
public:
  RewriteActionFactory(Setting &S, RewriteResult &Out,
                       llvm::raw_ostream &Messages)
      : S(S), Out(Out), Messages(Messages) {}

  std::unique_ptr<clang::FrontendAction> create() override {
    return std::make_unique<RewriteAction>(S, Out, Messages, prelude());
  }

private:
  /// Swaps CUDA's headers and the source's include block for their cached
  /// precompiled form before parsing: a search rewrites many programs that
  /// share them.
  PreludeResult
  prepare(clang::CompilerInvocation &Invocation, bool UseCache,
          std::shared_ptr<clang::PCHContainerOperations> PCHOps) override {
    const RewriteRequest &R = S.Request;
    UseCache &= S.UseCache;
    PreludeResult Prelude = prepareSiteTyping(
        Invocation, UseCache,
        R.PchCacheDir.empty() ? defaultPreludeCacheDir() : R.PchCacheDir,
        PCHOps, StringRef(R.Source), R.ParseAllBodies);
    if (UseCache)
      Out.PreludeReport = describePrelude(Prelude);
    return Prelude;
  }

  Setting &S;
  RewriteResult &Out;
  llvm::raw_ostream &Messages;
};

/// The compile command of a file rewrite with the flags of device-side
/// analysis after its driver name (the command's own choices kept), and an
/// architecture newer than Clang 19 (sm_100, sm_120...) adapted.
std::vector<std::string> cudaCommandLine(const char *Argv0,
                                         const std::vector<std::string> &Cmd) {
  std::vector<std::string> Out;
  if (!Cmd.empty())
    Out.push_back(Cmd.front());
  std::vector<std::string> Extra =
      analysisArguments(FrontEnd::Rewriter, Argv0, Cmd);
  Out.insert(Out.end(), Extra.begin(), Extra.end());
  // nvcc's own macros, before the command's -D and -U; and what nvcc
  // accepts that Clang makes an error by default, before its -W.
  std::vector<std::string> Nvcc = nvccMacroArguments(Cmd);
  Out.insert(Out.end(), Nvcc.begin(), Nvcc.end());
  std::vector<std::string> Lenient = nvccLeniencyArguments();
  Out.insert(Out.end(), Lenient.begin(), Lenient.end());
  // nvcc's cuda_runtime.h includes <assert.h> (crt/common_functions.h), so
  // CUDA files call assert without including it; Clang's CUDA wrapper does
  // not. After the wrapper, before the command's own -include, as in nvcc.
  Out.push_back("-include");
  Out.push_back("assert.h");
  // Likewise its surface functions (crt/device_functions.h), which the
  // wrapper leaves out while it includes the texture ones. The rewrite
  // generates no code, so Clang never lowers their handler calls.
  Out.push_back("-include");
  Out.push_back("surface_indirect_functions.h");
  // And the C headers it includes that the wrapper does not (stdio.h and
  // time.h: CUDA files use FILE and printf without including them), and the
  // cache-operator loads and stores of sm_32_intrinsics.h (__stcs...), which
  // the wrapper leaves out; the shim declares them. Last, __CUDACC__ as
  // nvcc defines it, 1: the wrapper leaves it empty.
  for (const char *Header : {"stdio.h", "time.h", "ptxinject_cache_operators.h",
                             "ptxinject_cudacc.h"}) {
    Out.push_back("-include");
    Out.push_back(Header);
  }
  if (Cmd.size() > 1)
    Out.insert(Out.end(), Cmd.begin() + 1, Cmd.end());
  adaptGpuArchForClang(Out);
  return Out;
}

} // namespace

RewriteResult rewriteSource(const RewriteRequest &Req) {
  RewriteResult Out;
  Setting S{Req, Req.Rewrite, "", Req.UsePchCache};
  bool Nvrtc = Req.Mode == RewriteMode::Nvrtc;

  // The source lives in memory under its name, made absolute, so quoted
  // includes resolve against the folder that name points into.
  llvm::SmallString<256> Path(Req.Path.empty() ? "program.cu" : Req.Path);
  if (Req.WorkingDirectory.empty() || Nvrtc)
    llvm::sys::fs::make_absolute(Path);
  else
    llvm::sys::fs::make_absolute(Req.WorkingDirectory, Path);
  llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  auto Memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  auto Overlay = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
      llvm::vfs::getRealFileSystem());
  Overlay->pushOverlay(Memory);
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Fs = Overlay;

  std::vector<std::string> Cmd;
  std::vector<std::string> UserArgs = Req.Arguments; // in Clang's spelling
  if (Nvrtc) {
    Expected<NvrtcTranslation> Translated =
        translateNvrtcOptions(Req.Arguments);
    if (!Translated) {
      Out.Diagnostics = "error: " + Translated.error().Message + "\n";
      Out.BadOptions = true;
      return Out;
    }
    NvrtcTranslation T = Translated.take();
    for (const std::string &N : T.Notes)
      Out.Diagnostics += N + "\n";
    S.Suffix = nameExpressionSuffix(Req.NameExpressions);
    S.Options.NvrtcProgram = true;
    if (T.NoSourceInclude) {
      Fs = hideProgramFolder(Fs, Path, T.ClangArgs);
      // The cached include block is precompiled from a header in the cache
      // folder, its quoted includes found in the program's folder: not so
      // here.
      S.UseCache = false;
    }
    UserArgs = T.ClangArgs;
    Cmd = nvrtcClangCommandLine(Req.Argv0, T, std::string(Path));
  } else {
    Cmd = cudaCommandLine(Req.Argv0, Req.Arguments);
    if (!Req.WorkingDirectory.empty())
      Overlay->setCurrentWorkingDirectory(Req.WorkingDirectory);
  }
  // A source no site can reach is its own rewrite, whether or not Clang
  // would accept it (SiteFreeSource.h): nvcc is the judge of such a file.
  if (isSiteFreeSource(Req.Source, Path, UserArgs, Req.WorkingDirectory)) {
    Out.Ok = true;
    Out.Text = Req.Source;
    return Out;
  }
  Memory->addFile(
      Path, 0,
      llvm::MemoryBuffer::getMemBufferCopy(Req.Source + S.Suffix, Path));
  auto Files = llvm::makeIntrusiveRefCnt<clang::FileManager>(
      clang::FileSystemOptions(), Fs);

  std::string DiagText;
  llvm::raw_string_ostream DiagStream(DiagText);
  // From the command line, so that its warning flags reach the driver's own
  // messages too (-Wno-unknown-cuda-version: CUDA 13 is newer than Clang).
  std::vector<const char *> CmdPointers;
  for (const std::string &A : Cmd)
    CmdPointers.push_back(A.c_str());
  llvm::IntrusiveRefCntPtr<clang::DiagnosticOptions> DiagOpts =
      clang::CreateAndPopulateDiagOpts(CmdPointers).release();
  clang::TextDiagnosticPrinter Printer(DiagStream, DiagOpts.get());

  RewriteActionFactory Factory(S, Out, DiagStream);
  clang::tooling::ToolInvocation Invocation(
      std::move(Cmd), &Factory, Files.get(),
      std::make_shared<clang::PCHContainerOperations>());
  Invocation.setDiagnosticConsumer(&Printer);
  Invocation.setDiagnosticOptions(DiagOpts.get());
  bool Ran = Invocation.run();
  DiagStream.flush();
  Out.Diagnostics += DiagText;
  auto countNote = [&](unsigned N, const char *Where, const char *Why) {
    if (N > 0)
      Out.Diagnostics +=
          "note: " + std::to_string(N) + (N == 1 ? " error" : " errors") +
          " of Clang in " + Where +
          (N == 1 ? " passed on as a warning: " : " passed on as warnings: ") +
          Why + "\n";
  };
  countNote(S.HostErrors, "host-only code",
            "the rewrite reads the device side, and nvcc compiles the host "
            "code");
  countNote(S.DeviceErrors, "device code",
            "code without a site, a template nothing instantiates, or a "
            "Clang 19 limit that no site's type depends on; nvcc compiles "
            "it");
  // Any error printed fails the rewrite, the driver's ("unknown argument")
  // included, which does not stop the parse.
  if (!Ran || !Out.Ok || Printer.getNumErrors() > 0) {
    Out.Ok = false;
    Out.Text.clear();
    Out.Manifest = SiteManifest();
    if (Out.Diagnostics.find("error:") == std::string::npos)
      Out.Diagnostics += Nvrtc ? "error: the source could not be parsed as "
                                 "NVRTC would\n"
                               : "error: the rewriter could not process the "
                                 "source\n";
    // Clang's own words name only --cuda-path: say where a toolkit is
    // looked for and which packages make one (a pip-only environment).
    if (Out.Diagnostics.find("cannot find CUDA installation") !=
        std::string::npos)
      Out.Diagnostics += "note: the rewrite reads CUDA's headers from a "
                         "toolkit and found none ($CUDA_HOME, $CUDA_PATH, "
                         "the nvidia-* wheels beside the Python package, the "
                         "nvcc on PATH, /usr/local/cuda): set CUDA_HOME to a "
                         "CUDA 12 or 13 toolkit, or pip install "
                         "nvidia-cuda-nvcc nvidia-cuda-runtime "
                         "nvidia-cuda-crt nvidia-nvvm (CUDA 13: they make "
                         "site-packages/nvidia/cu13 a toolkit)\n";
  }
  return Out;
}

} // namespace frontend
} // namespace ptxinject
