//===- NvrtcInvocation.cpp - Read a source as NVRTC reads it --------------===//
#include "ptxinject/Frontend/NvrtcInvocation.h"

#include "ptxinject/Frontend/CommentAnnotations.h"
#include "ptxinject/Frontend/CudaInvocation.h"
#include "ptxinject/Frontend/MarkerDiagnostics.h"
#include "ptxinject/Frontend/PreludeCache.h"
#include "ptxinject/Frontend/SiteTyping.h"
#include "ptxinject/Frontend/TypeUniquing.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/FileManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/Sema/SemaConsumer.h"
#include "clang/Serialization/PCHContainerOperations.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

namespace ptxinject {
namespace frontend {

namespace {

using llvm::StringRef;

/// NVRTC options that only steer code generation, linking or messages: the
/// parse is the same with or without them.
bool changesNothingParsed(StringRef Name) {
  return llvm::StringSwitch<bool>(Name)
      .Cases("--diag-suppress", "-diag-suppress", "--diag-error", "-diag-error",
             "--diag-warn", "-diag-warn", true)
      .Cases("--device-debug", "-G", "--generate-line-info", "-lineinfo", true)
      .Cases("--ptxas-options", "-Xptxas", "--maxrregcount", "-maxrregcount",
             true)
      .Cases("--ftz", "-ftz", "--prec-sqrt", "-prec-sqrt", "--prec-div",
             "-prec-div", "--fmad", "-fmad", true)
      .Cases("--extra-device-vectorization", "-extra-device-vectorization",
             "--dopt", "-dopt", "--time", "-time", true)
      .Cases("--split-compile", "-split-compile", "--dlink-time-opt", "-dlto",
             "--gen-opt-lto", "-gen-opt-lto", true)
      .Cases("--disable-warnings", "-w", "--restrict", "-restrict",
             "--Wreorder", "-Wreorder", true)
      .Cases("--Wno-deprecated-declarations", "-Wno-deprecated-declarations",
             "--display-error-number", "-err-no", "--no-display-error-number",
             "-no-err-no", true)
      .Cases("--relocatable-device-code", "-rdc", "--extensible-whole-program",
             "-ewp", true)
      .Cases("--optimization-info", "-opt-info", "--device-stack-protector",
             "-device-stack-protector", true)
      .Default(false);
}

/// NVRTC options that take a value; the value may be attached with '=' or
/// follow as the next word.
enum class Kind { Define, Undefine, Include, PreInclude, Std, Arch, Ignored };

bool optionKind(StringRef Name, Kind &K) {
  std::optional<Kind> Found =
      llvm::StringSwitch<std::optional<Kind>>(Name)
          .Cases("-D", "--define-macro", Kind::Define)
          .Cases("-U", "--undefine-macro", Kind::Undefine)
          .Cases("-I", "--include-path", Kind::Include)
          .Cases("-include", "--pre-include", Kind::PreInclude)
          .Cases("-std", "--std", Kind::Std)
          .Cases("-arch", "--gpu-architecture", Kind::Arch)
          .Default(std::nullopt);
  if (Found)
    K = *Found;
  else if (changesNothingParsed(Name))
    K = Kind::Ignored;
  else
    return false;
  return true;
}

/// compute_80, sm_80, sm_90a -> sm_80, sm_80, sm_90a (Clang's spelling).
std::optional<std::string> clangArch(StringRef Value) {
  StringRef Digits;
  if (Value.consume_front("compute_") || Value.consume_front("sm_"))
    Digits = Value;
  else
    return std::nullopt;
  if (Digits.empty() || !std::isdigit(static_cast<unsigned char>(Digits[0])))
    return std::nullopt;
  return "sm_" + Digits.str();
}

} // namespace

NvrtcTranslation
translateNvrtcOptions(const std::vector<std::string> &Options) {
  NvrtcTranslation T;
  std::string Std = "-std=c++17"; // NVRTC's default dialect
  std::string Arch;
  for (size_t I = 0; I < Options.size(); ++I) {
    StringRef Opt = Options[I];
    if (Opt == "-default-device" ||
        Opt == "--device-as-default-execution-space") {
      T.DefaultDevice = true;
      continue;
    }
    if (Opt == "--use_fast_math" || Opt == "-use_fast_math") {
      // NVRTC defines __USE_FAST_MATH__ under it; the math headers read it.
      T.ClangArgs.push_back("-D__USE_FAST_MATH__");
      continue;
    }
    // Split NAME=VALUE, -DVALUE / -IVALUE, or NAME VALUE.
    StringRef Name = Opt, Value;
    bool HasValue = false;
    if (size_t Eq = Opt.find('=');
        Eq != StringRef::npos && Opt.starts_with("-")) {
      Name = Opt.take_front(Eq);
      Value = Opt.drop_front(Eq + 1);
      HasValue = true;
    }
    Kind K;
    if (!optionKind(Name, K)) {
      // Attached values: -DNAME, -IDIR, -UNAME.
      if (Opt.size() > 2 && (Opt.starts_with("-D") || Opt.starts_with("-I") ||
                             Opt.starts_with("-U"))) {
        Name = Opt.take_front(2);
        Value = Opt.drop_front(2);
        HasValue = true;
        optionKind(Name, K);
      } else {
        T.Error = "unknown NVRTC option '" + Opt.str() +
                  "'; options are given as NVRTC takes them "
                  "(e.g. -default-device -std=c++17 -I DIR -D NAME)";
        return T;
      }
    }
    if (K == Kind::Ignored) {
      // A separate value ('-Xptxas -v', '--maxrregcount 32') is skipped too.
      bool SeparateValue =
          !HasValue && I + 1 < Options.size() &&
          (Name == "-Xptxas" || Name == "--ptxas-options" ||
           Name == "-maxrregcount" || Name == "--maxrregcount");
      T.Notes.push_back("note: NVRTC option '" + Opt.str() +
                        (SeparateValue ? " " + Options[I + 1] : std::string()) +
                        "' does not change how the source is read; ignored");
      if (SeparateValue)
        ++I;
      continue;
    }
    if (!HasValue) {
      if (I + 1 >= Options.size()) {
        T.Error = "NVRTC option '" + Opt.str() + "' needs a value";
        return T;
      }
      Value = Options[++I];
    }
    switch (K) {
    case Kind::Define:
      T.ClangArgs.push_back("-D" + Value.str());
      break;
    case Kind::Undefine:
      T.ClangArgs.push_back("-U" + Value.str());
      break;
    case Kind::Include:
      T.ClangArgs.push_back("-I" + Value.str());
      break;
    case Kind::PreInclude:
      T.ClangArgs.push_back("-include");
      T.ClangArgs.push_back(Value.str());
      break;
    case Kind::Std:
      if (!Value.starts_with("c++")) {
        T.Error = "NVRTC option '" + Opt.str() +
                  "': the dialect is c++03, c++11, c++14, c++17 or c++20";
        return T;
      }
      Std = "-std=" + Value.str();
      break;
    case Kind::Arch: {
      std::optional<std::string> A = clangArch(Value);
      if (!A) {
        T.Error = "NVRTC option '" + Opt.str() +
                  "': the architecture is compute_XX or sm_XX";
        return T;
      }
      Arch = *A;
      break;
    }
    case Kind::Ignored:
      break;
    }
  }
  T.ClangArgs.insert(T.ClangArgs.begin(), Std);
  // NVRTC's default virtual architecture in CUDA 13 is compute_75.
  T.ClangArgs.insert(T.ClangArgs.begin(),
                     "--cuda-gpu-arch=" + (Arch.empty() ? "sm_75" : Arch));
  return T;
}

std::string findNvrtcShimDir(const char *Argv0) {
  auto HasPrelude = [](StringRef Dir) {
    llvm::SmallString<256> P(Dir);
    llvm::sys::path::append(P, "ptx_inject_nvrtc_prelude.h");
    return !Dir.empty() && llvm::sys::fs::exists(P);
  };
  if (const char *V = std::getenv("PTXINJECT_NVRTC_SHIM_DIR"))
    if (HasPrelude(V))
      return V;
  std::string Prefix = installPrefix(Argv0);
  if (!Prefix.empty()) {
    llvm::SmallString<256> P(Prefix);
    llvm::sys::path::append(P, "share", "ptxinject", "nvrtc-shim");
    if (HasPrelude(P))
      return std::string(P);
  }
  return "";
}

std::vector<std::string> nvrtcClangCommandLine(const char *Argv0,
                                               const NvrtcTranslation &Options,
                                               const std::string &SourcePath) {
  std::vector<std::string> Cmd = {"clang++"};
  // The user's -I come first, as NVRTC searches them first; the shims and
  // CUDA's headers follow as system folders. Pre-included headers wait until
  // after the prelude: they are part of the program.
  std::vector<std::string> PreIncludes;
  for (size_t I = 0; I < Options.ClangArgs.size(); ++I) {
    if (Options.ClangArgs[I] == "-include" &&
        I + 1 < Options.ClangArgs.size()) {
      PreIncludes.push_back(Options.ClangArgs[I]);
      PreIncludes.push_back(Options.ClangArgs[++I]);
      continue;
    }
    Cmd.push_back(Options.ClangArgs[I]);
  }
  // The common analysis flags: device side only, CUDA installation, CUDA 13
  // shims, ptx_inject.h, Clang's resource folder. CCCL is not added by
  // analysisArguments's rule alone: NVRTC finds it only through -I, and so
  // does this mode (see below).
  std::vector<std::string> Common =
      analysisArguments(FrontEnd::Rewriter, Argv0, Cmd);
  for (size_t I = 0; I < Common.size(); ++I) {
    if (Common[I] == "-idirafter" && I + 1 < Common.size() &&
        StringRef(Common[I + 1]).ends_with("cccl")) {
      ++I;
      continue;
    }
    Cmd.push_back(Common[I]);
  }
  // No host C++ library: the stand-ins in the shim folder give Clang's CUDA
  // wrapper the C declarations it needs and nothing in namespace std beyond
  // what NVRTC declares itself.
  Cmd.push_back("-nostdinc++");
  std::string Shim = findNvrtcShimDir(Argv0);
  if (!Shim.empty()) {
    Cmd.push_back("-isystem");
    Cmd.push_back(Shim);
  }
  // Clang's std:: overloads of the math functions and its complex helpers
  // need <limits> and std::isnan from the host library; NVRTC has neither.
  Cmd.push_back("-D__CLANG_CUDA_CMATH_H__");
  Cmd.push_back("-D__CLANG_CUDA_COMPLEX_BUILTINS");
  if (Options.DefaultDevice)
    Cmd.push_back("-D__PTX_INJECT_NVRTC_DEFAULT_DEVICE__");
  Cmd.push_back("-include");
  Cmd.push_back("ptx_inject_nvrtc_prelude.h");
  Cmd.insert(Cmd.end(), PreIncludes.begin(), PreIncludes.end());
  // Without __clang__, CCCL and CuTe are read as NVRTC reads them, and no
  // longer as system headers of Clang: their warnings are NVRTC's business.
  // A program is a header to NVRTC: '#pragma once' in it is normal.
  for (const char *W :
       {"-Wno-macro-redefined", "-Wno-c++26-extensions",
        "-Wno-c++23-extensions", "-Wno-c++20-extensions",
        "-Wno-c++17-extensions", "-Wno-pragma-once-outside-header",
        "-Wno-unused-command-line-argument", "-Wno-unknown-warning-option"})
    Cmd.push_back(W);
  // An architecture newer than Clang's (sm_100, sm_120...) is typed on one
  // it knows, and the program sees the real __CUDA_ARCH__.
  adaptGpuArchForClang(Cmd);
  Cmd.push_back(SourcePath);
  return Cmd;
}

std::string nameExpressionSuffix(const std::vector<std::string> &Expressions) {
  std::string S;
  for (size_t I = 0; I < Expressions.size(); ++I) {
    std::string N = std::to_string(I + 1);
    // Like nvrtcAddNameExpression: taking the expression's value odr-uses
    // the function template specialization it names, which instantiates it.
    // '#line 0' puts the declaration itself in the expression's own file
    // too, and the expression at its line 1, column 1.
    S +=
        "\n#line 0 \"name expression " + N +
        "\"\n[[maybe_unused]] static auto const __ptx_inject_name_expression_" +
        N + " =\n" + Expressions[I] + "\n;";
  }
  if (!S.empty())
    S += "\n";
  return S;
}

namespace {

/// Rewrites the main file once Sema is done, and takes the name expressions
/// back off its end.
class NvrtcRewriteConsumer : public SiteTypingConsumer {
public:
  NvrtcRewriteConsumer(const NvrtcRewriteRequest &Req, std::string Suffix,
                       NvrtcRewriteResult &Out, clang::CompilerInstance &CI,
                       const PreludeResult &Prelude)
      : SiteTypingConsumer(CI, Prelude, Req.ParseAllBodies), Req(Req),
        Suffix(std::move(Suffix)), Out(Out), PP(CI.getPreprocessor()) {}

