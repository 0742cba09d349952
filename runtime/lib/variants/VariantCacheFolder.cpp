//===- VariantCacheFolder.cpp - The variant cache kept within a bound -----===//
#include "ptxinject/variants/VariantCacheFolder.h"
#include "ptxinject/support/ByteSize.h"
#include "ptxinject/support/File.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <ctime>
#include <unordered_map>
#include <vector>

#include <dirent.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace ptxinject;
using namespace ptxinject::variants;

namespace {

// A killed writer's temporary file goes once its process is gone and it is
// this old (a writer on another machine sharing the folder has a PID that
// means nothing here); any temporary goes once it is an hour old.
constexpr long DeadWriterGraceSeconds = 10;
constexpr long StaleTempSeconds = 3600;
// A pin folder of another machine goes after a day.
constexpr long ForeignPinSeconds = 24 * 3600;

std::string hostName() {
  char Buf[256] = {0};
  if (::gethostname(Buf, sizeof(Buf) - 1) != 0 || !Buf[0])
    return "localhost";
  std::string Name(Buf);
  // The pin folder name must stay one path component.
  std::replace(Name.begin(), Name.end(), '/', '_');
  return Name;
}

std::uint64_t diskBytes(const struct stat &St) {
  return static_cast<std::uint64_t>(St.st_blocks) * 512;
}

long ageSeconds(const struct stat &St, std::time_t Now) {
  return static_cast<long>(Now - St.st_mtim.tv_sec);
}

bool processIsGone(long Pid) {
  return Pid > 0 && ::kill(static_cast<pid_t>(Pid), 0) != 0 && errno == ESRCH;
}

// The PID in a writeFileAtomically temporary name: ".tmp.PID.N.NAME".
long tempOwner(std::string_view Name) {
  Name.remove_prefix(5);
  long Pid = 0;
  for (char C : Name) {
    if (C == '.')
      return Pid;
    if (C < '0' || C > '9' || Pid > 100000000)
      return 0;
    Pid = Pid * 10 + (C - '0');
  }
  return 0;
}

bool isTemp(std::string_view Name) { return Name.substr(0, 5) == ".tmp."; }

template <class Fn> void forEachName(const std::string &Dir, Fn &&F) {
  DIR *D = ::opendir(Dir.c_str());
  if (!D)
    return;
  while (struct dirent *E = ::readdir(D)) {
    std::string_view Name = E->d_name;
    if (Name == "." || Name == "..")
      continue;
    F(std::string(Name));
  }
  ::closedir(D);
}

void removeTree(const std::string &Path) {
  struct stat St;
  if (::lstat(Path.c_str(), &St) != 0)
    return;
  if (S_ISDIR(St.st_mode)) {
    forEachName(Path,
                [&](const std::string &N) { removeTree(Path + "/" + N); });
    ::rmdir(Path.c_str());
  } else {
    ::unlink(Path.c_str());
  }
}

enum class Kind { Entry, Cubin };

struct Item {
  std::string Path;
  struct timespec Used;
  std::uint64_t Bytes;
  Kind What;
  bool Shared; // another link (a reader's pin) keeps its bytes
};

// One walk of the folder: what it holds, the trimmable files, and the
// leftovers of processes that are gone (removed when Clean is set).
struct Walk {
  VariantCacheUsage Usage;
  std::vector<Item> Items;
  std::size_t Leftovers = 0;
  std::unordered_map<ino_t, bool> Seen; // inodes counted once

  void count(const struct stat &St) {
    if (St.st_nlink > 1 && !Seen.emplace(St.st_ino, true).second)
      return;
    Usage.Bytes += diskBytes(St);
  }

  // A file of entries/ or cubins/.
  void file(const std::string &Path, const std::string &Name, Kind What,
            bool Clean, std::time_t Now) {
    struct stat St;
    if (::lstat(Path.c_str(), &St) != 0 || !S_ISREG(St.st_mode))
      return;
    if (isTemp(Name)) {
      long Age = ageSeconds(St, Now);
      if (Clean &&
          (Age >= StaleTempSeconds ||
           (Age >= DeadWriterGraceSeconds && processIsGone(tempOwner(Name))))) {
        if (::unlink(Path.c_str()) == 0) {
          ++Leftovers;
          return;
        }
      }
      ++Usage.TempFiles;
      count(St);
      return;
    }
    count(St);
    if (What == Kind::Entry)
      ++Usage.Entries;
    else
      ++Usage.Cubins;
    Items.push_back({Path, St.st_mtim, diskBytes(St), What, St.st_nlink > 1});
  }

