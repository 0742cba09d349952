//===- VariantsCommand.cpp - ptxinject variants: many programs to cubins --===//
//
// Takes an annotated kernel (PTX, or CUDA that is rewritten and compiled to
// PTX first), a set of programs (Stack PTX text, raw stubs or random), and
// writes one cubin per module with the batch variant compiler, then prints
// a summary of throughput and where the time went.
//
//===----------------------------------------------------------------------===//
#include "Commands.h"
#include "ToolSupport.h"

#include "ptxinject/backends/CubinBackend.h"
#include "ptxinject/backends/CudaTool.h"
#include "ptxinject/module/Module.h"
#include "ptxinject/module/PtxPrune.h"
#include "ptxinject/variants/VariantCompiler.h"

#include <atomic>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <sys/stat.h>
#include <unistd.h>

using namespace ptxinject;
using namespace ptxinject::tool;

namespace {

const char Usage[] =
    "usage: ptxinject variants KERNEL.cu|KERNEL.ptx --out-dir DIR\n"
    "         (--programs FILE | --stubs FILE |\n"
    "          --random N [--length L] [--seed S] [--live])\n"
    "         [--desc FILE.json] [--pack K] [--jobs J] [--arch sm_80]\n"
    "         [--backend nvjitlink|nvptxcompiler|ptxas] [--slot NAME]...\n"
    "         [--keep-ptx] [--no-progress] [--nvcc PATH] [--rewriter PATH]\n"
    "         [--prune-globals]\n"
    "\n"
    "Compiles many variants of an annotated kernel to cubins, on every core.\n"
    "\n"
    "  KERNEL.ptx        PTX with inject sites (from nvcc -ptx after rewriting)\n"
    "  KERNEL.cu         CUDA; rewritten with ptxinject-rewrite (next to this\n"
    "                    binary, when built) and compiled with nvcc -ptx first\n"
    "  --programs FILE   Stack PTX programs in text form, one per line; words\n"
    "                    name operands by label ('x y add.ftz.f32'); '#' starts\n"
    "                    a comment\n"
    "  --stubs FILE      raw PTX stubs separated by lines holding only '---';\n"
    "                    %%{label} stands for an operand's register\n"
    "  --random N        N random Stack PTX programs of --length L (default 32)\n"
    "                    instructions, from --seed S (default 1); most of\n"
    "                    their instructions are dead code, removed from the stub\n"
    "  --live            random programs whose L operations are all live (a\n"
    "                    chain of f32 operations on the inputs and constants)\n"
    "  --desc FILE.json  Stack PTX instruction description (default: built in)\n"
    "  --pack K          programs per module, one per inject site (default 1)\n"
    "  --slot NAME       inject to fill, repeatable (default: every inject in\n"
    "                    natural name order)\n"
    "  --jobs J          worker threads (default: every hardware thread)\n"
    "  --arch sm_NN      target architecture (default sm_80)\n"
    "  --backend NAME    PTX-to-cubin back end (default: %s)\n"
    "  --keep-ptx        also write each module's PTX\n"
    "  --prune-globals   drop the kernel's internal module-scope variables\n"
    "                    that nothing in its PTX uses, once, before parsing\n"
    "                    (nvrtc -default-device PTX holds many); stubs must\n"
    "                    not refer to them\n"
    "  --out-dir DIR     where module_NNNNNN.cubin and manifest.tsv go\n";

struct Arguments {
  std::string Kernel, OutDir, Programs, Stubs, Desc, Arch = "sm_80";
  std::string Nvcc, Rewriter;
  std::vector<std::string> Slots;
  size_t Random = 0, Length = 32, Pack = 1;
  unsigned long long Seed = 1;
  unsigned Jobs = 0;
  bool HaveRandom = false, KeepPtx = false, Progress = true, Live = false;
  bool PruneGlobals = false;
  CubinBackendKind Backend = defaultCubinBackend();
};

bool parseCount(const char *Text, unsigned long long Max,
                unsigned long long &Out) {
  if (!Text || !*Text)
    return false;
  char *End = nullptr;
  errno = 0;
  unsigned long long V = std::strtoull(Text, &End, 10);
  if (errno || *End || Text[0] == '-' || V > Max)
    return false;
  Out = V;
  return true;
}

/// The option that takes one string value into A, or nullptr.
std::string *stringOption(const std::string &Arg, Arguments &A) {
  const std::pair<const char *, std::string *> Options[] = {
      {"--out-dir", &A.OutDir}, {"-o", &A.OutDir},
      {"--programs", &A.Programs}, {"--stubs", &A.Stubs},
      {"--desc", &A.Desc},       {"--arch", &A.Arch},
      {"--nvcc", &A.Nvcc},       {"--rewriter", &A.Rewriter}};
  for (const auto &[Name, Target] : Options)
    if (Arg == Name)
      return Target;
  return nullptr;
}

bool parseArguments(int Argc, char **Argv, Arguments &A, bool &Help) {
  auto Need = [&](int &I, const char *Flag) -> const char * {
    if (I + 1 >= Argc) {
      reportUsageError("variants", std::string(Flag) + " needs a value");
      return nullptr;
    }
    return Argv[++I];
  };
  auto Number = [&](int &I, const char *Flag, unsigned long long Max,
                    unsigned long long &Out) {
    const char *V = Need(I, Flag);
    if (!V)
      return false;
    if (!parseCount(V, Max, Out)) {
      reportUsageError("variants", std::string(Flag) + " expects a number up to " +
                                       std::to_string(Max) + ", got '" + V + "'");
      return false;
    }
    return true;
  };
  for (int I = 1; I < Argc; ++I) {
    std::string Arg = Argv[I];
    unsigned long long N = 0;
    const char *V = nullptr;
    if (Arg == "--help" || Arg == "-h") {
      Help = true;
      return true;
    } else if (std::string *Target = stringOption(Arg, A)) {
      if (!(V = Need(I, Arg.c_str())))
        return false;
      *Target = V;
    } else if (Arg == "--slot") {
      if (!(V = Need(I, "--slot")))
        return false;
      A.Slots.push_back(V);
    } else if (Arg == "--backend") {
      if (!(V = Need(I, "--backend")))
        return false;
      if (!parseCubinBackendName(V, A.Backend)) {
        reportUsageError("variants", std::string("unknown back end '") + V +
                                         "'; use nvjitlink, nvptxcompiler or ptxas");
        return false;
      }
    } else if (Arg == "--random") {
      if (!Number(I, "--random", 100000000ULL, N))
        return false;
      A.Random = N;
      A.HaveRandom = true;
    } else if (Arg == "--length") {
      if (!Number(I, "--length", 1000000ULL, N))
        return false;
      A.Length = N;
    } else if (Arg == "--seed") {
      if (!Number(I, "--seed", ~0ULL, N))
        return false;
      A.Seed = N;
    } else if (Arg == "--pack") {
      if (!Number(I, "--pack", 1000000ULL, N))
        return false;
      if (N == 0) {
        reportUsageError("variants", "--pack must be at least 1");
        return false;
      }
      A.Pack = N;
    } else if (Arg == "--jobs" || Arg == "-j") {
      if (!Number(I, "--jobs", 4096ULL, N))
        return false;
      A.Jobs = static_cast<unsigned>(N);
    } else if (Arg == "--live") {
      A.Live = true;
    } else if (Arg == "--keep-ptx") {
      A.KeepPtx = true;
    } else if (Arg == "--prune-globals") {
      A.PruneGlobals = true;
    } else if (Arg == "--no-progress") {
      A.Progress = false;
    } else if (!Arg.empty() && Arg[0] == '-') {
      reportUsageError("variants", "unknown option '" + Arg +
                                       "'; see 'ptxinject variants --help'");
      return false;
    } else if (A.Kernel.empty()) {
      A.Kernel = Arg;
    } else {
      reportUsageError("variants", "more than one kernel given ('" + A.Kernel +
                                       "' and '" + Arg + "')");
      return false;
    }
  }
  if (A.Kernel.empty()) {
    reportUsageError("variants", "no kernel given; pass KERNEL.cu or KERNEL.ptx");
    return false;
  }
  if (A.OutDir.empty()) {
    reportUsageError("variants", "--out-dir DIR is required");
    return false;
  }
  int Sources = !A.Programs.empty() + !A.Stubs.empty() + A.HaveRandom;
  if (Sources != 1) {
    reportUsageError("variants", "give exactly one of --programs FILE, "
                                 "--stubs FILE or --random N");
    return false;
  }
  return true;
}

bool endsWith(const std::string &S, const char *Suffix) {
  size_t N = std::strlen(Suffix);
  return S.size() >= N && S.compare(S.size() - N, N, Suffix) == 0;
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

bool isExecutable(const std::string &P) {
  return !P.empty() && ::access(P.c_str(), X_OK) == 0;
}

// A failed tool's messages, before the error that names the step.
void printToolLog(const ToolRun &Run) {
  if (!Run.Log.empty())
    std::fprintf(stderr, "%s\n", Run.Log.c_str());
}

// CUDA input: rewrite the annotations (when the rewriter is available) and
// compile to PTX. The intermediate files go to OutDir so a user can look.
bool cudaToPtx(const Arguments &A, std::string &Ptx) {
  std::string Dir = selfDirectory();
  std::string Rewriter =
      A.Rewriter.empty() ? Dir + "/ptxinject-rewrite" : A.Rewriter;
  std::string Source = A.Kernel;
  std::string Base = A.OutDir + "/kernel";
  if (isExecutable(Rewriter)) {
    std::string Rewritten = Base + ".rewritten.cu";
    ToolRun Rewrite = runTool({Rewriter, A.Kernel, "-o", Rewritten}, Base + ".rewrite.log");
    if (!Rewrite.Ok) {
      printToolLog(Rewrite);
      reportError(A.Kernel, "ptxinject-rewrite failed (messages above); fix "
                            "the annotations or pass a .ptx");
      return false;
    }
    Source = Rewritten;
  } else if (!A.Rewriter.empty()) {
    reportError(A.Kernel, "rewriter '" + A.Rewriter + "' is not an executable");
    return false;
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
    return false;
  }
  std::string PtxPath = Base + ".ptx";
  std::vector<std::string> Argv = {Nvcc, "-ptx", "-arch=" + A.Arch};
#ifdef PTXINJECT_SOURCE_INCLUDE_DIR
  Argv.push_back("-I" PTXINJECT_SOURCE_INCLUDE_DIR);
#endif
  Argv.push_back("-I" + Dir + "/../include");
  Argv.push_back(Source);
  Argv.push_back("-o");
  Argv.push_back(PtxPath);
  ToolRun Compile = runTool(Argv, Base + ".nvcc.log");
  if (!Compile.Ok) {
    printToolLog(Compile);
    reportError(Source, "nvcc -ptx failed (messages above)");
    return false;
  }
  return readWholeFileOrReport(PtxPath, Ptx);
}

struct ProgramText {
  std::string Text;
  unsigned Line;
};

std::vector<ProgramText> splitPrograms(const std::string &File) {
  std::vector<ProgramText> Out;
  unsigned Line = 0;
  size_t Pos = 0;
  while (Pos < File.size()) {
    size_t Eol = File.find('\n', Pos);
    if (Eol == std::string::npos)
      Eol = File.size();
    ++Line;
    std::string L = File.substr(Pos, Eol - Pos);
    Pos = Eol + 1;
    size_t Hash = L.find('#');
    if (Hash != std::string::npos)
      L.resize(Hash);
    if (L.find_first_not_of(" \t\r") == std::string::npos)
      continue;
    Out.push_back({L, Line});
  }
  return Out;
}

std::vector<ProgramText> splitStubs(const std::string &File) {
  std::vector<ProgramText> Out;
  unsigned Line = 0, Start = 1;
  std::string Cur;
  size_t Pos = 0;
  auto Flush = [&] {
    if (Cur.find_first_not_of(" \t\r\n") != std::string::npos)
      Out.push_back({Cur, Start});
    Cur.clear();
  };
  while (Pos < File.size()) {
    size_t Eol = File.find('\n', Pos);
    if (Eol == std::string::npos)
      Eol = File.size();
    ++Line;
    std::string L = File.substr(Pos, Eol - Pos);
    Pos = Eol + 1;
    if (L == "---" || L == "---\r") {
      Flush();
      Start = Line + 1;
      continue;
    }
    Cur += L;
    Cur += '\n';
  }
  Flush();
  return Out;
}

std::string numbered(const char *Prefix, size_t N, const char *Suffix) {
  char Buf[64];
  std::snprintf(Buf, sizeof(Buf), "%s%06zu%s", Prefix, N, Suffix);
  return Buf;
}

// Redraws a one-line bar on stderr while the batch runs.
class ProgressBar {
public:
  ProgressBar(std::atomic<size_t> &Done, size_t Total)
      : Done(Done), Total(Total), Thread([this] { loop(); }) {}
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
    while (!CV.wait_for(L, std::chrono::milliseconds(100), [this] { return Stop; }))
      draw();
  }
  void draw() {
    size_t D = Done.load(std::memory_order_relaxed);
    const int Width = 40;
    int Fill = Total ? static_cast<int>(Width * D / Total) : Width;
    char Bar[Width + 1];
    for (int I = 0; I < Width; ++I)
      Bar[I] = I < Fill ? '=' : ' ';
    Bar[Width] = 0;
    std::fprintf(stderr, "\r[%s] %zu/%zu variants", Bar, D, Total);
    std::fflush(stderr);
  }
  std::atomic<size_t> &Done;
  size_t Total;
  std::mutex M;
  std::condition_variable CV;
  bool Stop = false;
  std::thread Thread;
};

} // namespace

