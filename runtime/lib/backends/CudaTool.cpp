//===- CudaTool.cpp - Finding and running CUDA toolkit programs -----------===//
//
// posix_spawn rather than fork + exec: a multithreaded caller (the variant
// compiler runs ptxas from many threads) must not copy its address space per
// child.
//
//===----------------------------------------------------------------------===//
#include "ptxinject/backends/CudaTool.h"
#include "ptxinject/support/ByteSize.h"
#include "ptxinject/support/File.h"
#include "ptxinject/toolkit/CudaToolkit.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

using namespace ptxinject;
using namespace ptxinject::backends;
using namespace ptxinject::toolkit;

namespace {

std::string baseName(const std::string &Path) {
  size_t Slash = Path.rfind('/');
  return Slash == std::string::npos ? Path : Path.substr(Slash + 1);
}

// Waits for Pid until Seconds have passed; true when it exited (Status
// holds how), false at the deadline (it is still running). A pidfd is
// polled where the kernel has them (Linux 5.3), else waitpid is polled.
bool waitWithin(pid_t Pid, double Seconds, int &Status) {
  using Clock = std::chrono::steady_clock;
  Clock::time_point Deadline =
      Clock::now() + std::chrono::duration_cast<Clock::duration>(
                         std::chrono::duration<double>(Seconds));
#ifdef SYS_pidfd_open
  int Fd = static_cast<int>(::syscall(SYS_pidfd_open, Pid, 0));
#else
  int Fd = -1;
#endif
  for (;;) {
    pid_t R = ::waitpid(Pid, &Status, WNOHANG);
    if (R == Pid)
      break;
    if (R < 0 && errno != EINTR) {
      Status = 127 << 8; // lost: reads as a failure, exit code 127
      break;
    }
    auto Left = std::chrono::duration_cast<std::chrono::milliseconds>(
                    Deadline - Clock::now())
                    .count();
    if (Left <= 0) {
      if (Fd >= 0)
        ::close(Fd);
      return false;
    }
    if (Fd >= 0) {
      struct pollfd P = {Fd, POLLIN, 0};
      ::poll(&P, 1, static_cast<int>(std::min<long long>(Left, 1000)));
    } else {
      std::this_thread::sleep_for(
          std::chrono::milliseconds(std::min<long long>(Left, 2)));
    }
  }
  if (Fd >= 0)
    ::close(Fd);
  return true;
}

/// The bin/ folders of the wheels that hold CUDA's programs: nvidia/cu13
/// (CUDA 13's nvidia-cuda-nvcc: nvcc, ptxas), nvidia/cuda_nvcc (CUDA 12's
/// nvidia-cuda-nvcc-cu12: ptxas, no nvcc).
std::vector<std::string> wheelProgramFolders() {
  std::string Site = pythonSitePackages();
  if (Site.empty())
    return {};
  return {Site + "/nvidia/cu13/bin", Site + "/nvidia/cuda_nvcc/bin"};
}

} // namespace

std::string
ptxinject::backends::findCudaTool(std::string_view Name,
                                  const std::string &Requested,
                                  const std::vector<std::string> &Fallbacks) {
  if (!Requested.empty())
    return isExecutable(Requested) ? Requested : std::string();
  auto in = [&](std::string_view Dir) {
    return std::string(Dir) + "/" + std::string(Name);
  };
  // The toolkit the front end uses too when the user names it ($CUDA_HOME,
  // $CUDA_PATH); else the wheels beside a Python package, as nvJitLink is
  // looked for (cudaLibraryCandidates); else that toolkit as found by the
  // nvcc on PATH or /usr/local/cuda.
  std::string Toolkit = findCudaToolkit();
  bool Named = false;
  for (const char *Var : {"CUDA_HOME", "CUDA_PATH"})
    if (const char *Root = std::getenv(Var); Root && *Root)
      Named = true;
  if (Named && !Toolkit.empty() && isExecutable(in(Toolkit + "/bin")))
    return in(Toolkit + "/bin");
  for (const std::string &Dir : wheelProgramFolders())
    if (isExecutable(in(Dir)))
      return in(Dir);
  if (!Toolkit.empty() && isExecutable(in(Toolkit + "/bin")))
    return in(Toolkit + "/bin");
  if (const char *Path = std::getenv("PATH")) {
    std::string_view Rest(Path);
    while (!Rest.empty()) {
      size_t Colon = Rest.find(':');
      std::string_view Dir = Rest.substr(0, Colon);
      Rest = Colon == std::string_view::npos ? std::string_view()
                                             : Rest.substr(Colon + 1);
      if (!Dir.empty() && isExecutable(in(Dir)))
        return in(Dir);
    }
  }
  for (const std::string &Dir : Fallbacks)
    if (isExecutable(in(Dir)))
      return in(Dir);
  return std::string();
}