  void run(const std::string &Dir, bool Clean) {
    std::time_t Now = std::time(nullptr);
    std::string Host = hostName();
    // Pins first: their inodes are counted there, so a cubin pinned by a
    // running reader counts once.
    std::string Pins = Dir + "/pins";
    forEachName(Pins, [&](const std::string &Id) {
      std::string Path = Pins + "/" + Id;
      struct stat St;
      if (::lstat(Path.c_str(), &St) != 0)
        return;
      // ID is PID.N.HOST.
      size_t Dot = Id.find('.'), Dot2 = Id.find('.', Dot + 1);
      long Pid = Dot == std::string::npos ? 0 : std::atol(Id.c_str());
      bool Ours = Dot2 != std::string::npos && Id.substr(Dot2 + 1) == Host;
      bool Gone =
          Ours ? processIsGone(Pid) : ageSeconds(St, Now) >= ForeignPinSeconds;
      if (Clean && Gone) {
        removeTree(Path);
        ++Leftovers;
        return;
      }
      ++Usage.PinFolders;
      forEachName(Path, [&](const std::string &N) {
        struct stat F;
        if (::lstat((Path + "/" + N).c_str(), &F) == 0)
          count(F);
      });
    });
    // The folder's own files (cache.conf, size, lock) take blocks too.
    for (const char *Own : {"/cache.conf", "/size", "/lock"}) {
      struct stat St;
      if (::lstat((Dir + Own).c_str(), &St) == 0 && S_ISREG(St.st_mode))
        count(St);
    }
    std::string Cubins = Dir + "/cubins";
    forEachName(Cubins, [&](const std::string &N) {
      file(Cubins + "/" + N, N, Kind::Cubin, Clean, Now);
    });
    std::string Entries = Dir + "/entries";
    forEachName(Entries, [&](const std::string &Sub) {
      std::string SubDir = Entries + "/" + Sub;
      forEachName(SubDir, [&](const std::string &N) {
        file(SubDir + "/" + N, N, Kind::Entry, Clean, Now);
      });
    });
  }
};

bool before(const struct timespec &A, const struct timespec &B) {
  return A.tv_sec != B.tv_sec ? A.tv_sec < B.tv_sec : A.tv_nsec < B.tv_nsec;
}

bool sameTime(const struct timespec &A, const struct timespec &B) {
  return A.tv_sec == B.tv_sec && A.tv_nsec == B.tv_nsec;
}

// The folder's lock, held while it is trimmed or cleared.
class FolderLock {
public:
  FolderLock(const std::string &Dir, bool Wait) {
    Fd = ::open((Dir + "/lock").c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0666);
    if (Fd < 0)
      return;
    int R;
    do
      R = ::flock(Fd, LOCK_EX | (Wait ? 0 : LOCK_NB));
    while (R != 0 && errno == EINTR);
    Held = R == 0;
  }
  ~FolderLock() {
    if (Fd >= 0)
      ::close(Fd); // releases the lock
  }
  bool held() const { return Held; }

private:
  int Fd = -1;
  bool Held = false;
};

void recordUsage(const std::string &Dir, std::uint64_t Bytes) {
  (void)writeFileAtomically(Dir + "/size", std::to_string(Bytes) + "\n");
}

std::string_view trim(std::string_view S) {
  while (!S.empty() && (S.front() == ' ' || S.front() == '\t'))
    S.remove_prefix(1);
  while (!S.empty() &&
         (S.back() == ' ' || S.back() == '\t' || S.back() == '\r'))
    S.remove_suffix(1);
  return S;
}

} // namespace