  void HandleTranslationUnit(clang::ASTContext &Ctx) override {
    if (Ctx.getDiagnostics().hasErrorOccurred())
      return;
    SiteManifest Manifest;
    // Type tokens the source declares (PTX_TYPE_INFO_<NAME>) come from
    // this file's preprocessor.
    RewriteOptions Options = Req.Rewrite;
    Options.PP = &PP;
    std::optional<std::string> Text = rewriteMainFile(Ctx, Options, Manifest);
    if (!Text)
      return;
    if (!StringRef(*Text).ends_with(Suffix)) {
      auto &D = Ctx.getDiagnostics();
      D.Report(D.getCustomDiagID(clang::DiagnosticsEngine::Error,
                                 "internal error: the name expressions "
                                 "appended to the source were rewritten"));
      return;
    }
    Text->resize(Text->size() - Suffix.size());
    Out.Text = std::move(*Text);
    Out.Manifest = std::move(Manifest);
    Out.Ok = true;
  }

private:
  const NvrtcRewriteRequest &Req;
  std::string Suffix;
  NvrtcRewriteResult &Out;
  clang::Preprocessor &PP;
};

class NvrtcRewriteAction : public clang::ASTFrontendAction {
public:
  NvrtcRewriteAction(const NvrtcRewriteRequest &Req, const std::string &Suffix,
                     NvrtcRewriteResult &Out, llvm::raw_ostream &Messages,
                     const PreludeResult &Prelude)
      : Req(Req), Suffix(Suffix), Out(Out), Messages(Messages),
        Prelude(Prelude) {}

  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &CI, StringRef) override {
    // "N errors generated" goes with the messages, not to the process's
    // stderr: a caller in-process decides what to print.
    CI.setVerboseOutputStream(Messages);
    addCommentAnnotationHandler(CI.getPreprocessor());
    restateMarkerErrors(CI.getDiagnostics(), CI.getLangOpts());
    reserveTypeUniquingSets(CI.getASTContext());
    return std::make_unique<NvrtcRewriteConsumer>(Req, Suffix, Out, CI,
                                                  Prelude);
  }

private:
  const NvrtcRewriteRequest &Req;
  const std::string &Suffix;
  NvrtcRewriteResult &Out;
  llvm::raw_ostream &Messages;
  PreludeResult Prelude;
};

class NvrtcRewriteFactory : public clang::tooling::FrontendActionFactory {
public:
  NvrtcRewriteFactory(const NvrtcRewriteRequest &Req, const std::string &Suffix,
                      NvrtcRewriteResult &Out, llvm::raw_ostream &Messages)
      : Req(Req), Suffix(Suffix), Out(Out), Messages(Messages) {}

