//===- NvrtcInvocation.cpp - Read a source as NVRTC reads it --------------===//
#include "ptxinject/Frontend/Invocation/NvrtcInvocation.h"

#include "ptxinject/Frontend/Invocation/CudaInvocation.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <cstdlib>

namespace ptxinject {
namespace frontend {

using llvm::StringRef;

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
  // NVRTC's own macros come first: the user's -U and -D may change them.
  Cmd.insert(Cmd.end(), Options.OptionMacros.begin(),
             Options.OptionMacros.end());
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
    // too, and the expression at its line 1, column 1. 'namespace' can only
    // begin a declaration: a program whose last one is unfinished
    // ('struct S {}') gets Clang's "expected ';'" at its own end, not errors
    // of a declaration run on into this one.
    S += "\n#line 0 \"name expression " + N +
         "\"\nnamespace { [[maybe_unused]] static auto const "
         "__ptx_inject_name_expression_" +
         N + " =\n" + Expressions[I] + "\n; }";
  }
  if (!S.empty())
    S += "\n";
  return S;
}

namespace {

/// --no-source-include: NVRTC does not search the program's folder for its
/// quoted includes. Clang always looks beside the including file first, so
/// the files beside the program (itself excepted) are hidden under the
/// spelling Clang uses for that lookup, "<folder>/<name>"; an -I naming the
/// folder is spelled "<folder>/../<folder's name>" (Clang keeps the "..")
/// so that it still finds them.
class HideProgramFolder : public llvm::vfs::ProxyFileSystem {
public:
  HideProgramFolder(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base,
                    std::string Program)
      : ProxyFileSystem(std::move(Base)), Program(std::move(Program)),
        Folder(llvm::sys::path::parent_path(this->Program).str()) {}

  llvm::ErrorOr<llvm::vfs::Status> status(const llvm::Twine &Path) override {
    if (hidden(Path))
      return std::make_error_code(std::errc::no_such_file_or_directory);
    return ProxyFileSystem::status(Path);
  }
  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>>
  openFileForRead(const llvm::Twine &Path) override {
    if (hidden(Path))
      return std::make_error_code(std::errc::no_such_file_or_directory);
    return ProxyFileSystem::openFileForRead(Path);
  }

private:
  bool hidden(const llvm::Twine &Path) const {
    llvm::SmallString<256> P;
    StringRef S = Path.toStringRef(P);
    return S != Program && llvm::sys::path::parent_path(S) == Folder;
  }
  std::string Program, Folder;
};

} // namespace

llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
hideProgramFolder(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Files,
                  StringRef Program, std::vector<std::string> &ClangArgs) {
  StringRef Folder = llvm::sys::path::parent_path(Program);
  for (std::string &A : ClangArgs) {
    llvm::SmallString<256> Dir(StringRef(A).drop_front(2));
    llvm::sys::path::remove_dots(Dir, /*remove_dot_dot=*/true);
    if (StringRef(A).starts_with("-I") && Dir == Folder)
      A = "-I" + Folder.str() + "/../" +
          llvm::sys::path::filename(Folder).str();
  }
  return llvm::makeIntrusiveRefCnt<HideProgramFolder>(std::move(Files),
                                                      Program.str());
}

} // namespace frontend
} // namespace ptxinject
