//===- VariantsCommand.cpp - ptxinject variants: many programs to cubins --===//
//
// Takes an annotated kernel (PTX, or CUDA that is rewritten and compiled to
// PTX first), a set of programs (Stack PTX text, raw stubs or random), and
// writes one cubin per module with the batch variant compiler, then prints
// a summary of throughput and where the time went.
//
//===----------------------------------------------------------------------===//
#include "CommandLine.h"
#include "Commands.h"
#include "ToolSupport.h"
#include "VariantInputs.h"
#include "VariantManifest.h"

#include "ptxinject/backends/CubinBackend.h"
#include "ptxinject/backends/CudaTool.h"
#include "ptxinject/module/Module.h"
#include "ptxinject/module/PtxPrune.h"
#include "ptxinject/stackptx/Text.h"
#include "ptxinject/support/ExitCode.h"
#include "ptxinject/variants/VariantCache.h"
#include "ptxinject/variants/VariantCompiler.h"

#include <atomic>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <sys/stat.h>
#include <unistd.h>

using namespace ptxinject;
using namespace ptxinject::backends;
using namespace ptxinject::tool;
using namespace ptxinject::variants;

namespace {

const char Description[] =
    "Compiles many variants of an annotated kernel to cubins, on every core.\n"
    "KERNEL is PTX with inject sites, or CUDA (.cu), which is rewritten with\n"
    "ptxinject-rewrite and compiled with nvcc -ptx first; compiler flags for\n"
    "both (-I, -D, -std=..., --expt-relaxed-constexpr) go after '--'.\n"
    "A variant is one program per selected inject (--slot, repeatable).";

struct Arguments {
  std::string Kernel, OutDir, Stubs, Desc, Arch = "sm_80";
  std::string Nvcc, Rewriter, BackendName;
  std::vector<std::string> Programs; // FILE, or NAME=FILE per inject
  std::vector<std::string> Slots;
  std::vector<std::string> CompilerFlags; // after '--'
  size_t Random = 0, Length = 32, Pack = 1;
  unsigned long long Seed = 1;
  unsigned Jobs = 0;
  bool HaveRandom = false, KeepPtx = false, Progress = true, Live = false;
  bool PruneGlobals = false;
  bool Dedup = true, NoCache = false, PruneKernels = true;
  std::string CacheDir; // --cache; empty: the user's cache folder
  std::optional<std::uint64_t> CacheMaxSize; // --cache-max-size
  double Timeout = 0;                        // --timeout; 0: none
  std::optional<std::uint64_t> MemoryLimit;  // --memory-limit
  std::string Ray; // --ray ADDRESS: the work goes to a Ray cluster
  CubinBackendKind Backend = defaultCubinBackend();
};

int parseArguments(int Argc, char **Argv, Arguments &A) {
  CLI::App App(Description, "ptxinject variants");
  App.set_help_flag("-h,--help", "print this help and exit");
  App.add_option("KERNEL", A.Kernel, "KERNEL.cu or KERNEL.ptx")->required();
  App.add_option("-o,--out-dir", A.OutDir,
                 "where module_NNNNNN.cubin and manifest.tsv go")
      ->required();
  App.add_option("--programs", A.Programs,
                 "Stack PTX programs in text form, one variant per line "
                 "(words name operands by label: 'x y add.ftz.f32'; '#' "
                 "starts a comment; 'mma: ... ; epilogue: ...' gives one "
                 "program per inject); or NAME=FILE, repeatable, line i of "
                 "each file being inject NAME's program of variant i")
      ->allow_extra_args(false);
  App.add_option("--stubs", A.Stubs,
                 "raw PTX stubs separated by lines holding only '---'; "
                 "%{label} stands for an operand's register");
  CLI::Option *Random =
      App.add_option("--random", A.Random,
                     "N random Stack PTX programs per selected inject")
          ->check(CLI::Range(0ULL, 100000000ULL));
  App.add_option("--length", A.Length,
                 "instructions per random program (default 32); most are "
                 "dead code, removed from the stub")
      ->check(CLI::Range(0ULL, 1000000ULL));
  App.add_option("--seed", A.Seed, "random seed (default 1)");
  App.add_flag("--live", A.Live,
               "random programs whose operations are all live (a chain of "
               "operations on the inputs and constants)");
  App.add_option("--desc", A.Desc,
                 "Stack PTX instruction description JSON (default: built in)");
  App.add_option("--pack", A.Pack,
                 "variants per module, one per packed inject site (default 1)")
      ->check(CLI::Range(1ULL, 1000000ULL));
  App.add_option("--slot", A.Slots,
                 "inject to fill, repeatable; required when the kernel has "
                 "more than one inject and the programs do not name theirs")
      ->allow_extra_args(false);
  App.add_option("-j,--jobs", A.Jobs,
                 "worker threads (default: every hardware thread)")
      ->check(CLI::Range(0U, 4096U));
  App.add_option("--arch", A.Arch, "target architecture (default sm_80)");
  App.add_option("--backend", A.BackendName,
                 std::string("PTX-to-cubin back end: nvjitlink, nvptxcompiler "
                             "or ptxas (default ") +
                     cubinBackendName(defaultCubinBackend()) + ")");
  App.add_flag("--keep-ptx", A.KeepPtx, "also write each module's PTX");
  App.add_option(
      "--ray", A.Ray,
      "compile on a Ray cluster (auto, local or HOST:PORT) through "
      "the Python package's ptxinject-distributed (docs/distributed.md); "
      "a .ptx KERNEL with --programs FILE or --stubs FILE");
  App.add_flag("!--no-progress", A.Progress, "no progress line on stderr");
  App.add_flag("!--no-dedup", A.Dedup,
               "compile every program, even one whose stubs equal an "
               "earlier program's (by default it runs that program's code)");
  App.add_flag("!--keep-unfilled-kernels", A.PruneKernels,
               "compile every kernel of a packed module, even one none of "
               "whose sites got a program (by default such kernels are left "
               "out of the last, partly filled module)");
  CLI::Option *Cache = App.add_option(
      "--cache", A.CacheDir,
      "folder of the compiled-program cache (default: "
      "$XDG_CACHE_HOME/ptxinject/variants or ~/.cache/ptxinject/variants); "
      "a program compiled before for the same kernel PTX, back end, "
      "arch, options and toolkit is not compiled again");
  CLI::Option *NoCache =
      App.add_flag("--no-cache", A.NoCache, "neither read nor write the cache")
          ->excludes(Cache);
  addByteSizeOption(App, "--cache-max-size", A.CacheMaxSize,
                    "the cache folder's bound (5G, 500M, ...; 0: no bound; "
                    "default: its cache.conf, else 5G): least recently used "
                    "programs go when a run takes it over")
      ->excludes(NoCache);
  addByteSizeOption(App, "--memory-limit", A.MemoryLimit,
                    "address-space bound of each ptxas process (--backend "
                    "ptxas; 4G, 500M, ...): a compile over it fails alone. "
                    "nvPTXCompiler and nvJitLink run in this process: bound "
                    "it with ulimit -v");
  addSecondsOption(App, "--timeout", A.Timeout,
                   "seconds one module's PTX->cubin may take; a module past "
                   "it fails its programs with stage 'timeout' and the batch "
                   "goes on (default: no limit)");
  App.add_option("--nvcc", A.Nvcc, "nvcc to compile a .cu kernel with");
  App.add_option("--rewriter", A.Rewriter,
                 "ptxinject-rewrite to rewrite a .cu kernel with (default: "
                 "the one next to this binary)");
  App.add_flag("--prune-globals", A.PruneGlobals,
               "drop the kernel's internal module-scope variables that "
               "nothing in its PTX uses, once, before parsing (nvrtc "
               "-default-device PTX holds many); stubs must not use them");
  App.footer(
      "Example:\n  ptxinject variants kernel.cu --out-dir out --slot mma "
      "--slot epilogue --random 1000 -- -Iinclude -std=c++17");
  if (std::optional<int> Exit =
          parseCommandLine(App, "variants", Argc, Argv, &A.CompilerFlags))
    return *Exit;
  A.HaveRandom = Random->count() > 0;
  if (!A.BackendName.empty() &&
      !parseCubinBackendName(A.BackendName, A.Backend)) {
    reportUsageError("variants",
                     "unknown back end '" + A.BackendName +
                         "'; use nvjitlink, nvptxcompiler or ptxas");
    return ExitUsage;
  }
  int Sources = !A.Programs.empty() + !A.Stubs.empty() + A.HaveRandom;
  if (Sources != 1) {
    reportUsageError("variants", "give exactly one of --programs FILE, "
                                 "--stubs FILE or --random N");
    return ExitUsage;
  }
  return -1;
}

bool endsWith(const std::string &S, const char *Suffix) {
  size_t N = std::strlen(Suffix);
  return S.size() >= N && S.compare(S.size() - N, N, Suffix) == 0;
}

/// --ray: the cluster driver lives in the Python package (Ray is a Python
/// library), so the command becomes its `ptxinject-distributed variants`,
/// with the options both read. Returns only on error.
int forwardToRay(const Arguments &A) {
  auto Refuse = [](const std::string &Why) {
    reportUsageError("variants", "--ray: " + Why);
    return ExitUsage;
  };
  if (!endsWith(A.Kernel, ".ptx"))
    return Refuse("give the kernel's PTX (a run without --ray leaves "
                  "OUT/kernel.ptx for a .cu kernel)");
  if (!A.PruneKernels)
    return Refuse("--keep-unfilled-kernels is not forwarded; the cluster "
                  "driver leaves kernels without programs out of partly "
                  "filled modules");
  if (A.HaveRandom || A.Live || !A.Desc.empty() || A.PruneGlobals ||
      !A.CompilerFlags.empty())
    return Refuse(
        "--random, --live, --desc, --prune-globals and compiler "
        "flags are not forwarded; give --programs FILE or --stubs FILE");
  if (A.Programs.size() > 1 ||
      (A.Programs.size() == 1 && A.Programs[0].find('=') != std::string::npos))
    return Refuse("one --programs FILE (not NAME=FILE per inject)");
  std::vector<std::string> Args = {"ptxinject-distributed",
                                   "variants",
                                   A.Kernel,
                                   "--out-dir",
                                   A.OutDir,
                                   "--ray",
                                   A.Ray,
                                   "--pack",
                                   std::to_string(A.Pack),
                                   "--arch",
                                   A.Arch};
  if (!A.Programs.empty())
    Args.insert(Args.end(), {"--programs", A.Programs[0]});
  if (!A.Stubs.empty())
    Args.insert(Args.end(), {"--stubs", A.Stubs});
  for (const std::string &Slot : A.Slots)
    Args.insert(Args.end(), {"--slot", Slot});
  if (!A.BackendName.empty())
    Args.insert(Args.end(), {"--backend", A.BackendName});
  // The driver deduplicates and keeps the same cache (its default folder is
  // ours); say only what differs from the defaults.
  if (!A.Dedup)
    Args.push_back("--no-dedup");
  if (A.NoCache)
    Args.push_back("--no-cache");
  else if (!A.CacheDir.empty())
    Args.insert(Args.end(), {"--cache", A.CacheDir});
  if (A.KeepPtx)
    Args.push_back("--keep-ptx");
  if (!A.Progress)
    Args.push_back("--no-progress");
  std::vector<char *> Argv;
  for (std::string &S : Args)
    Argv.push_back(S.data());
  Argv.push_back(nullptr);
  ::execvp(Argv[0], Argv.data());
  reportError("ptxinject-distributed",
              std::string("cannot run it (") + std::strerror(errno) +
                  "): --ray needs the Python package with Ray on PATH: "
                  "pip install '.[ray]' (docs/distributed.md)");
  return ExitUsage;
}

std::string selfDirectory() {
  char Buf[4096];
  ssize_t N = ::readlink("/proc/self/exe", Buf, sizeof(Buf) - 1);
  if (N <= 0)
    return ".";
  std::string Path(Buf, static_cast<size_t>(N));
  size_t Slash = Path.rfind('/');
  return Slash == std::string::npos ? "." : Path.substr(0, Slash);
}

// A failed tool's messages, before the error that names the step.
void printToolLog(const ToolRun &Run) {
  if (!Run.Log.empty())
    std::fprintf(stderr, "%s\n", Run.Log.c_str());
}

std::string directoryOf(const std::string &Path) {
  size_t Slash = Path.rfind('/');
  if (Slash == std::string::npos)
    return ".";
  return Slash == 0 ? "/" : Path.substr(0, Slash);
}

// CUDA input: rewrite the annotations (when the rewriter is available) and
// compile to PTX. The intermediate files go to OutDir so a user can look.
// Both steps see the user's compiler flags, the target architecture (an
// arch-guarded site must be typed for the arch it is compiled for) and the
// kernel's own folder, which the rewritten copy in OutDir no longer sits in.
// Returns ExitOk, ExitUsage when a tool is missing, ExitFailed when one
// fails.
int cudaToPtx(const Arguments &A, std::string &Ptx) {
  // A kernel that cannot be read is a bad input, not a failed compile.
  std::string Source;
  if (!readWholeFileOrReport(A.Kernel, Source))
    return ExitUsage;
  std::string Dir = selfDirectory();
  std::string Rewriter =
      A.Rewriter.empty() ? Dir + "/ptxinject-rewrite" : A.Rewriter;
  Source = A.Kernel;
  std::string Base = A.OutDir + "/kernel";
  std::string SourceDir = "-I" + directoryOf(A.Kernel);
  if (isExecutable(Rewriter)) {
    std::string Rewritten = Base + ".rewritten.cu";
    std::vector<std::string> Argv = {
        Rewriter, A.Kernel, "-o", Rewritten, "--", "--cuda-gpu-arch=" + A.Arch};
    Argv.insert(Argv.end(), A.CompilerFlags.begin(), A.CompilerFlags.end());
    ToolRun Rewrite = runTool(Argv, Base + ".rewrite.log");
    if (!Rewrite.Ok) {
      printToolLog(Rewrite);
      reportError(A.Kernel,
                  "ptxinject-rewrite failed (messages above); fix what they "
                  "name: a missing header or flag goes after '--' "
                  "(-Idir, -DNAME, -std=c++17), an annotation in the source");
      return ExitFailed;
    }
    Source = Rewritten;
  } else if (!A.Rewriter.empty()) {
    reportError(A.Kernel, "rewriter '" + A.Rewriter + "' is not an executable");
    return ExitUsage;
  } else {
    std::fprintf(stderr,
                 "ptxinject variants: note: ptxinject-rewrite is not built; "
                 "compiling %s with nvcc as is (it must already hold marker "
                 "asm)\n",
                 A.Kernel.c_str());
  }
  std::string Nvcc = findCudaTool("nvcc", A.Nvcc);
  if (Nvcc.empty()) { // findCudaTool returns only executables
    reportError(A.Kernel, "nvcc not found; install the CUDA toolkit, pass "
                          "--nvcc PATH, or give a .ptx file");
    return ExitUsage;
  }
  std::string PtxPath = Base + ".ptx";
  std::vector<std::string> Argv = {Nvcc, "-ptx", "-arch=" + A.Arch};
  Argv.push_back(SourceDir);
  Argv.push_back("-I" + Dir + "/../include");
  Argv.insert(Argv.end(), A.CompilerFlags.begin(), A.CompilerFlags.end());
  Argv.push_back(Source);
  Argv.push_back("-o");
  Argv.push_back(PtxPath);
  ToolRun Compile = runTool(Argv, Base + ".nvcc.log");
  if (!Compile.Ok) {
    printToolLog(Compile);
    reportError(Source, "nvcc -ptx failed (messages above); compiler flags "
                        "go after '--'");
    return ExitFailed;
  }
  return readWholeFileOrReport(PtxPath, Ptx) ? ExitOk : ExitFailed;
}

// "[=====     ] 120/1000 variants, 85.3/s, 10 s left, 3 failed"
std::string progressLine(size_t Done, size_t Total, double Seconds,
                         size_t Failed) {
  const int Width = 30;
  int Fill = Total ? static_cast<int>(Width * Done / Total) : Width;
  std::string Line =
      "[" + std::string(Fill, '=') + std::string(Width - Fill, ' ') + "] " +
      std::to_string(Done) + "/" + std::to_string(Total) + " variants";
  char Buf[96];
  if (Seconds > 0 && Done > 0) {
    double Rate = Done / Seconds;
    std::snprintf(Buf, sizeof(Buf), ", %.1f/s, %.0f s left", Rate,
                  (Total - Done) / Rate);
    Line += Buf;
  }
  Line += ", " + std::to_string(Failed) + " failed   ";
  return Line;
}

// Redraws a one-line progress display on stderr while the batch runs:
// count, rate, time left and failures so far.
class ProgressBar {
public:
  ProgressBar(std::atomic<size_t> &Done, std::atomic<size_t> &Failed,
              size_t Total)
      : Done(Done), Failed(Failed), Total(Total),
        Start(std::chrono::steady_clock::now()), Thread([this] { loop(); }) {}
  ~ProgressBar() {
    {
      std::lock_guard<std::mutex> L(M);
      Stop = true;
    }
    CV.notify_one();
    Thread.join();
    draw();
    std::fputc('\n', stderr);
  }

private:
  void loop() {
    std::unique_lock<std::mutex> L(M);
    while (!CV.wait_for(L, std::chrono::milliseconds(200),
                        [this] { return Stop; }))
      draw();
  }
  void draw() {
    size_t D = Done.load(std::memory_order_relaxed);
    double Seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
            .count();
    std::fprintf(
        stderr, "\r%s",
        progressLine(D, Total, Seconds, Failed.load(std::memory_order_relaxed))
            .c_str());
    std::fflush(stderr);
  }
  std::atomic<size_t> &Done, &Failed;
  size_t Total;
  std::chrono::steady_clock::time_point Start;
  std::mutex M;
  std::condition_variable CV;
  bool Stop = false;
  std::thread Thread;
};

// A program found in the cache runs from a cubin in the cache; the output
// folder gets that cubin as cached_HASH.cubin (a hard link, or a copy across
// file systems) so that it holds every cubin its manifest names. Returns the
// file name per cached path, or reports and returns false.
bool linkCachedCubins(const VariantReport &Report, const std::string &OutDir,
                      std::map<std::string, std::string> &Names) {
  for (const ProgramPlace &Place : Report.Places) {
    if (Place.CachedCubin.empty() || Names.count(Place.CachedCubin))
      continue;
    const std::string &From = Place.CachedCubin;
    std::string Name = "cached_" + From.substr(From.rfind('/') + 1);
    std::string To = OutDir + "/" + Name, Temp = To + ".tmp";
    ::unlink(Temp.c_str());
    // rename() of two links to one file succeeds and leaves both (POSIX):
    // the temporary goes in every case.
    bool Linked = ::link(From.c_str(), Temp.c_str()) == 0 &&
                  ::rename(Temp.c_str(), To.c_str()) == 0;
    ::unlink(Temp.c_str());
    if (!Linked) {
      std::string Bytes;
      if (!readWholeFileOrReport(From, Bytes) ||
          !writeFileAtomicallyOrReport(To, Bytes))
        return false;
    }
    Names[From] = Name;
  }
  return true;
}

} // namespace

