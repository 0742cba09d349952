//===- Doctor.cpp - What this machine has for PTX Inject ------------------===//
#include "ptxinject/doctor/Doctor.h"

#include "ptxinject/backends/CubinBackend.h"
#include "ptxinject/backends/CudaTool.h"
#include "ptxinject/support/ByteSize.h"
#include "ptxinject/support/File.h"
#include "ptxinject/toolkit/CudaToolkit.h"
#include "ptxinject/variants/VariantCache.h"
#include "ptxinject/variants/VariantCacheFolder.h"

#include <algorithm>
#include <cstdlib>
#include <dlfcn.h>
#include <ftw.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace ptxinject;
using namespace ptxinject::backends;
using namespace ptxinject::doctor;
using namespace ptxinject::toolkit;
using namespace ptxinject::variants;

namespace {

/// "CUDA 13.0" from ROOT/include/cuda.h's CUDA_VERSION (13000); empty
/// when it cannot be read.
std::string toolkitVersion(const std::string &Root) {
  std::optional<CudaVersion> V = cudaToolkitVersion(Root);
  return V ? "CUDA " + std::to_string(V->Major) + "." + std::to_string(V->Minor)
           : "";
}

/// The line of a program's --version that names its release ("Cuda
/// compilation tools, release 13.0, V13.0.88"), else its last; or empty.
std::string programVersion(const std::string &Program) {
  char Log[] = "/tmp/ptxinject-doctor-XXXXXX";
  int Fd = ::mkstemp(Log);
  if (Fd < 0)
    return "";
  ::close(Fd);
  ToolRun Run = runTool({Program, "--version"}, Log, {10, 0});
  ::unlink(Log);
  std::string Text = Run.Ok ? Run.Log : "";
  while (!Text.empty() && (Text.back() == '\n' || Text.back() == '\r'))
    Text.pop_back();
  size_t Release = Text.find("release ");
  if (Release != std::string::npos) {
    size_t Start = Text.rfind('\n', Release);
    Start = Start == std::string::npos ? 0 : Start + 1;
    return Text.substr(Start, Text.find('\n', Release) - Start);
  }
  size_t Eol = Text.rfind('\n');
  return Eol == std::string::npos ? Text : Text.substr(Eol + 1);
}

/// Where the toolkit came from, in findCudaToolkit's order.
std::string toolkitSource(const std::string &Root) {
  for (const char *Var : {"CUDA_HOME", "CUDA_PATH"})
    if (const char *V = std::getenv(Var); V && *V && Root == V)
      return std::string("$") + Var;
  if (std::string Site = pythonSitePackages();
      !Site.empty() && Root == Site + "/nvidia/cu13")
    return "the nvidia-* wheels beside the package";
  return Root == "/usr/local/cuda" ? "the default place" : "the nvcc on PATH";
}

/// The first of Lib's candidates that loads, as "path (VERSION)".
std::string loadableLibrary(const CudaLibrary &Lib, const char *VersionSymbol) {
  for (const std::string &Path : cudaLibraryCandidates(Lib)) {
    void *H = ::dlopen(Path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!H)
      continue;
    std::string Found = Path;
    using VersionFn = int (*)(int *, int *);
    if (auto Version = reinterpret_cast<VersionFn>(::dlsym(H, VersionSymbol))) {
      int Major = 0, Minor = 0;
      if (Version(&Major, &Minor) == 0)
        Found += " (" + std::string(Lib.Stem) + " " + std::to_string(Major) +
                 "." + std::to_string(Minor) + ")";
    }
    // Left loaded: unloading a CUDA library strands what it allocated at
    // load (its C++ runtime's emergency pool), which leak checkers report.
    return Found;
  }
  return "";
}

std::uint64_t FolderBytes = 0;
int addFileBytes(const char *, const struct stat *St, int Type, struct FTW *) {
  if (Type == FTW_F)
    FolderBytes += std::uint64_t(St->st_blocks) * 512;
  return 0;
}

/// Disk use of a folder tree (0 when absent). Not thread-safe (nftw).
std::uint64_t folderBytes(const std::string &Dir) {
  FolderBytes = 0;
  ::nftw(Dir.c_str(), addFileBytes, 16, FTW_PHYS);
  return FolderBytes;
}

/// The GPU as the driver sees it: "N device(s)", or why there is none.
DoctorFinding gpu() {
  DoctorFinding F{"gpu", "", "", false};
  void *H = ::dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!H) {
    F.Found = "no driver (libcuda.so.1 not found): compiling needs none; "
              "running cubins does";
    return F;
  }
  using InitFn = int (*)(unsigned);
  using CountFn = int (*)(int *);
  auto Init = reinterpret_cast<InitFn>(::dlsym(H, "cuInit"));
  auto Count = reinterpret_cast<CountFn>(::dlsym(H, "cuDeviceGetCount"));
  int N = 0;
  int R = Init && Count ? Init(0) : -1;
  if (R == 0)
    R = Count(&N);
  F.Found = R == 0 ? std::to_string(N) + " device(s) (driver libcuda.so.1)"
                   : "driver present, no usable device (cuInit error " +
                         std::to_string(R) + ")";
  return F; // the driver stays loaded, as above
}

} // namespace