int ptxinject::tool::runVariants(int Argc, char **Argv) {
  Arguments A;
  bool Help = false;
  if (!parseArguments(Argc, Argv, A, Help))
    return 2;
  if (Help) {
    std::printf(Usage, cubinBackendName(defaultCubinBackend()));
    return 0;
  }
  if (::mkdir(A.OutDir.c_str(), 0777) != 0 && errno != EEXIST) {
    reportError(A.OutDir, std::string("cannot create the output folder: ") +
                              std::strerror(errno));
    return 1;
  }

  // The kernel, parsed once.
  std::string Ptx;
  if (endsWith(A.Kernel, ".cu")) {
    if (!cudaToPtx(A, Ptx))
      return 1;
  } else if (!readWholeFileOrReport(A.Kernel, Ptx)) {
    return 1;
  }
  PruneStats Pruned;
  if (A.PruneGlobals)
    Ptx = pruneUnusedGlobals(Ptx, &Pruned);
  Expected<Module> Kernel = Module::parse(Ptx);
  if (!Kernel) {
    reportError(A.Kernel, Kernel.error());
    return 1;
  }

  // The programs.
  std::unique_ptr<ProgramSource> Source;
  std::vector<unsigned> ProgramLines;
  std::string ProgramFile;
  if (!A.Stubs.empty()) {
    std::string Text;
    if (!readWholeFileOrReport(A.Stubs, Text))
      return 1;
    std::vector<std::string> Stubs;
    for (ProgramText &P : splitStubs(Text)) {
      Stubs.push_back(std::move(P.Text));
      ProgramLines.push_back(P.Line);
    }
    ProgramFile = A.Stubs;
    Source = std::make_unique<RawStubSource>(std::move(Stubs));
  } else {
    stackptx::InstructionSet Set = stackptx::InstructionSet::builtin();
    if (!A.Desc.empty()) {
      std::string DescError;
      if (!stackptx::InstructionSet::fromFile(A.Desc, Set, DescError)) {
        reportError(A.Desc, DescError);
        return 1;
      }
    }
    auto S = std::make_unique<StackPtxSource>(std::move(Set));
    if (!A.Programs.empty()) {
      std::string Text;
      if (!readWholeFileOrReport(A.Programs, Text))
        return 1;
      for (ProgramText &P : splitPrograms(Text)) {
        S->addText(std::move(P.Text));
        ProgramLines.push_back(P.Line);
      }
      ProgramFile = A.Programs;
    } else {
      if (A.Live)
        S->addRandomLive(A.Random, A.Length, A.Seed);
      else
        S->addRandom(A.Random, A.Length, A.Seed);
    }
    Source = std::move(S);
  }
  if (Source->numPrograms() == 0) {
    reportError(ProgramFile.empty() ? A.Kernel : ProgramFile,
                "no programs to compile");
    return 1;
  }

  std::string BackendError;
  CubinOptions CO;
  CO.Arch = A.Arch;
  std::unique_ptr<CubinBackend> Backend =
      createCubinBackend(A.Backend, CO, BackendError);
  if (!Backend) {
    reportUsageError("variants", BackendError);
    return 1;
  }

  VariantOptions VO;
  VO.Pack = A.Pack;
  VO.Jobs = A.Jobs;
  VO.KeepPtx = A.KeepPtx;
  VO.Slots = A.Slots;
  std::atomic<size_t> Done{0};
  VO.Progress = &Done;

  // The sink runs on the workers: each module writes its own files.
  ModuleSink Sink = [&](const CompiledModule &M, std::string &Err) {
    if (A.KeepPtx &&
        !writeFileAtomically(A.OutDir + "/" + numbered("module_", M.Index, ".ptx"),
                             M.Ptx, Err))
      return false;
    if (M.Cubin->empty())
      return true;
    return writeFileAtomically(
        A.OutDir + "/" + numbered("module_", M.Index, ".cubin"),
        std::string_view(M.Cubin->data(), M.Cubin->size()), Err);
  };

  VariantReport Report;
  Error E;
  {
    std::unique_ptr<ProgressBar> Bar;
    if (A.Progress && ::isatty(2))
      Bar = std::make_unique<ProgressBar>(Done, Source->numPrograms());
    E = compileVariants(*Kernel, *Backend, *Source, VO, Sink, Report);
  }
  if (E) {
    reportError(A.Kernel, E);
    return 1;
  }

  // Per-variant failures, tied to the program that caused them.
  for (const VariantFailure &F : Report.Failures) {
    std::string Where = A.Kernel;
    if (!ProgramFile.empty() && F.Program < ProgramLines.size()) {
      // Stub errors point into the program's text, which starts at its line.
      unsigned Line = ProgramLines[F.Program] + (F.Line ? F.Line - 1 : 0);
      unsigned Column = F.Column ? F.Column : 1;
      Where = ProgramFile + ":" + std::to_string(Line) + ":" +
              std::to_string(Column);
    }
    std::string Msg = "program " + std::to_string(F.Program) +
                      (F.Stage == VariantStage::Stub ? " (stub): " : " (cubin): ") +
                      F.Message;
    reportError(Where, Msg);
  }

  // manifest.tsv: which module and inject holds each program.
  Expected<std::vector<size_t>> Slots = resolveSlots(*Kernel, VO);
  std::string Manifest = "program\tmodule\tinject\tstatus\n";
  size_t NextFailure = 0;
  for (size_t P = 0; P < Report.Variants; ++P) {
    bool Failed = false;
    while (NextFailure < Report.Failures.size() &&
           Report.Failures[NextFailure].Program == P) {
      Failed = true;
      ++NextFailure;
    }
    Manifest += std::to_string(P) + "\t" + numbered("module_", P / A.Pack, ".cubin") +
                "\t" + Kernel->inject((*Slots)[P % A.Pack]).Name + "\t" +
                (Failed ? "failed" : "ok") + "\n";
  }
  if (!writeFileAtomicallyOrReport(A.OutDir + "/manifest.tsv", Manifest))
    return 1;

  double Busy = Report.busySeconds() > 0 ? Report.busySeconds() : 1;
  double PerSecond = Report.WallSeconds > 0 ? Report.Variants / Report.WallSeconds : 0;
  std::printf("variants:            %zu\n", Report.Variants);
  std::printf("modules:             %zu (pack %zu)\n", Report.Modules, A.Pack);
  std::printf("failures:            %zu\n", Report.Failures.size());
  if (A.PruneGlobals)
    std::printf("pruned globals:      %zu (%zu bytes of the kernel's PTX)\n",
                Pruned.RemovedVariables, Pruned.RemovedBytes);
  std::printf("back end:            %s, %s\n", cubinBackendName(Backend->kind()),
              A.Arch.c_str());
  std::printf("threads:             %u\n", Report.Threads);
  std::printf("wall time:           %.3f s\n", Report.WallSeconds);
  std::printf("variants/s:          %.1f\n", PerSecond);
  std::printf("variants/s/thread:   %.1f\n", PerSecond / Report.Threads);
  std::printf("time shares:         stub compile %.2f%%, render %.2f%%, "
              "PTX->cubin %.2f%%, write %.2f%%\n",
              100 * Report.StubSeconds / Busy, 100 * Report.RenderSeconds / Busy,
              100 * Report.CubinSeconds / Busy, 100 * Report.SinkSeconds / Busy);
  if (Report.RunQueueWaitSeconds > 0)
    std::printf("waiting for a core:  %.1f%% of worker time (a busy machine; "
                "fewer --jobs may do as well)\n",
                100 * Report.RunQueueWaitSeconds /
                    (Report.WallSeconds * Report.Threads));
  std::printf("output:              %s\n", A.OutDir.c_str());
  return Report.Failures.empty() ? 0 : 3;
}