Expected<VariantCacheConfig>
ptxinject::variants::parseVariantCacheConfig(std::string_view Text) {
  VariantCacheConfig Config;
  unsigned LineNo = 0;
  for (size_t Pos = 0; Pos < Text.size();) {
    size_t Eol = Text.find('\n', Pos);
    if (Eol == std::string_view::npos)
      Eol = Text.size();
    std::string_view Line = trim(Text.substr(Pos, Eol - Pos));
    Pos = Eol + 1;
    ++LineNo;
    if (Line.empty() || Line.front() == '#')
      continue;
    size_t Eq = Line.find('=');
    std::string_view Key =
        trim(Line.substr(0, Eq == std::string_view::npos ? 0 : Eq));
    if (Eq == std::string_view::npos || Key != "max_size")
      return Error::make(ErrorCode::InvalidArgument,
                         "expected 'max_size = SIZE' (such as 5G or 500M)",
                         LineNo, 1);
    std::string_view Value = trim(Line.substr(Eq + 1));
    std::optional<std::uint64_t> Bytes = parseByteSize(Value);
    if (!Bytes)
      return Error::make(ErrorCode::InvalidArgument,
                         "max_size '" + std::string(Value) +
                             "' is not a size such as 5G or 500M (0: no bound)",
                         LineNo,
                         static_cast<unsigned>(Value.data() - Line.data()) + 1);
    Config.MaxBytes = *Bytes;
  }
  return Config;
}

Expected<VariantCacheConfig>
ptxinject::variants::readVariantCacheConfig(const std::string &Dir) {
  std::string Path = Dir + "/cache.conf";
  struct stat St;
  if (::stat(Path.c_str(), &St) != 0 && errno == ENOENT)
    return VariantCacheConfig();
  Expected<std::string> Text = readFile(Path);
  if (!Text)
    return Error::make(ErrorCode::FileError,
                       Path + ": " + Text.error().Message);
  Expected<VariantCacheConfig> Config = parseVariantCacheConfig(*Text);
  if (!Config) {
    Error E = Config.error();
    E.Message = Path + ":" + std::to_string(E.Line) + ": " + E.Message;
    return E;
  }
  return Config;
}

Error ptxinject::variants::writeVariantCacheMaxSize(const std::string &Dir,
                                                    std::uint64_t Bytes) {
  if (::mkdir(Dir.c_str(), 0777) != 0 && errno != EEXIST)
    return Error::make(ErrorCode::FileError,
                       "cannot create " + Dir + ": " + std::strerror(errno));
  std::string Path = Dir + "/cache.conf", Kept;
  if (Expected<std::string> Old = readFile(Path)) {
    std::string_view T = *Old;
    for (size_t Pos = 0; Pos < T.size();) {
      size_t Eol = T.find('\n', Pos);
      if (Eol == std::string_view::npos)
        Eol = T.size();
      std::string_view Line = T.substr(Pos, Eol - Pos);
      Pos = Eol + 1;
      if (trim(Line).substr(0, 8) != "max_size")
        Kept += std::string(Line) + "\n";
    }
  }
  Error E = writeFileAtomically(
      Path, Kept + "max_size = " + std::to_string(Bytes) + "\n");
  if (E)
    E.Message = Path + ": " + E.Message;
  return E;
}

std::uint64_t ptxinject::variants::variantCacheMaxBytes(
    const std::string &Dir, std::optional<std::uint64_t> Requested,
    std::string *Problem) {
  if (Requested)
    return *Requested;
  Expected<VariantCacheConfig> Config = readVariantCacheConfig(Dir);
  if (!Config) {
    if (Problem)
      *Problem = Config.error().Message + "; using the default bound of 5G";
    return DefaultVariantCacheMaxBytes;
  }
  return Config->MaxBytes.value_or(DefaultVariantCacheMaxBytes);
}

VariantCacheUsage
ptxinject::variants::scanVariantCache(const std::string &Dir) {
  Walk W;
  W.run(Dir, /*Clean=*/false);
  return W.Usage;
}

std::optional<std::uint64_t>
ptxinject::variants::lastScannedVariantCacheBytes(const std::string &Dir) {
  Expected<std::string> Text = readFile(Dir + "/size");
  if (!Text)
    return std::nullopt;
  std::string_view T = trim(*Text);
  if (!T.empty() && T.back() == '\n')
    T.remove_suffix(1);
  std::optional<std::uint64_t> Bytes = parseByteSize(trim(T));
  return Bytes;
}