ToolRun ptxinject::backends::runTool(const std::vector<std::string> &Argv,
                                     const std::string &LogPath,
                                     const ToolLimits &Limits) {
  ToolRun Run;
  if (Argv.empty()) {
    Run.Log = "no program to run";
    return Run;
  }
  const std::string Name = baseName(Argv[0]);
  std::vector<char *> Pointers;
  for (const std::string &A : Argv)
    Pointers.push_back(const_cast<char *>(A.c_str()));
  Pointers.push_back(nullptr);

  posix_spawn_file_actions_t Actions;
  posix_spawn_file_actions_init(&Actions);
  posix_spawn_file_actions_addopen(&Actions, 1, LogPath.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_adddup2(&Actions, 1, 2);
  pid_t Pid = 0;
  int Err = posix_spawn(&Pid, Argv[0].c_str(), &Actions, nullptr,
                        Pointers.data(), environ);
  posix_spawn_file_actions_destroy(&Actions);
  if (Err != 0) {
    Run.Log = Name + ": cannot run " + Argv[0] + ": " + std::strerror(Err);
    return Run;
  }
  if (Limits.MemoryBytes) {
    // posix_spawn takes no limits; set at once, the program has barely
    // started allocating.
    struct rlimit L = {Limits.MemoryBytes, Limits.MemoryBytes};
    ::prlimit(Pid, RLIMIT_AS, &L, nullptr);
  }
  int Status = 0;
  if (Limits.TimeoutSeconds > 0 &&
      !waitWithin(Pid, Limits.TimeoutSeconds, Status)) {
    ::kill(Pid, SIGKILL);
    while (::waitpid(Pid, &Status, 0) < 0 && errno == EINTR) {
    }
    Run.TimedOut = true;
    char Buf[64];
    std::snprintf(Buf, sizeof(Buf), "%g", Limits.TimeoutSeconds);
    Run.Log = Name + ": stopped after the time limit of " + Buf + " s";
    return Run;
  }
  while (Limits.TimeoutSeconds <= 0 && ::waitpid(Pid, &Status, 0) < 0) {
    if (errno != EINTR) {
      Run.Log = Name + ": lost the child process: " + std::strerror(errno);
      return Run;
    }
  }
  // A log the child never wrote reads as empty, as a silent tool's does.
  Expected<std::string> Log = readFile(LogPath);
  if (Log)
    Run.Log = Log.take();
  while (!Run.Log.empty() && Run.Log.back() == '\n')
    Run.Log.pop_back();
  Run.Ok = WIFEXITED(Status) && WEXITSTATUS(Status) == 0;
  // Under an address-space bound a program that runs out of it mostly
  // dies of a signal (ptxas: SIGSEGV) rather than saying so, or never
  // starts: the dynamic loader cannot map the libraries and exits 127.
  bool LoaderFailed = WIFEXITED(Status) && WEXITSTATUS(Status) == 127;
  bool Signaled = WIFSIGNALED(Status);
  // ptxas that notices says so ("Memory allocation failure").
  bool SaysSo = Run.Log.find("Memory allocation failure") != std::string::npos;
  Run.OutOfMemory =
      !Run.Ok && Limits.MemoryBytes && (Signaled || LoaderFailed || SaysSo);
  if (Run.OutOfMemory && !SaysSo)
    Run.Log += (Run.Log.empty() ? "" : "\n") + Name +
               (LoaderFailed ? std::string(": could not start")
                             : ": killed by signal " +
                                   std::to_string(WTERMSIG(Status))) +
               ", likely out of its memory bound of " +
               formatByteSize(Limits.MemoryBytes);
  if (!Run.Ok && Run.Log.empty())
    Run.Log = WIFSIGNALED(Status) ? Name + ": killed by signal " +
                                        std::to_string(WTERMSIG(Status))
                                  : Name + ": failed with exit code " +
                                        std::to_string(WEXITSTATUS(Status));
  return Run;
}

std::vector<std::string>
ptxinject::backends::cudaLibraryCandidates(const CudaLibrary &Lib) {
  // The user's own choice is the only one tried: a wrong path is an error
  // to see, not a reason to take another toolkit's library.
  if (const char *Explicit = std::getenv(Lib.PathVariable);
      Explicit && *Explicit)
    return {Explicit};
  std::vector<std::string> Out;
  auto addFolder = [&](const std::string &Dir) {
    for (const char *Major : {"13", "12"})
      Out.push_back(Dir + "/lib" + std::string(Lib.Stem) + ".so." + Major);
  };
  auto addToolkit = [&](const std::string &Root) {
    if (Root.empty())
      return;
    for (const char *Sub : {"/lib64", "/lib", "/targets/x86_64-linux/lib",
                            "/targets/sbsa-linux/lib"})
      addFolder(Root + Sub);
  };
  for (const char *Var : {"CUDA_HOME", "CUDA_PATH"})
    if (const char *Root = std::getenv(Var); Root && *Root)
      addToolkit(Root);
  // A Python package lives in site-packages/ptxinject/: the wheels are in
  // site-packages/nvidia/cu13 (CUDA 13) or nvidia/<library> (CUDA 12).
  if (std::string Site = pythonSitePackages(); !Site.empty()) {
    addFolder(Site + "/nvidia/cu13/lib");
    addFolder(Site + "/nvidia/" + std::string(Lib.Cu12Wheel) + "/lib");
  }
  if (const char *Conda = std::getenv("CONDA_PREFIX"); Conda && *Conda)
    addFolder(std::string(Conda) + "/lib");
  addToolkit(findCudaToolkit());
  for (const char *Major : {"13", "12"})
    Out.push_back("lib" + std::string(Lib.Stem) + ".so." + Major);
  return Out;
}