int ptxinject::tool::runVariants(int Argc, char **Argv) {
  Arguments A;
  if (int Exit = parseArguments(Argc, Argv, A); Exit >= 0)
    return Exit;
  if (!A.Ray.empty())
    return forwardToRay(A);
  // The back end first: an architecture or back end it refuses is a
  // command-line mistake, found before any work.
  CubinOptions CO;
  CO.Arch = A.Arch;
  if (A.MemoryLimit) {
    if (A.Backend != CubinBackendKind::Ptxas) {
      reportUsageError("variants",
                       "--memory-limit bounds ptxas processes (--backend "
                       "ptxas); nvPTXCompiler and nvJitLink run in this "
                       "process: bound it with ulimit -v");
      return ExitUsage;
    }
    CO.MemoryLimitBytes = *A.MemoryLimit;
  }
  Expected<std::unique_ptr<CubinBackend>> Made =
      createCubinBackend(A.Backend, CO);
  if (!Made) {
    reportUsageError("variants", Made.error().Message);
    return ExitUsage;
  }
  std::unique_ptr<CubinBackend> Backend = Made.take();
  if (::mkdir(A.OutDir.c_str(), 0777) != 0 && errno != EEXIST) {
    reportError(A.OutDir, std::string("cannot create the output folder: ") +
                              std::strerror(errno));
    return ExitUsage;
  }

  // The kernel, parsed once.
  std::string Ptx;
  if (endsWith(A.Kernel, ".cu")) {
    if (int Exit = cudaToPtx(A, Ptx); Exit != ExitOk)
      return Exit;
  } else if (!readWholeFileOrReport(A.Kernel, Ptx)) {
    return ExitUsage;
  }
  // No --backend: the default, or one found here that reads the PTX's ISA
  // when the default's compiler is older (PTX from a newer nvcc).
  if (A.BackendName.empty()) {
    DefaultCubinBackend Chosen = chooseDefaultCubinBackend(Ptx, CO);
    if (!Chosen.Note.empty()) // newer than the driver that runs the cubins
      std::fprintf(stderr, "ptxinject variants: note: %s\n",
                   Chosen.Note.c_str());
    if (Chosen.Kind != Backend->kind()) {
      Made = createCubinBackend(Chosen.Kind, CO);
      if (!Made) {
        reportUsageError("variants", Made.error().Message);
        return ExitUsage;
      }
      Backend = Made.take();
    }
  }
  PruneStats Pruned;
  if (A.PruneGlobals)
    Ptx = pruneUnusedGlobals(Ptx, &Pruned);
  Expected<Module> Kernel = Module::parse(Ptx);
  if (!Kernel) {
    reportError(A.Kernel, Kernel.error());
    return ExitUsage;
  }

  // The programs: one source per inject a variant fills. A file that
  // cannot be read or does not have its format is a bad input.
  VariantInputs In;
  stackptx::InstructionSet Set = stackptx::InstructionSet::builtin();
  if (!A.Desc.empty() && !loadDescriptionOrReport(A.Desc, Set))
    return ExitUsage;
  if (!A.Stubs.empty()) {
    if (!readStubs(A.Stubs, In))
      return ExitUsage;
  } else if (!A.Programs.empty()) {
    if (!readPrograms(A.Programs, Set, In))
      return ExitUsage;
  } else {
    // Every selected inject gets its own random programs (pack 1), from
    // seeds Seed, Seed + 1, ... in --slot order.
    size_t Roles = A.Pack == 1 ? std::max<size_t>(1, A.Slots.size()) : 1;
    for (size_t R = 0; R < Roles; ++R) {
      auto S = std::make_unique<StackPtxSource>(Set);
      if (A.Live)
        S->addRandomLive(A.Random, A.Length, A.Seed + R);
      else
        S->addRandom(A.Random, A.Length, A.Seed + R);
      In.Stack.push_back(S.get());
      In.Sources.push_back(std::move(S));
      In.Origins.emplace_back();
    }
  }
  VariantOptions VO;
  VO.Pack = A.Pack;
  VO.Jobs = A.Jobs;
  VO.KeepPtx = A.KeepPtx;
  VO.Slots = A.Slots;
  VO.Dedup = A.Dedup;
  VO.PruneUnfilledKernels = A.PruneKernels;
  if (!A.NoCache) {
    VO.CacheDir = A.CacheDir.empty() ? defaultVariantCacheDir() : A.CacheDir;
    VO.CacheMaxBytes = A.CacheMaxSize;
  }
  VO.TimeoutSeconds = A.Timeout;
  if (!A.NoCache && VO.CacheDir.empty())
    std::fprintf(stderr, "ptxinject variants: note: no cache (neither "
                         "XDG_CACHE_HOME nor HOME is set; use --cache DIR)\n");
  if (!In.Injects.empty()) {
    // The programs name their injects; --slot, when given, must agree.
    if (!A.Slots.empty() && A.Slots != In.Injects) {
      std::string Named;
      for (const std::string &N : In.Injects)
        Named += (Named.empty() ? "" : ", ") + N;
      reportUsageError("variants", "the programs name injects " + Named +
                                       "; drop --slot or give the same list");
      return ExitUsage;
    }
    VO.Slots = In.Injects;
  } else if (In.Sources.size() == 1 && A.Pack == 1 && A.Slots.size() > 1) {
    reportUsageError("variants",
                     std::to_string(A.Slots.size()) +
                         " injects are selected but each program is for one; "
                         "write one line per variant as 'NAME: program ; "
                         "NAME: program', or pass --programs NAME=FILE per "
                         "inject");
    return ExitUsage;
  }
  size_t Total = In.Sources[0]->numPrograms();
  if (Total == 0) {
    reportError(!A.Stubs.empty()      ? A.Stubs
                : !A.Programs.empty() ? A.Programs[0]
                                      : A.Kernel,
                "no programs to compile");
    return ExitUsage;
  }

  std::atomic<size_t> Done{0}, FailedSoFar{0};
  VO.Progress = &Done;

  std::vector<ProgramSource *> Sources;
  for (auto &S : In.Sources)
    Sources.push_back(S.get());
  size_t G = Sources.size();
  VO.InjectsPerVariant = G;
  Expected<std::vector<size_t>> Resolved = resolveSlots(*Kernel, VO);
  if (!Resolved) { // the slots and packing the kernel cannot take
    reportError(A.Kernel, Resolved.error());
    return ExitUsage;
  }
  std::vector<size_t> Slots = Resolved.take();
  ManifestSources MS;
  MS.Kernel = &*Kernel;
  MS.Ptx = Ptx;
  MS.Inputs = &In;
  MS.Slots = Slots;
  MS.Pack = A.Pack;
  MS.Seed = A.Seed;
  ManifestRows Rows(MS);
  // The manifest grows a module at a time while the batch runs: a run that
  // is killed leaves the rows of every module it wrote.
  std::string ManifestPath = A.OutDir + "/manifest.tsv";
  if (!writeFileAtomicallyOrReport(ManifestPath, ManifestRows::header()))
    return ExitFailed;
  ManifestAppender Appender(ManifestPath);

  // The sink runs on the workers: each module writes its own files, then
  // its manifest rows.
  ModuleSink Sink = [&](const CompiledModule &M, std::string &Err) {
    FailedSoFar.fetch_add(M.Failed->size(), std::memory_order_relaxed);
    auto Write = [&](const char *Suffix, std::string_view Bytes) {
      Error E = writeFileAtomically(
          A.OutDir + "/" + numbered("module_", M.Index, Suffix), Bytes);
      if (E)
        Err = E.Message;
      return !E;
    };
    if (A.KeepPtx && !Write(".ptx", M.Ptx))
      return false;
    if (!M.Cubin->empty() &&
        !Write(".cubin", std::string_view(M.Cubin->data(), M.Cubin->size())))
      return false;
    std::string Text;
    for (size_t J = 0; J < M.NumPrograms; ++J) {
      size_t P = (*M.Programs)[J];
      ProgramPlace Place;
      Place.SameAs = P;
      Place.Module = M.Index;
      Place.Inject = Slots[J * G];
      Place.PackIndex = J;
      bool Failed = M.Cubin->empty() ||
                    std::binary_search(M.Failed->begin(), M.Failed->end(), P);
      Text += Rows.rows(P, Place, Failed);
    }
    Appender.append(Text);
    return true;
  };

  VariantReport Report;
  Error E;
  {
    std::unique_ptr<ProgressBar> Bar;
    if (A.Progress && ::isatty(2))
      Bar = std::make_unique<ProgressBar>(Done, FailedSoFar, Total);
    E = compileVariants(*Kernel, *Backend, Sources, VO, Sink, Report);
  }
  if (E) { // the slots and packing the kernel cannot take
    reportError(A.Kernel, E);
    return ExitUsage;
  }

  // Per-variant failures, tied to the program that caused them.
  for (const VariantFailure &F : Report.Failures) {
    std::string Where = A.Kernel;
    const std::vector<ProgramOrigin> &Origins = In.Origins[F.Role];
    bool Stub = F.Stage == VariantStage::Stub;
    if (F.Program < Origins.size()) {
      const ProgramOrigin &O = Origins[F.Program];
      // Stub errors point into the program's text, which starts at O.
      unsigned Line = O.Line + (Stub && F.Line ? F.Line - 1 : 0);
      unsigned Column = !Stub || !F.Column ? O.Column
                        : F.Line > 1       ? F.Column
                                           : O.Column + F.Column - 1;
      Where =
          O.File + ":" + std::to_string(Line) + ":" + std::to_string(Column);
    }
    std::string Msg = "program " + std::to_string(F.Program) +
                      (Stub                               ? " (stub"
                       : F.Stage == VariantStage::Timeout ? " (timeout"
                                                          : " (cubin");
    if (Stub && G > 1)
      Msg += ", inject '" + Kernel->inject(Slots[F.Role]).Name + "'";
    reportError(Where, Msg + "): " + F.Message);
  }

  if (!Report.CacheWarning.empty())
    std::fprintf(stderr,
                 "ptxinject variants: warning: cache: %s (the results "
                 "are complete; the next run compiles them again)\n",
                 Report.CacheWarning.c_str());
  std::map<std::string, std::string> CachedNames;
  if (!linkCachedCubins(Report, A.OutDir, CachedNames))
    return ExitFailed;

  MS.CachedNames = &CachedNames;
  // The whole manifest, in program order, replaces the one that grew.
  if (!writeFileAtomicallyOrReport(ManifestPath, manifestTsv(MS, Report)))
    return ExitFailed;
  if (A.HaveRandom) {
    std::string Header =
        "# ptxinject variants --random " + std::to_string(A.Random) +
        " --length " + std::to_string(A.Length) + " --seed " +
        std::to_string(A.Seed) + (A.Live ? " --live" : "") +
        ": line N is program N; recompile with --programs "
        "this file" +
        (G == 1 && A.Pack == 1 ? " --slot " + Kernel->inject(Slots[0]).Name
         : A.Pack > 1          ? " --pack " + std::to_string(A.Pack)
                               : std::string()) +
        "\n";
    if (!writeFileAtomicallyOrReport(A.OutDir + "/random.stack",
                                     programsFile(MS, Report.Variants, Header)))
      return ExitFailed;
  }

  double Busy = Report.busySeconds() > 0 ? Report.busySeconds() : 1;
  double PerSecond =
      Report.WallSeconds > 0 ? Report.Variants / Report.WallSeconds : 0;
  std::printf("variants:            %zu\n", Report.Variants);
  std::printf("modules:             %zu (pack %zu)\n", Report.Modules, A.Pack);
  std::printf("failures:            %zu\n", Report.Failures.size());
  if (A.PruneGlobals)
    std::printf("pruned globals:      %zu (%zu bytes of the kernel's PTX)\n",
                Pruned.RemovedVariables, Pruned.RemovedBytes);
  std::printf("back end:            %s, %s\n",
              cubinBackendName(Backend->kind()), A.Arch.c_str());
  // Which toolkit's compiler made the cubins (and keys the cache).
  std::printf("compiler:            %s\n", Backend->version().c_str());
  std::printf("threads:             %u\n", Report.Threads);
  // Programs whose stubs compiled (a variant fails at its first bad stub,
  // once; duplicates share only cubin failures).
  size_t WithCode = Report.Variants;
  for (const VariantFailure &F : Report.Failures)
    WithCode -= F.Stage == VariantStage::Stub;
  std::printf("unique programs:     %zu (duplicate rate %.1f%%%s)\n",
              Report.UniquePrograms,
              WithCode ? 100.0 * (WithCode - Report.UniquePrograms) / WithCode
                       : 0.0,
              A.Dedup ? "" : ", --no-dedup: compiled anyway");
  if (VO.CacheDir.empty())
    std::printf("cache:               off\n");
  else
    std::printf("cache hits:          %zu of %zu%s (%s)\n", Report.CacheHits,
                Report.UniquePrograms,
                Report.CacheRejected
                    ? (", " + std::to_string(Report.CacheRejected) +
                       " damaged entries compiled again")
                          .c_str()
                    : "",
                VO.CacheDir.c_str());
  // Kernels of a partly filled module that held no program (KernelPrune.h).
  if (Report.PrunedKernels)
    std::printf("unfilled kernels:    %zu left out\n", Report.PrunedKernels);
  std::printf("wall time:           %.3f s\n", Report.WallSeconds);
  std::printf("variants/s:          %.1f\n", PerSecond);
  std::printf("variants/s/thread:   %.1f\n", PerSecond / Report.Threads);
  std::printf(
      "time shares:         stub compile %.2f%%, render %.2f%%, "
      "PTX->cubin %.2f%%, write %.2f%%\n",
      100 * Report.StubSeconds / Busy, 100 * Report.RenderSeconds / Busy,
      100 * Report.CubinSeconds / Busy, 100 * Report.SinkSeconds / Busy);
  // Only worth a line when it changes what a user should do.
  double WaitShare =
      Report.WallSeconds > 0
          ? Report.RunQueueWaitSeconds / (Report.WallSeconds * Report.Threads)
          : 0;
  if (WaitShare >= 0.10)
    std::printf("waiting for a core:  %.1f%% of worker time (a busy machine; "
                "fewer --jobs may do as well)\n",
                100 * WaitShare);
  std::printf("manifest:            %s/manifest.tsv\n", A.OutDir.c_str());
  if (A.HaveRandom)
    std::printf("programs:            %s/random.stack\n", A.OutDir.c_str());
  std::printf("output:              %s\n", A.OutDir.c_str());
  return Report.Failures.empty() ? ExitOk : ExitFailed;
}