  std::unique_ptr<clang::FrontendAction> create() override {
    return std::make_unique<NvrtcRewriteAction>(Req, Suffix, Out, Messages,
                                                Prelude);
  }

  bool runInvocation(std::shared_ptr<clang::CompilerInvocation> Invocation,
                     clang::FileManager *Files,
                     std::shared_ptr<clang::PCHContainerOperations> PCHOps,
                     clang::DiagnosticConsumer *Diags) override {
    // The program's include block is precompiled with CUDA's headers, as a
    // file rewrite's is: a search compiles many programs that share it.
    Prelude = prepareSiteTyping(
        *Invocation, Req.UsePchCache,
        Req.PchCacheDir.empty() ? defaultPreludeCacheDir() : Req.PchCacheDir,
        PCHOps, llvm::StringRef(Req.Source), Req.ParseAllBodies);
    if (Req.UsePchCache && Req.ReportPchCache)
      Out.Diagnostics += "note: " + describePrelude(Prelude) + "\n";
    return FrontendActionFactory::runInvocation(std::move(Invocation), Files,
                                                std::move(PCHOps), Diags);
  }

private:
  const NvrtcRewriteRequest &Req;
  const std::string &Suffix;
  NvrtcRewriteResult &Out;
  llvm::raw_ostream &Messages;
  PreludeResult Prelude; ///< of the invocation being run
};

} // namespace

NvrtcRewriteResult rewriteNvrtcSource(const NvrtcRewriteRequest &Req) {
  NvrtcRewriteResult Out;
  NvrtcTranslation T = translateNvrtcOptions(Req.Options);
  if (!T.Error.empty()) {
    Out.Diagnostics = "error: " + T.Error + "\n";
    return Out;
  }
  for (const std::string &N : T.Notes)
    Out.Diagnostics += N + "\n";

  // The program lives in memory under its name, made absolute, so quoted
  // includes resolve against the folder that name points into.
  llvm::SmallString<256> Path(Req.Name.empty() ? "program.cu" : Req.Name);
  llvm::sys::fs::make_absolute(Path);
  llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  std::string Suffix = nameExpressionSuffix(Req.NameExpressions);
  auto Memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  Memory->addFile(
      Path, 0, llvm::MemoryBuffer::getMemBufferCopy(Req.Source + Suffix, Path));
  auto Overlay = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
      llvm::vfs::getRealFileSystem());
  Overlay->pushOverlay(Memory);
  auto Files = llvm::makeIntrusiveRefCnt<clang::FileManager>(
      clang::FileSystemOptions(), Overlay);

