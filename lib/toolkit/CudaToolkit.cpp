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

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <string_view>

#include <cstring>
#include <map>
#include <mutex>

#include <dirent.h>
#include <dlfcn.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
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

/// The three numbers of "13.0.88" (a missing one is 0); false unless it
/// starts with a number.
bool parseRelease(std::string_view Text, CudaVersion &V) {
  unsigned *Parts[] = {&V.Major, &V.Minor, &V.Build};
  V = CudaVersion();
  size_t At = 0;
  for (unsigned *Part : Parts) {
    size_t Start = At;
    while (At < Text.size() && Text[At] >= '0' && Text[At] <= '9' &&
           *Part < 100000)
      *Part = *Part * 10 + static_cast<unsigned>(Text[At++] - '0');
    if (At == Start)
      return Part != Parts[0];
    if (At == Text.size() || Text[At] != '.')
      return true;
    ++At;
  }
  return true;
}

/// nvcc's release in a toolkit's version.json: the "version" of the
/// "cuda_nvcc" component.
bool nvccReleaseInVersionJson(const std::string &Root, CudaVersion &V) {
  Expected<std::string> Text = readFile(Root + "/version.json");
  if (!Text)
    return false;
  size_t At = Text->find("\"cuda_nvcc\"");
  if (At == std::string::npos)
    return false;
  At = Text->find("\"version\"", At);
  if (At == std::string::npos)
    return false;
  At = Text->find('"', Text->find(':', At));
  return At != std::string::npos &&
         parseRelease(std::string_view(*Text).substr(At + 1), V);
}

/// nvcc's release in the name of its wheel's dist-info folder in Dir
/// (nvidia_cuda_nvcc-13.0.88.dist-info).
bool nvccReleaseInDistInfo(const std::string &Dir, CudaVersion &V) {
  DIR *D = ::opendir(Dir.c_str());
  if (!D)
    return false;
  bool Found = false;
  constexpr std::string_view Prefix = "nvidia_cuda_nvcc-";
  while (const dirent *E = ::readdir(D)) {
    std::string_view Name = E->d_name;
    if (Name.substr(0, Prefix.size()) == Prefix &&
        Name.size() > Prefix.size() + 10 &&
        Name.substr(Name.size() - 10) == ".dist-info" &&
        parseRelease(Name.substr(Prefix.size()), V)) {
      Found = true;
      break;
    }
  }
  ::closedir(D);
  return Found;
}

/// nvcc's release as its own binary spells it for --version ("Cuda
/// compilation tools, release 13.5, V13.5.37"), for a toolkit that carries
/// neither file above (one assembled from wheels).
bool nvccReleaseInBinary(const std::string &Root, CudaVersion &V) {
  int Fd = ::open((Root + "/bin/nvcc").c_str(), O_RDONLY | O_CLOEXEC);
  if (Fd < 0)
    return false;
  struct stat St;
  void *Map = ::fstat(Fd, &St) == 0 && St.st_size > 0
                  ? ::mmap(nullptr, St.st_size, PROT_READ, MAP_PRIVATE, Fd, 0)
                  : MAP_FAILED;
  ::close(Fd);
  if (Map == MAP_FAILED)
    return false;
  constexpr std::string_view Marker = "Cuda compilation tools, release ";
  const char *Begin = static_cast<const char *>(Map);
  const char *End = Begin + St.st_size;
  const char *At = static_cast<const char *>(
      ::memmem(Begin, St.st_size, Marker.data(), Marker.size()));
  bool Found = false;
  if (At) {
    std::string_view Rest(At, std::min<size_t>(End - At, 80));
    size_t Vee = Rest.find(", V");
    Found =
        Vee != std::string_view::npos && parseRelease(Rest.substr(Vee + 3), V);
  }
  ::munmap(Map, St.st_size);
  return Found;
}

/// nvcc's release in the toolkit at Root, by the first of the above that
/// knows it; looked up once per toolkit.
std::optional<CudaVersion> nvccRelease(const std::string &Root) {
  static std::mutex Lock;
  static std::map<std::string, std::optional<CudaVersion>> Known;
  std::lock_guard<std::mutex> Guard(Lock);
  auto [It, New] = Known.try_emplace(Root);
  if (New) {
    CudaVersion V;
    if (nvccReleaseInVersionJson(Root, V) ||
        nvccReleaseInDistInfo(Root + "/dist-info", V) ||
        nvccReleaseInDistInfo(parentOf(parentOf(Root)), V) ||
        nvccReleaseInBinary(Root, V))
      It->second = V;
  }
  return It->second;
}

} // namespace

std::optional<CudaVersion> cudaToolkitVersion(const std::string &Root) {
  Expected<std::string> Header = readFile(Root + "/include/cuda.h");
  if (!Header)
    return std::nullopt;
  size_t At = Header->find("#define CUDA_VERSION ");
  if (At == std::string::npos)
    return std::nullopt;
  unsigned long Number = std::strtoul(Header->c_str() + At + 21, nullptr, 10);
  if (Number == 0)
    return std::nullopt;
  CudaVersion V;
  V.Major = static_cast<unsigned>(Number / 1000);
  V.Minor = static_cast<unsigned>(Number % 1000 / 10);
  if (std::optional<CudaVersion> Nvcc = nvccRelease(Root))
    if (Nvcc->Major == V.Major && Nvcc->Minor == V.Minor)
      V.Build = Nvcc->Build;
  return V;
}

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
