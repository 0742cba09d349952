//===- CudaInvocation.cpp - Compiler flags a front end adds ---------------===//
#include "ptxinject/Frontend/Invocation/CudaInvocation.h"
#include "ptxinject/toolkit/CudaToolkit.h"

#include "clang/Basic/Cuda.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

#include <cstdlib>
#include <optional>

// Set by the build: where Clang's headers are.
#ifndef PTXINJECT_CLANG_RESOURCE_DIR
#define PTXINJECT_CLANG_RESOURCE_DIR ""
#endif

namespace ptxinject {
namespace frontend {

namespace {

bool isDir(const llvm::Twine &P) { return llvm::sys::fs::is_directory(P); }
bool exists(const llvm::Twine &P) { return llvm::sys::fs::exists(P); }

std::string joined(llvm::StringRef A, llvm::StringRef B, llvm::StringRef C = "",
                   llvm::StringRef D = "") {
  llvm::SmallString<256> P(A);
  // An empty component would still add a separator.
  for (llvm::StringRef Part : {B, C, D})
    if (!Part.empty())
      llvm::sys::path::append(P, Part);
  return std::string(P);
}

bool hasArgument(const std::vector<std::string> &Args, llvm::StringRef Prefix) {
  for (const std::string &A : Args)
    if (llvm::StringRef(A).starts_with(Prefix))
      return true;
  return false;
}

/// Whether Args put Dir on the include search path (-I, -isystem,
/// -idirafter, -iquote; joined or separate; any spelling of the folder).
bool searchesDirectory(const std::vector<std::string> &Args,
                       llvm::StringRef Dir) {
  for (size_t I = 0; I < Args.size(); ++I)
    for (llvm::StringRef Flag : {"-I", "-isystem", "-idirafter", "-iquote"}) {
      llvm::StringRef A = Args[I];
      if (!A.starts_with(Flag))
        continue;
      llvm::StringRef Value = A.drop_front(Flag.size());
      if (Value.empty() && I + 1 < Args.size())
        Value = Args[I + 1];
      bool Same = false;
      if (!Value.empty() && !llvm::sys::fs::equivalent(Value, Dir, Same) &&
          Same)
        return true;
    }
  return false;
}

/// An NVIDIA architecture as nvcc spells it after "sm_": its number (100 for
/// sm_100a) and its variant letter ('a' arch-specific, 'f' family-specific,
/// 0 for none).
struct SmArch {
  unsigned Number = 0;
  char Variant = 0;
};

std::optional<SmArch> parseSmArch(llvm::StringRef Text) {
  if (!Text.consume_front("sm_"))
    return std::nullopt;
  SmArch A;
  if (Text.ends_with("a") || Text.ends_with("f")) {
    A.Variant = Text.back();
    Text = Text.drop_back();
  }
  if (Text.empty() || Text.getAsInteger(10, A.Number) || A.Number < 10)
    return std::nullopt;
  return A;
}

/// The newest plain architecture Clang knows at or below Number (sm_90 for
/// every Blackwell one, sm_87 for sm_88); empty when there is none.
std::string typingArch(unsigned Number) {
  std::string Best;
  unsigned BestNumber = 0;
  for (int I = static_cast<int>(clang::OffloadArch::SM_20);
       I < static_cast<int>(clang::OffloadArch::GFX600); ++I) {
    const char *Name =
        clang::OffloadArchToString(static_cast<clang::OffloadArch>(I));
    std::optional<SmArch> A = parseSmArch(Name);
    if (A && !A->Variant && A->Number <= Number && A->Number > BestNumber) {
      Best = Name;
      BestNumber = A->Number;
    }
  }
  return Best;
}

} // namespace

void adaptGpuArchForClang(std::vector<std::string> &Args) {
  if (hasArgument(Args, "--cuda-host-only"))
    return;
  for (size_t I = 0; I < Args.size(); ++I) {
    llvm::StringRef Value = Args[I];
    if (!Value.consume_front("--cuda-gpu-arch=") &&
        !Value.consume_front("--offload-arch="))
      continue;
    std::optional<SmArch> A = parseSmArch(Value);
    if (!A)
      continue; // not an NVIDIA architecture: Clang says what is wrong
    std::string Real = std::to_string(A->Number * 10); // sm_120 -> 1200
    std::vector<std::string> Macros;
    bool Known =
        clang::StringToOffloadArch(Value) != clang::OffloadArch::UNKNOWN;
    if (!Known) {
      std::string Typing = typingArch(A->Number);
      if (Typing.empty())
        continue;
      Args[I] = "--cuda-gpu-arch=" + Typing;
      Macros = {"-U__CUDA_ARCH__", "-D__CUDA_ARCH__=" + Real};
    }
    // The macros of CUDA 12.9 and later for arch- and family-specific
    // targets (crt/host_defines.h reads them); Clang 19 defines only
    // __CUDA_ARCH_FEAT_SM90_ALL, for the one 'a' architecture it knows.
    if (A->Variant == 'a') {
      Macros.push_back("-D__CUDA_ARCH_SPECIFIC__=" + Real);
      if (!Known)
        Macros.push_back("-D__CUDA_ARCH_FEAT_SM" + std::to_string(A->Number) +
                         "_ALL=1");
    }
    if (A->Variant == 'a' || A->Variant == 'f')
      Macros.push_back("-D__CUDA_ARCH_FAMILY_SPECIFIC__=" + Real);
    Args.insert(Args.begin() + I + 1, Macros.begin(), Macros.end());
    I += Macros.size();
  }
}

std::string installPrefix(const char *Argv0) {
  if (!Argv0)
    return "";
  std::string Exe = llvm::sys::fs::getMainExecutable(
      Argv0, reinterpret_cast<void *>(&installPrefix));
  if (Exe.empty())
    return "";
  return llvm::sys::path::parent_path(llvm::sys::path::parent_path(Exe)).str();
}

std::string findCudaPath() { return ptxinject::toolkit::findCudaToolkit(); }

std::string findCudaShimDir(const char *Argv0) {
  if (const char *V = std::getenv("PTXINJECT_SHIM_DIR"))
    if (isDir(V))
      return V;
  std::string Prefix = installPrefix(Argv0);
  if (!Prefix.empty()) {
    std::string Installed = joined(Prefix, "share", "ptxinject", "cuda-shim");
    if (isDir(Installed))
      return Installed;
  }
  return "";
}

std::string findPtxInjectIncludeDir(const char *Argv0) {
  std::string Prefix = installPrefix(Argv0);
  if (!Prefix.empty() && exists(joined(Prefix, "include", "ptx_inject.h")))
    return joined(Prefix, "include");
  return "";
}

std::string findClangResourceDir(const char *Argv0) {
  // A copy that travels with the program first: the Python wheel carries
  // Clang's headers and says where (python/ptxinject/frontend.py).
  if (const char *Env = std::getenv("PTXINJECT_CLANG_RESOURCE_DIR");
      Env && *Env && isDir(joined(Env, "include")))
    return Env;
  llvm::StringRef Configured = PTXINJECT_CLANG_RESOURCE_DIR;
  if (!Configured.empty() && isDir(joined(Configured, "include")))
    return Configured.str();
  std::string Prefix = installPrefix(Argv0);
  if (!Prefix.empty()) {
    std::string Beside = joined(Prefix, "lib", "clang", "19");
    if (isDir(joined(Beside, "include")))
      return Beside;
  }
  return "";
}

std::vector<std::string>
nvccMacroArguments(const std::vector<std::string> &Existing) {
  std::string Cuda;
  for (const std::string &A : Existing)
    if (llvm::StringRef(A).starts_with("--cuda-path="))
      Cuda = A.substr(12);
  if (Cuda.empty())
    Cuda = findCudaPath();
  std::vector<std::pair<std::string, std::string>> Macros = {
      {"__NVCC__", "1"},
      {"__NVCC_DIAG_PRAGMA_SUPPORT__", "1"},
      {"CUDA_DOUBLE_MATH_FUNCTIONS", "1"},
      // One architecture per parse, as the note on a command with several
      // says: nvcc lists every one it compiles for.
      {"__CUDA_ARCH_LIST__", "__CUDA_ARCH__"}};
  if (std::optional<toolkit::CudaVersion> V =
          Cuda.empty() ? std::nullopt : toolkit::cudaToolkitVersion(Cuda)) {
    Macros.push_back({"__CUDACC_VER_MAJOR__", std::to_string(V->Major)});
    Macros.push_back({"__CUDACC_VER_MINOR__", std::to_string(V->Minor)});
    Macros.push_back({"__CUDACC_VER_BUILD__", std::to_string(V->Build)});
    Macros.push_back({"__CUDA_API_VER_MAJOR__", std::to_string(V->Major)});
    Macros.push_back({"__CUDA_API_VER_MINOR__", std::to_string(V->Minor)});
  }
  std::vector<std::string> Args;
  for (const auto &[Name, Value] : Macros) {
    bool Given = false;
    for (const std::string &A : Existing) {
      llvm::StringRef Arg(A);
      if ((Arg.consume_front("-D") || Arg.consume_front("-U")) &&
          Arg.take_until([](char C) { return C == '='; }) == Name)
        Given = true;
    }
    if (!Given)
      Args.push_back("-D" + Name + "=" + Value);
  }
  return Args;
}

std::vector<std::string> nvccLeniencyArguments() {
  return {// nvcc: silent.
          "-Wno-register", "-Wno-invalid-constexpr",
          "-Wno-enum-constexpr-conversion",
          // nvcc: a warning (#2361, #1308, #708; the host preprocessor's
          // -Wliteral-suffix; none in a template it never instantiates).
          "-Wno-error=c++11-narrowing", "-Wno-error=address-of-temporary",
          "-Wno-error=increment-bool",
          "-Wno-error=reserved-user-defined-literal",
          "-Wno-error=missing-template-arg-list-after-template-kw"};
}

std::vector<std::string>
analysisArguments(FrontEnd Which, const char *Argv0,
                  const std::vector<std::string> &Existing) {
  std::vector<std::string> Args;
  Args.push_back(Which == FrontEnd::Rewriter ? "-D__PTX_INJECT_ANALYSIS__"
                                             : "-D__PTX_INJECT_PLUGIN__");
  if (Which == FrontEnd::Rewriter) {
    // The rewriter reads the device side only: that is where sites become asm.
    if (!hasArgument(Existing, "-x")) {
      Args.push_back("-x");
      Args.push_back("cuda");
    }
    if (!hasArgument(Existing, "--cuda-device-only") &&
        !hasArgument(Existing, "--cuda-host-only"))
      Args.push_back("--cuda-device-only");
    if (!hasArgument(Existing, "--cuda-gpu-arch") &&
        !hasArgument(Existing, "--offload-arch"))
      Args.push_back("--cuda-gpu-arch=sm_80");
    if (!hasArgument(Existing, "-fsyntax-only"))
      Args.push_back("-fsyntax-only");
    // Clang's errors in code without a site are passed on as warnings
    // (SiteFreeCodeErrors.h) but still counted: at Clang's limit of 20 it
    // would stop the parse of a file nvcc compiles.
    if (!hasArgument(Existing, "-ferror-limit"))
      Args.push_back("-ferror-limit=0");
  }
  if (!hasArgument(Existing, "--cuda-path")) {
    std::string Cuda = findCudaPath();
    if (!Cuda.empty())
      Args.push_back("--cuda-path=" + Cuda);
    // The chosen toolkit's headers before the system folders, as nvcc
    // searches its own first: /usr/local/include or /usr/include may hold
    // another toolkit's copies (a distribution's CUDA package), which Clang
    // would otherwise read ahead of --cuda-path's.
    std::string CudaInclude = joined(Cuda, "include");
    if (!Cuda.empty() && isDir(CudaInclude)) {
      Args.push_back("-isystem");
      Args.push_back(CudaInclude);
    }
    // nvcc finds CCCL (cuda/std, cub, thrust) in include/cccl by itself and
    // Clang does not. -idirafter: any -I or -isystem the user gives is
    // searched first, so a user's own CCCL still wins.
    std::string Cccl = joined(Cuda, "include", "cccl");
    if (!Cuda.empty() && isDir(Cccl)) {
      Args.push_back("-idirafter");
      Args.push_back(Cccl);
    }
  }
  // CUDA 13 is newer than Clang 19 knows; the headers still parse.
  Args.push_back("-Wno-unknown-cuda-version");
  // CUDA 13.2 and later end rsqrt's definition in crt/math_functions.hpp
  // with _NV_RSQRT_SPECIFIER, defined in crt/math_functions.h; Clang 19's
  // CUDA wrapper includes the .hpp alone, so the name is left undefined and
  // the definition does not parse. Empty is the value the header gives it
  // there: the wrapper has already made __THROW, its other value, empty.
  if (!hasArgument(Existing, "-D_NV_RSQRT_SPECIFIER"))
    Args.push_back("-D_NV_RSQRT_SPECIFIER=");
  // After the toolkit's own headers: a shim header stands in only for one the
  // toolkit in use lacks (CUDA 13 dropped texture_fetch_functions.h but still
  // ships texture_indirect_functions.h, which declares tex2D and its kin).
  std::string Shim = findCudaShimDir(Argv0);
  if (!Shim.empty()) {
    Args.push_back("-idirafter");
    Args.push_back(Shim);
  }
  // Last, so the user's own ptx_inject.h wins; not at all when the user
  // names this folder: Clang keeps one entry of a folder given twice, the
  // system one, and would drop the user's place for it.
  std::string Include = findPtxInjectIncludeDir(Argv0);
  if (!Include.empty() && !searchesDirectory(Existing, Include)) {
    Args.push_back("-idirafter");
    Args.push_back(Include);
  }
  if (!hasArgument(Existing, "-resource-dir")) {
    std::string Resource = findClangResourceDir(Argv0);
    if (!Resource.empty()) {
      Args.push_back("-resource-dir");
      Args.push_back(Resource);
    }
  }
  return Args;
}

} // namespace frontend
} // namespace ptxinject
