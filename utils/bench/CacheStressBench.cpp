//===- CacheStressBench.cpp - The variant cache over a long search --------===//
//
// What a search that runs for days does to the variant cache, without the
// compiles (which only make it slower): programs stored with cubins of
// search-like sizes, a bound, several processes at once, and processes
// killed midway. Every program's "cubin" is a function of its number, so a
// reader can tell a right hit from a damaged one.
//
//   ptxinject-cache-stress-bench bound DIR [PROGRAMS [MAX]]
//     stores PROGRAMS (100000) under the bound MAX (20M), one cubin per 4
//     programs; prints the folder's size against the bound and the hit
//     rate of the last 1000 programs looked up again.
//   ptxinject-cache-stress-bench writers DIR [WRITERS [SECONDS [MAX]]]
//     WRITERS (4) processes look up and store programs of one shared set for
//     SECONDS (30), one of them killed with SIGKILL about every 0.3 s and
//     started again; MAX (0: no bound) bounds the folder. A writer reports
//     a program to the parent once its store returned. Prints the damaged
//     entries used (a hit with the wrong bytes: must be 0), the reported
//     programs lost (missing afterwards: must be 0 without a bound), and
//     the leftovers of the killed writers that a trim removed.
//
//===----------------------------------------------------------------------===//
#include "ptxinject/support/ByteSize.h"
#include "ptxinject/support/File.h"
#include "ptxinject/variants/VariantCache.h"
#include "ptxinject/variants/VariantCacheFolder.h"

#include "BenchSupport.h"

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <set>
#include <string>
#include <vector>

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace ptxinject;
using namespace ptxinject::variants;