  std::string DiagText;
  llvm::raw_string_ostream DiagStream(DiagText);
  std::vector<std::string> Cmd =
      nvrtcClangCommandLine(Req.Argv0, T, std::string(Path));
  // The warning flags (-Wno-unknown-cuda-version) must reach the driver's
  // own messages too.
  std::vector<const char *> CmdPointers;
  for (const std::string &A : Cmd)
    CmdPointers.push_back(A.c_str());
  llvm::IntrusiveRefCntPtr<clang::DiagnosticOptions> DiagOpts =
      clang::CreateAndPopulateDiagOpts(CmdPointers).release();
  clang::TextDiagnosticPrinter Printer(DiagStream, DiagOpts.get());

  NvrtcRewriteRequest Effective = Req;
  Effective.Rewrite.NvrtcProgram = true;
  NvrtcRewriteFactory Factory(Effective, Suffix, Out, DiagStream);
  clang::tooling::ToolInvocation Invocation(
      std::move(Cmd), &Factory, Files.get(),
      std::make_shared<clang::PCHContainerOperations>());
  Invocation.setDiagnosticConsumer(&Printer);
  Invocation.setDiagnosticOptions(DiagOpts.get());
  bool Ran = Invocation.run();
  DiagStream.flush();
  Out.Diagnostics += DiagText;
  if (!Ran || !Out.Ok) {
    Out.Ok = false;
    Out.Text.clear();
    if (Out.Diagnostics.find("error:") == std::string::npos)
      Out.Diagnostics +=
          "error: the source could not be parsed as NVRTC would\n";
  }
  return Out;
}

} // namespace frontend
} // namespace ptxinject
