//===- CudaToolkit.cpp - Where the CUDA toolkit is ------------------------===//
//
// The variables first: a user who sets one means it. Then, for a Python
// package, the CUDA 13 wheels installed beside it, as the Python ecosystem
// (cuda.pathfinder) finds CUDA. Then the nvcc on PATH, the toolkit the user
// compiles with, and last the default install folder.
//
//===----------------------------------------------------------------------===//
#include "ptxinject/toolkit/CudaToolkit.h"
#include "ptxinject/support/File.h"

#include <climits>
#include <cstdlib>
#include <string_view>

#include <dlfcn.h>
#include <unistd.h>

namespace ptxinject::toolkit {

namespace {

bool isToolkit(const std::string &Root) {
  return !Root.empty() &&
         ::access((Root + "/include/cuda.h").c_str(), R_OK) == 0;
}

std::string parentOf(const std::string &Path) {
  size_t Slash = Path.rfind('/');
  return Slash == std::string::npos || Slash == 0 ? std::string()
                                                  : Path.substr(0, Slash);
}

/// <root> of the first executable <root>/bin/nvcc on PATH, links resolved.
std::string toolkitOfNvccOnPath() {
  const char *Path = std::getenv("PATH");
  if (!Path)
    return "";
  std::string_view Rest(Path);
  while (!Rest.empty()) {
    size_t Colon = Rest.find(':');
    std::string Dir(Rest.substr(0, Colon));
    Rest = Colon == std::string_view::npos ? std::string_view()
                                           : Rest.substr(Colon + 1);
    if (Dir.empty())
      continue;
    std::string Nvcc = Dir + "/nvcc";
    if (!isExecutable(Nvcc))
      continue;
    char Real[PATH_MAX];
    if (!::realpath(Nvcc.c_str(), Real))
      continue;
    return parentOf(parentOf(Real));
  }
  return "";
}

} // namespace

std::string pythonSitePackages() {
  Dl_info Info;
  if (!::dladdr(reinterpret_cast<void *>(&pythonSitePackages), &Info) ||
      !Info.dli_fname)
    return "";
  char *Real = ::realpath(Info.dli_fname, nullptr);
  std::string Path = Real ? Real : Info.dli_fname;
  std::free(Real);
  return parentOf(parentOf(Path));
}

std::string findCudaToolkit() {
  for (const char *Var : {"CUDA_HOME", "CUDA_PATH"})
    if (const char *Root = std::getenv(Var))
      if (isToolkit(Root))
        return Root;
  // CUDA 13's wheels share site-packages/nvidia/cu13: with the runtime's
  // headers (nvidia-cuda-runtime) and bin/ (nvidia-cuda-nvcc) it is laid
  // out as a toolkit, which Clang takes as --cuda-path.
  if (std::string Site = pythonSitePackages(); !Site.empty()) {
    std::string Wheels = Site + "/nvidia/cu13";
    if (isToolkit(Wheels) && ::access((Wheels + "/bin").c_str(), X_OK) == 0)
      return Wheels;
  }
  std::string FromPath = toolkitOfNvccOnPath();
  if (isToolkit(FromPath))
    return FromPath;
  if (isToolkit("/usr/local/cuda"))
    return "/usr/local/cuda";
  return "";
}

} // namespace ptxinject::toolkit
