//===- FileBytes.cpp - Whole-file reads and writes on descriptors ---------===//
#include "FileBytes.h"

#include <cerrno>

#include <fcntl.h>
#include <unistd.h>

using namespace ptxinject;

bool detail::readFileBytes(const std::string &Path, std::string &Out) {
  int Fd = ::open(Path.c_str(), O_RDONLY | O_CLOEXEC);
  if (Fd < 0)
    return false;
  Out.clear();
  char Chunk[65536];
  for (;;) {
    ssize_t N = ::read(Fd, Chunk, sizeof(Chunk));
    if (N < 0 && errno == EINTR)
      continue;
    if (N < 0) {
      int Saved = errno;
      ::close(Fd);
      errno = Saved;
      return false;
    }
    if (N == 0)
      break;
    Out.append(Chunk, static_cast<size_t>(N));
  }
  ::close(Fd);
  return true;
}

bool detail::writeAllBytes(int Fd, std::string_view Bytes) {
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