namespace {

using bench::Clock;
using bench::secondsSince;

const Hash128 Context = hashBytes("cache stress");
constexpr size_t Pack = 4;

Hash128 keyOf(size_t Program) {
  return VariantCache::key(Context, hashBytes(std::to_string(Program)));
}

// The module holding program P: its bytes depend on the module number only
// and its size varies as cubins of a search do (4 to 16 KB).
std::vector<char> cubinOf(size_t Module) {
  std::mt19937_64 R(Module);
  std::vector<char> Bytes(4096 + R() % 12288);
  for (char &C : Bytes)
    C = static_cast<char>(R());
  Bytes[0] = 0x7f;
  return Bytes;
}

bool storeModule(VariantCache &Cache, size_t Module, std::string &Error) {
  std::vector<char> Bytes = cubinOf(Module);
  Expected<Hash128> CubinHash = Cache.storeCubin(Bytes);
  if (!CubinHash) {
    Error = CubinHash.error().Message;
    return false;
  }
  for (size_t J = 0; J < Pack; ++J)
    if (ptxinject::Error E =
            Cache.storeEntry(keyOf(Module * Pack + J), *CubinHash, Bytes.size(),
                             {"inject_" + std::to_string(J), J})) {
      Error = E.Message;
      return false;
    }
  return true;
}

enum class Check { Hit, Miss, Damaged };

// A lookup as a user of the cache makes it: a hit must be program P's
// module at P's site, byte for byte.
Check lookUp(VariantCache &Cache, size_t P) {
  VariantCache::Hit Hit;
  VariantCache::Found F = Cache.lookup(keyOf(P), Hit);
  if (F == VariantCache::Found::Miss)
    return Check::Miss;
  if (F == VariantCache::Found::Damaged)
    return Check::Miss; // found out, recompiled: never used
  Expected<std::string> Bytes = readFile(Hit.CubinPath);
  std::vector<char> Want = cubinOf(P / Pack);
  bool Right = Bytes && Hit.Where.PackIndex == P % Pack &&
               std::string(Want.begin(), Want.end()) == *Bytes;
  return Right ? Check::Hit : Check::Damaged;
}

std::uint64_t sizeArg(const char *Text, std::uint64_t Default) {
  if (!Text)
    return Default;
  std::optional<std::uint64_t> B = parseByteSize(Text);
  if (!B) {
    std::fprintf(stderr, "not a size: %s\n", Text);
    std::exit(2);
  }
  return *B;
}

int runBound(const std::string &Dir, size_t Programs, std::uint64_t Max) {
  Clock::time_point T0 = Clock::now();
  std::string Error;
  {
    VariantCache Cache(Dir, Max);
    for (size_t M = 0; M * Pack < Programs; ++M)
      if (!storeModule(Cache, M, Error)) {
        std::fprintf(stderr, "store failed: %s\n", Error.c_str());
        return 1;
      }
  }
  double Seconds = secondsSince(T0);
  VariantCacheUsage U = scanVariantCache(Dir);
  VariantCache Again(Dir, Max);
  size_t Hits = 0, Damaged = 0;
  size_t From = Programs > 1000 ? Programs - 1000 : 0;
  for (size_t P = From; P < Programs; ++P) {
    Check C = lookUp(Again, P);
    Hits += C == Check::Hit;
    Damaged += C == Check::Damaged;
  }
  std::printf("programs stored:        %zu (%zu cubins of 4-16 KB, %.1f us "
              "per program)\n",
              Programs, (Programs + Pack - 1) / Pack, 1e6 * Seconds / Programs);
  std::printf("bound:                  %s\n", formatByteSize(Max).c_str());
  std::printf("folder after:           %s (%.1f%% of the bound), %zu entries, "
              "%zu cubins\n",
              formatByteSize(U.Bytes).c_str(), 100.0 * U.Bytes / Max, U.Entries,
              U.Cubins);
  std::printf("rerun of the last %zu:   %.1f%% hits, %zu damaged used\n",
              Programs - From, 100.0 * Hits / (Programs - From), Damaged);
  return Damaged ? 1 : 0;
}

// One writer: looks up random programs of the shared set, stores the ones
// it misses, reports each store on Report (one line per program, written
// after its store returned), counts damaged hits on Damaged.
[[noreturn]] void writer(const std::string &Dir, std::uint64_t Max,
                         unsigned Seed, int Report, int Damaged) {
  VariantCache Cache(Dir, Max ? std::optional<std::uint64_t>(Max)
                              : std::optional<std::uint64_t>(0));
  std::mt19937_64 R(Seed);
  const size_t Modules = 4000;
  std::string Error;
  for (;;) {
    size_t M = R() % Modules;
    Check C = lookUp(Cache, M * Pack);
    if (C == Check::Damaged)
      (void)!::write(Damaged, "d", 1);
    if (C != Check::Miss)
      continue;
    if (!storeModule(Cache, M, Error))
      continue;
    std::string Line = std::to_string(M) + "\n";
    (void)!::write(Report, Line.data(), Line.size());
  }
}

int runWriters(const std::string &Dir, unsigned Writers, double Seconds,
               std::uint64_t Max) {
  int ReportPipe[2], DamagePipe[2];
  if (::pipe(ReportPipe) || ::pipe(DamagePipe))
    return 1;
  ::fcntl(ReportPipe[0], F_SETFL, O_NONBLOCK);
  ::fcntl(DamagePipe[0], F_SETFL, O_NONBLOCK);
  std::vector<pid_t> Pids(Writers);
  unsigned Started = 0;
  auto Start = [&](unsigned I) {
    pid_t Pid = ::fork();
    if (Pid == 0)
      writer(Dir, Max, 1000 + Started, ReportPipe[1], DamagePipe[1]);
    Pids[I] = Pid;
    ++Started;
  };
  for (unsigned I = 0; I < Writers; ++I)
    Start(I);
  std::set<size_t> Reported;
  std::string Pending;
  size_t DamagedUsed = 0, Kills = 0;
  auto Drain = [&] {
    char Buf[65536];
    ssize_t N;
    while ((N = ::read(ReportPipe[0], Buf, sizeof(Buf))) > 0) {
      Pending.append(Buf, static_cast<size_t>(N));
      size_t Eol;
      while ((Eol = Pending.find('\n')) != std::string::npos) {
        Reported.insert(std::stoul(Pending.substr(0, Eol)));
        Pending.erase(0, Eol + 1);
      }
    }
    while ((N = ::read(DamagePipe[0], Buf, sizeof(Buf))) > 0)
      DamagedUsed += static_cast<size_t>(N);
  };
  std::mt19937 R(7);
  Clock::time_point End =
      Clock::now() + std::chrono::duration_cast<Clock::duration>(
                         std::chrono::duration<double>(Seconds));
  while (Clock::now() < End) {
    ::usleep(100000 + R() % 400000);
    unsigned Victim = R() % Writers;
    ::kill(Pids[Victim], SIGKILL);
    ::waitpid(Pids[Victim], nullptr, 0);
    ++Kills;
    Drain();
    Start(Victim);
  }
  for (pid_t Pid : Pids) {
    ::kill(Pid, SIGKILL);
    ::waitpid(Pid, nullptr, 0);
  }
  Drain();
  VariantCacheUsage Before = scanVariantCache(Dir);
  VariantCache Reader(Dir, 0);
  size_t Lost = 0;
  for (size_t M : Reported) {
    Check C = lookUp(Reader, M * Pack);
    Lost += C == Check::Miss;
    DamagedUsed += C == Check::Damaged;
  }
  // The killed writers' temporary files are at least DeadWriterGrace old
  // only after a while: wait for it, then trim.
  ::sleep(11);
  VariantCacheTrim T = trimVariantCache(Dir, Max);
  std::printf("writers:                %u, %.0f s, %zu killed with SIGKILL\n",
              Writers, Seconds, Kills);
  std::printf("bound:                  %s\n",
              Max ? formatByteSize(Max).c_str() : "none");
  std::printf("programs reported:      %zu modules\n", Reported.size());
  std::printf("damaged entries used:   %zu\n", DamagedUsed);
  std::printf("reported, then missing: %zu%s\n", Lost,
              Max ? " (a bound trims least recently used ones)" : "");
  std::printf("killed writers' leftovers: %zu temporary files and %zu pin "
              "folders; the next trim removed %zu, left %zu and %zu\n",
              Before.TempFiles, Before.PinFolders, T.RemovedLeftovers,
              T.After.TempFiles, T.After.PinFolders);
  std::printf("folder:                 %s\n",
              formatByteSize(T.After.Bytes).c_str());
  return DamagedUsed || (!Max && Lost) ? 1 : 0;
}

} // namespace

int main(int Argc, char **Argv) {
  if (Argc < 3) {
    std::fprintf(stderr,
                 "usage: ptxinject-cache-stress-bench bound DIR [PROGRAMS "
                 "[MAX]]\n"
                 "       ptxinject-cache-stress-bench writers DIR [WRITERS "
                 "[SECONDS [MAX]]]\n");
    return 2;
  }
  std::string Mode = Argv[1], Dir = Argv[2];
  if (Mode == "bound")
    return runBound(Dir, Argc > 3 ? std::stoul(Argv[3]) : 100000,
                    sizeArg(Argc > 4 ? Argv[4] : nullptr, 20 << 20));
  if (Mode == "writers")
    return runWriters(Dir, Argc > 3 ? std::stoul(Argv[3]) : 4,
                      Argc > 4 ? std::stod(Argv[4]) : 30,
                      sizeArg(Argc > 5 ? Argv[5] : nullptr, 0));
  std::fprintf(stderr, "unknown mode '%s'\n", Mode.c_str());
  return 2;
}
