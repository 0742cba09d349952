//===- NvJitLinkLibrary.cpp - nvJitLink, found and loaded at run time -----===//
#include "NvJitLinkLibrary.h"

#include <cstdlib>
#include <dlfcn.h>
#include <mutex>
#include <sys/stat.h>

using namespace ptxinject;
using namespace ptxinject::backends;
using namespace ptxinject::backends::detail;

namespace {

bool isFile(const std::string &Path) {
  struct stat St;
  return ::stat(Path.c_str(), &St) == 0 && S_ISREG(St.st_mode);
}

template <typename F> bool bind(void *Lib, const char *Name, F &Out) {
  Out = reinterpret_cast<F>(::dlsym(Lib, Name));
  return Out != nullptr;
}

/// Loads Path and binds the API; false with Why when it is no nvJitLink.
bool load(const std::string &Path, NvJitLinkLibrary &L, std::string &Why) {
  void *Lib = ::dlopen(Path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!Lib) {
    const char *E = ::dlerror();
    Why = E ? E : "cannot be loaded";
    return false;
  }
  bool Ok = bind(Lib, "nvJitLinkCreate", L.Create) &&
            bind(Lib, "nvJitLinkDestroy", L.Destroy) &&
            bind(Lib, "nvJitLinkAddData", L.AddData) &&
            bind(Lib, "nvJitLinkComplete", L.Complete) &&
            bind(Lib, "nvJitLinkGetLinkedCubinSize", L.GetLinkedCubinSize) &&
            bind(Lib, "nvJitLinkGetLinkedCubin", L.GetLinkedCubin) &&
            bind(Lib, "nvJitLinkGetErrorLogSize", L.GetErrorLogSize) &&
            bind(Lib, "nvJitLinkGetErrorLog", L.GetErrorLog) &&
            bind(Lib, "nvJitLinkGetInfoLogSize", L.GetInfoLogSize) &&
            bind(Lib, "nvJitLinkGetInfoLog", L.GetInfoLog) &&
            bind(Lib, "nvJitLinkVersion", L.Version);
  if (!Ok || L.Version(&L.Major, &L.Minor) != NvJitLinkLibrary::Success) {
    Why = Path + ": not an nvJitLink of CUDA 12 or later";
    ::dlclose(Lib);
    return false;
  }
  // Kept loaded for the life of the process: back ends hold its functions.
  L.Path = Path;
  return true;
}

} // namespace

const CudaLibrary detail::NvJitLinkSearch = {"nvJitLink", "nvjitlink",
                                             "PTXINJECT_NVJITLINK"};

const NvJitLinkLibrary *detail::nvJitLinkLibrary(std::string &WhyNot) {
  static NvJitLinkLibrary Library;
  static std::string Failure;
  static std::once_flag Once;
  std::call_once(Once, [] {
    std::string Tried;
    for (const std::string &Path : cudaLibraryCandidates(NvJitLinkSearch)) {
      bool IsName = Path.find('/') == std::string::npos;
      if (!IsName && !isFile(Path)) {
        if (std::getenv(NvJitLinkSearch.PathVariable))
          Tried += "\n  " + Path + ": no such file (" +
                   NvJitLinkSearch.PathVariable + ")";
        continue;
      }
      std::string Why;
      if (load(Path, Library, Why))
        return;
      Tried += "\n  " + Why;
    }
    Failure = "nvJitLink not found: set CUDA_HOME to a CUDA 12 or 13 "
              "toolkit, set PTXINJECT_NVJITLINK to the library's path, or "
              "pip install nvidia-nvjitlink-cu12 (CUDA 12) or "
              "nvidia-nvjitlink (CUDA 13); `ptxinject doctor` shows where "
              "it was looked for" +
              (Tried.empty() ? std::string() : ":" + Tried);
  });
  if (Library.Path.empty()) {
    WhyNot = Failure;
    return nullptr;
  }
  return &Library;
}
