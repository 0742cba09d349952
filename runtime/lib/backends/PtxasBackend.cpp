//===- PtxasBackend.cpp - PTX to cubin through the ptxas command line -----===//
//
// The fallback that needs nothing but a ptxas executable. Each compile writes
// its PTX to a private temporary folder, runs ptxas with its messages sent to
// a log file, and reads back the cubin; calls from many threads use distinct
// file names, so they run in parallel.
//
//===----------------------------------------------------------------------===//
#include "Backends.h"

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

using namespace ptxinject;

namespace {

bool isExecutable(const std::string &Path) {
  return !Path.empty() && ::access(Path.c_str(), X_OK) == 0;
}

} // namespace

std::string ptxinject::findCudaTool(std::string_view Name, const std::string &Requested,
                                    const std::vector<std::string> &Fallbacks) {
  if (!Requested.empty())
    return isExecutable(Requested) ? Requested : std::string();
  auto in = [&](std::string_view Dir) {
    return std::string(Dir) + "/" + std::string(Name);
  };
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
  if (const char *Cuda = std::getenv("CUDA_PATH"))
    if (isExecutable(in(std::string(Cuda) + "/bin")))
      return in(std::string(Cuda) + "/bin");
  for (const std::string &Dir : Fallbacks)
    if (isExecutable(in(Dir)))
      return in(Dir);
  return std::string();
}

std::string detail::findPtxasExecutable(const std::string &Requested) {
  return findCudaTool("ptxas", Requested);
}

namespace {

bool writeFile(const std::string &Path, std::string_view Data) {
  int Fd = ::open(Path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (Fd < 0)
    return false;
  const char *P = Data.data();
  size_t Left = Data.size();
  while (Left > 0) {
    ssize_t N = ::write(Fd, P, Left);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0) {
      ::close(Fd);
      return false;
    }
    P += N;
    Left -= static_cast<size_t>(N);
  }
  return ::close(Fd) == 0;
}

template <typename Buffer> bool readFile(const std::string &Path, Buffer &Out) {
  Out.clear();
  int Fd = ::open(Path.c_str(), O_RDONLY | O_CLOEXEC);
  if (Fd < 0)
    return false;
  char Chunk[65536];
  for (;;) {
    ssize_t N = ::read(Fd, Chunk, sizeof(Chunk));
    if (N < 0 && errno == EINTR)
      continue;
    if (N < 0) {
      ::close(Fd);
      return false;
    }
    if (N == 0)
      break;
    Out.insert(Out.end(), Chunk, Chunk + N);
  }
  ::close(Fd);
  return true;
}

class PtxasBackend final : public CubinBackend {
public:
  PtxasBackend(const CubinOptions &Options, std::string Ptxas, std::string Dir)
      : CubinBackend(Options), Ptxas(std::move(Ptxas)), Dir(std::move(Dir)) {
    Args = detail::commonCompilerOptions(Options, true);
    if (Options.Verbose)
      Args.push_back("-v");
  }

  ~PtxasBackend() override { ::rmdir(Dir.c_str()); }

  CubinBackendKind kind() const override { return CubinBackendKind::Ptxas; }

  bool compile(std::string_view Ptx, std::vector<char> &Cubin,
               std::string &Log) const override {
    Cubin.clear();
    Log.clear();
    std::string Base = Dir + "/v" + std::to_string(Counter.fetch_add(1));
    std::string PtxPath = Base + ".ptx";
    std::string CubinPath = Base + ".cubin";
    std::string LogPath = Base + ".log";
    bool Ok = false;
    if (!writeFile(PtxPath, Ptx)) {
      Log = "ptxas: cannot write " + PtxPath + ": " + std::strerror(errno) +
            "; check free space in the temporary folder";
    } else {
      Ok = run(PtxPath, CubinPath, LogPath, Log);
    }
    if (Ok && !readFile(CubinPath, Cubin)) {
      Ok = false;
      Log = "ptxas: cannot read its output " + CubinPath;
    }
    if (!Ok)
      Cubin.clear();
    ::unlink(PtxPath.c_str());
    ::unlink(CubinPath.c_str());
    ::unlink(LogPath.c_str());
    return Ok;
  }

private:
  bool run(const std::string &PtxPath, const std::string &CubinPath,
           const std::string &LogPath, std::string &Log) const {
    std::vector<std::string> Argv;
    Argv.push_back(Ptxas);
    Argv.insert(Argv.end(), Args.begin(), Args.end());
    Argv.push_back("-o");
    Argv.push_back(CubinPath);
    Argv.push_back(PtxPath);
    std::vector<char *> ArgPointers;
    for (std::string &A : Argv)
      ArgPointers.push_back(A.data());
    ArgPointers.push_back(nullptr);

    posix_spawn_file_actions_t Actions;
    posix_spawn_file_actions_init(&Actions);
    posix_spawn_file_actions_addopen(&Actions, 1, LogPath.c_str(),
                                     O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_adddup2(&Actions, 1, 2);
    pid_t Pid = 0;
    int Err = posix_spawn(&Pid, Ptxas.c_str(), &Actions, nullptr,
                          ArgPointers.data(), environ);
    posix_spawn_file_actions_destroy(&Actions);
    if (Err != 0) {
      Log = "ptxas: cannot run " + Ptxas + ": " + std::strerror(Err);
      return false;
    }
    int Status = 0;
    while (::waitpid(Pid, &Status, 0) < 0) {
      if (errno != EINTR) {
        Log = "ptxas: lost the child process: " +
              std::string(std::strerror(errno));
        return false;
      }
    }
    readFile(LogPath, Log);
    while (!Log.empty() && Log.back() == '\n')
      Log.pop_back();
    bool Ok = WIFEXITED(Status) && WEXITSTATUS(Status) == 0;
    if (!Ok && Log.empty())
      Log = WIFSIGNALED(Status)
                ? "ptxas: killed by signal " + std::to_string(WTERMSIG(Status))
                : "ptxas: failed with exit code " +
                      std::to_string(WEXITSTATUS(Status));
    return Ok;
  }

  std::string Ptxas;
  std::string Dir;
  std::vector<std::string> Args;
  mutable std::atomic<unsigned long> Counter{0};
};

} // namespace

std::unique_ptr<CubinBackend>
detail::createPtxasBackend(const CubinOptions &Options, std::string &Error) {
  std::string Ptxas = detail::findPtxasExecutable(Options.PtxasPath);
  if (Ptxas.empty()) {
    Error = Options.PtxasPath.empty()
                ? "ptxas not found in PATH, $CUDA_PATH/bin or "
                  "/usr/local/cuda/bin; install the CUDA toolkit or pass its "
                  "path"
                : "ptxas '" + Options.PtxasPath + "' is not an executable";
    return nullptr;
  }
  std::string Root = Options.TempDir;
  if (Root.empty()) {
    const char *Tmp = std::getenv("TMPDIR");
    Root = Tmp && *Tmp ? Tmp : "/tmp";
  }
  std::string Template = Root + "/ptxinject-ptxas-XXXXXX";
  if (!::mkdtemp(Template.data())) {
    Error = "cannot create a temporary folder under " + Root + ": " +
            std::strerror(errno) + "; set TMPDIR to a writable folder";
    return nullptr;
  }
  return std::make_unique<PtxasBackend>(Options, std::move(Ptxas),
                                        std::move(Template));
}
