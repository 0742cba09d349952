//===- File.cpp - Whole-file reads and all-or-nothing writes --------------===//
#include "ptxinject/support/File.h"

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace ptxinject;

namespace {

Error systemError(const char *Step) {
  return Error::make(ErrorCode::FileError,
                     std::string(Step) + ": " + std::strerror(errno));
}

// Reads Fd to its end into Out; false on an error, errno telling which.
bool readAll(int Fd, std::string &Out) {
  char Chunk[1 << 16];
  for (;;) {
    ssize_t N = ::read(Fd, Chunk, sizeof(Chunk));
    if (N < 0 && errno == EINTR)
      continue;
    if (N < 0)
      return false;
    if (N == 0)
      return true;
    Out.append(Chunk, static_cast<size_t>(N));
  }
}

// Writes all of Bytes to Fd, retrying short writes and interrupted calls;
// false on an error, errno telling which.
bool writeAll(int Fd, std::string_view Bytes) {
  size_t Done = 0;
  while (Done < Bytes.size()) {
    ssize_t N = ::write(Fd, Bytes.data() + Done, Bytes.size() - Done);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0) {
      if (N == 0)
        errno = EIO;
      return false;
    }
    Done += static_cast<size_t>(N);
  }
  return true;
}

} // namespace

Expected<std::string> ptxinject::readFile(const std::string &Path) {
  bool IsStdin = Path == "-";
  int Fd = IsStdin ? STDIN_FILENO : ::open(Path.c_str(), O_RDONLY | O_CLOEXEC);
  if (Fd < 0)
    return systemError("cannot open for reading");
  std::string Out;
  bool Ok = readAll(Fd, Out);
  Error E = Ok ? Error() : systemError("cannot read");
  if (!IsStdin)
    ::close(Fd);
  if (E)
    return E;
  return Out;
}

Error ptxinject::writeFileAtomically(const std::string &Path,
                                     std::string_view Bytes) {
  if (Path == "-") {
    // What the program printed through stdio comes first.
    if (std::fflush(stdout) != 0 || !writeAll(STDOUT_FILENO, Bytes))
      return systemError("cannot write standard output");
    return Error::success();
  }
  static std::atomic<unsigned long> Counter{0};
  size_t Slash = Path.rfind('/');
  size_t NameStart = Slash == std::string::npos ? 0 : Slash + 1;
  std::string Temp =
      Path.substr(0, NameStart) + ".tmp." + std::to_string(::getpid()) + "." +
      std::to_string(Counter.fetch_add(1)) + "." + Path.substr(NameStart);
  int Fd = ::open(Temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
  if (Fd < 0)
    return systemError("cannot open for writing");
  bool Written = writeAll(Fd, Bytes);
  Error E = Written ? Error() : systemError("cannot write");
  if (::close(Fd) != 0 && !E)
    E = systemError("cannot write");
  if (!E && ::rename(Temp.c_str(), Path.c_str()) != 0)
    E = systemError("cannot replace the file");
  if (E)
    ::unlink(Temp.c_str());
  return E;
}

bool ptxinject::isExecutable(const std::string &Path) {
  // access() alone accepts a searchable folder.
  struct stat St;
  return !Path.empty() && ::stat(Path.c_str(), &St) == 0 &&
         S_ISREG(St.st_mode) && ::access(Path.c_str(), X_OK) == 0;
}