namespace {

VariantCacheTrim trimLocked(const std::string &Dir, std::uint64_t Max,
                            bool Everything) {
  VariantCacheTrim T;
  T.Ran = true;
  Walk W;
  W.run(Dir, /*Clean=*/true);
  T.Before = W.Usage;
  T.RemovedLeftovers = W.Leftovers;
  std::uint64_t Bytes = W.Usage.Bytes;
  // Over the bound, down to 90 % of it, so that the next trim is a while
  // away (as ccache does).
  std::uint64_t Target = Max / 10 * 9;
  if (Everything || (Max != 0 && Bytes > Max)) {
    // Oldest use first; at equal times entries before the cubins they
    // point to (a hit touches both, so a cubin is never older than the
    // entries that use it and goes after them).
    std::sort(W.Items.begin(), W.Items.end(), [](const Item &A, const Item &B) {
      if (!sameTime(A.Used, B.Used))
        return before(A.Used, B.Used);
      return A.What == Kind::Entry && B.What == Kind::Cubin;
    });
    for (const Item &I : W.Items) {
      if (!Everything && Bytes <= Target)
        break;
      // Used or rewritten since the walk: it is no longer the oldest.
      struct stat St;
      if (::lstat(I.Path.c_str(), &St) != 0 ||
          (!Everything && !sameTime(St.st_mtim, I.Used)))
        continue;
      if (::unlink(I.Path.c_str()) != 0)
        continue;
      if (!I.Shared)
        Bytes -= std::min(Bytes, I.Bytes);
      if (I.What == Kind::Entry)
        ++T.RemovedEntries;
      else
        ++T.RemovedCubins;
    }
  }
  T.After = scanVariantCache(Dir);
  recordUsage(Dir, T.After.Bytes);
  return T;
}

} // namespace

VariantCacheTrim ptxinject::variants::trimVariantCache(const std::string &Dir,
                                                       std::uint64_t Max,
                                                       bool Wait) {
  struct stat St;
  if (::stat(Dir.c_str(), &St) != 0)
    return VariantCacheTrim{{}, {}, 0, 0, 0, true};
  FolderLock L(Dir, Wait);
  if (!L.held())
    return VariantCacheTrim();
  return trimLocked(Dir, Max, /*Everything=*/false);
}

VariantCacheTrim
ptxinject::variants::clearVariantCache(const std::string &Dir) {
  struct stat St;
  if (::stat(Dir.c_str(), &St) != 0)
    return VariantCacheTrim{{}, {}, 0, 0, 0, true};
  FolderLock L(Dir, /*Wait=*/true);
  return trimLocked(Dir, 0, /*Everything=*/true);
}

VariantCachePins::VariantCachePins(std::string CacheDir)
    : CacheDir(std::move(CacheDir)) {
  static std::atomic<unsigned long> Counter{0};
  Dir = this->CacheDir + "/pins/" + std::to_string(::getpid()) + "." +
        std::to_string(Counter.fetch_add(1)) + "." + hostName();
}

VariantCachePins::~VariantCachePins() {
  if (Made)
    removeTree(Dir);
}

std::string VariantCachePins::pin(const std::string &Cubin,
                                  const std::string &Name) {
  std::string Path = Dir + "/" + Name;
  std::lock_guard<std::mutex> G(Lock);
  if (Pinned.count(Name))
    return Path;
  if (!Made) {
    std::string Pins = CacheDir + "/pins";
    if ((::mkdir(Pins.c_str(), 0777) != 0 && errno != EEXIST) ||
        (::mkdir(Dir.c_str(), 0777) != 0 && errno != EEXIST))
      return Cubin; // a read-only cache: used unpinned
    Made = true;
  }
  if (::link(Cubin.c_str(), Path.c_str()) != 0 && errno != EEXIST) {
    if (errno == ENOENT)
      return std::string();
    return Cubin; // no hard links here: used unpinned
  }
  Pinned.insert(Name);
  return Path;
}