std::vector<DoctorFinding>
ptxinject::doctor::examineEnvironment(const std::string &ToolFolder) {
  std::vector<DoctorFinding> Out;
  auto add = [&](std::string Topic, std::string Found, std::string Fix) {
    bool Missing = !Fix.empty();
    Out.push_back(
        {std::move(Topic), std::move(Found), std::move(Fix), Missing});
  };

  std::string Root = findCudaToolkit();
  if (Root.empty())
    add("toolkit",
        "none found ($CUDA_HOME, $CUDA_PATH, nvidia-* wheels, nvcc on "
        "PATH, /usr/local/cuda)",
        "set CUDA_HOME to a CUDA 12 or 13 toolkit, or pip install "
        "nvidia-cuda-nvcc nvidia-cuda-runtime nvidia-cuda-crt nvidia-nvvm "
        "(CUDA 13 as wheels; the back ends need only nvidia-nvjitlink)");
  else {
    std::string V = toolkitVersion(Root);
    add("toolkit",
        Root + " (" + (V.empty() ? "version unknown" : V) + "; from " +
            toolkitSource(Root) + ")",
        "");
  }
  std::string Nvcc = findCudaTool("nvcc");
  std::string NvccFound =
      Nvcc.empty() ? "not found" : Nvcc + ": " + programVersion(Nvcc);
  // CUDA 12 wheels hold no nvcc: the one on PATH may be another toolkit's,
  // whose PTX the chosen toolkit's compilers may not read.
  if (!Nvcc.empty() && !Root.empty() && Nvcc.rfind(Root + "/", 0) != 0)
    NvccFound += " (not the toolkit's: " + Root + " has no bin/nvcc)";
  add("nvcc", NvccFound,
      Nvcc.empty() ? "CUDA sources need nvcc or NVRTC: pip install "
                     "nvidia-cuda-nvcc (CUDA 13), or a CUDA toolkit"
                   : "");

  CubinOptions Options;
  for (CubinBackendKind Kind :
       {CubinBackendKind::NvPtxCompiler, CubinBackendKind::Ptxas,
        CubinBackendKind::NvJitLink}) {
    Expected<std::unique_ptr<CubinBackend>> B =
        createCubinBackend(Kind, Options);
    std::string Fix;
    if (!B)
      Fix = Kind == CubinBackendKind::NvPtxCompiler
                ? "utils/install-nvptxcompiler, then rebuild (a static "
                  "library, linked when the project is built)"
            : Kind == CubinBackendKind::Ptxas
                ? "pip install nvidia-cuda-nvcc (CUDA 13) or "
                  "nvidia-cuda-nvcc-cu12, or set CUDA_HOME"
                : "pip install nvidia-nvjitlink (CUDA 13) or "
                  "nvidia-nvjitlink-cu12, or set PTXINJECT_NVJITLINK or "
                  "CUDA_HOME";
    std::string Found = B ? (*B)->version() : "not available";
    if (!B && Kind == CubinBackendKind::NvJitLink) {
      const char *Explicit = std::getenv("PTXINJECT_NVJITLINK");
      Found = Explicit && *Explicit
                  ? "not loadable from $PTXINJECT_NVJITLINK (" +
                        std::string(Explicit) + ")"
                  : "not found (looked in $CUDA_HOME, $CUDA_PATH, the "
                    "Python environment's nvidia wheels, $CONDA_PREFIX, the "
                    "toolkit, the system's loader)";
    }
    add(std::string("back end ") + cubinBackendName(Kind), Found, Fix);
  }
  // Chosen by what runs the cubins: a compiler of a newer CUDA major
  // release than the driver makes cubins that driver does not load.
  DefaultCubinBackend Default = chooseDefaultCubinBackend({});
  CudaRelease Run = cubinRunRelease();
  std::string DefaultFound = cubinBackendName(Default.Kind);
  if (Run.Major)
    DefaultFound += " (cubins for CUDA " + Run.str() + ", of " + Run.From + ")";
  add("default back end", DefaultFound, Default.Note);

  std::string Nvrtc = loadableLibrary(
      CudaLibrary{"nvrtc", "cuda_nvrtc", "PTXINJECT_NVRTC"}, "nvrtcVersion");
  add("nvrtc", Nvrtc.empty() ? "not found" : Nvrtc,
      Nvrtc.empty() ? "pip install nvidia-cuda-nvrtc (CUDA 13) or "
                      "nvidia-cuda-nvrtc-cu12, or set CUDA_HOME"
                    : "");

  std::string Rewriter;
  if (!ToolFolder.empty() &&
      ::access((ToolFolder + "/ptxinject-rewrite").c_str(), X_OK) == 0)
    Rewriter = ToolFolder + "/ptxinject-rewrite";
  else
    Rewriter = findCudaTool("ptxinject-rewrite", "", {});
  add("clang front end",
      Rewriter.empty() ? "not found (ptxinject-rewrite)"
                       : Rewriter + ": " + programVersion(Rewriter),
      Rewriter.empty()
          ? "install Clang 19 (utils/install-deps, or apt-get install "
            "clang-19 libclang-19-dev llvm-19-dev) and rebuild; typed sites "
            "(PTX_IN(F32, x)) need no front end"
          : "");

  std::string Cache = defaultVariantCacheDir();
  if (Cache.empty())
    add("variant cache", "no folder (neither XDG_CACHE_HOME nor HOME)",
        "set XDG_CACHE_HOME or HOME, or give --cache DIR");
  else {
    VariantCacheUsage U = scanVariantCache(Cache);
    std::uint64_t Max = variantCacheMaxBytes(Cache, std::nullopt, nullptr);
    add("variant cache",
        Cache + ": " + formatByteSize(U.Bytes) + " of " +
            (Max ? formatByteSize(Max) : std::string("no bound")) + ", " +
            std::to_string(U.Cubins) + " cubins (ptxinject cache --trim)",
        "");
    std::string Parent = Cache.substr(0, Cache.rfind('/'));
    std::uint64_t All = folderBytes(Parent);
    add("header cache",
        Parent + ": " + formatByteSize(All > U.Bytes ? All - U.Bytes : 0) +
            " of precompiled CUDA headers (PTXINJECT_PCH_CACHE_MAX_SIZE)",
        "");
  }
  Out.push_back(gpu());
  return Out;
}

std::string
ptxinject::doctor::formatFindings(const std::vector<DoctorFinding> &Findings) {
  std::string Out;
  for (const DoctorFinding &F : Findings) {
    std::string Topic = F.Topic + ":";
    Topic.resize(std::max<size_t>(Topic.size() + 1, 25), ' ');
    Out += Topic + F.Found + "\n";
    if (!F.Fix.empty())
      Out += std::string(25, ' ') + "fix: " + F.Fix + "\n";
  }
  return Out;
}
