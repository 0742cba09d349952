//===- VariantsBench.cpp - End-to-end variant compile benchmark -----------===//
//
// Measures what a search loop pays per program: random Stack PTX programs
// packed into modules (modules x kernels x sites per kernel), compiled to
// stubs, rendered and assembled to cubins, at 1 and 2 threads; and, in the
// same run, the same modules compiled from CUDA to cubin through nvrtc. Also
// compares the back ends on one module: time per call and the registers and
// spills each reports. Thread scaling is also judged against independent
// processes run at the same time (what the machine allows). Prints ratios
// against baselines from the same run. --kernel cute-gemm runs the same flow
// on the CuTe SIMT GEMM example (examples/cute-gemm), one variant per module.
// The PTX path's kernel PTX is made once, by nvcc (as `ptxinject variants`
// does) or nvrtc (--ptx-from), optionally pruned of unused globals.
// --shape reference does the work of the reference system's own end-to-end
// benchmark (ReferenceShape.h: its kernel shape, instruction pool and
// program generator) and, given that benchmark's binary, runs it in the same
// run for a ratio on equal work.
//
//===----------------------------------------------------------------------===//
#include "ptxinject/backends/CubinBackend.h"
#include "ptxinject/backends/CudaTool.h"
#include "ptxinject/module/Module.h"
#include "ptxinject/module/PtxPrune.h"
#include "ptxinject/variants/VariantCompiler.h"

#include "ReferenceShape.h"

#include <nvrtc.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <memory>
#include <sstream>
#include <string>
#include <unordered_set>
#include <vector>

#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace ptxinject;
using namespace ptxinject::backends;
using namespace ptxinject::variants;

namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point T) {
  return std::chrono::duration<double>(Clock::now() - T).count();
}

// CPU seconds of this process and its finished children (ptxas runs as a
// child). On a busy machine wall time includes waiting for a core; CPU time
// does not, so both are reported.
double cpuSeconds() {
  double Sum = 0;
  for (int Who : {RUSAGE_SELF, RUSAGE_CHILDREN}) {
    rusage U;
    getrusage(Who, &U);
    Sum += U.ru_utime.tv_sec + U.ru_stime.tv_sec +
           1e-6 * (U.ru_utime.tv_usec + U.ru_stime.tv_usec);
  }
  return Sum;
}

enum class KernelKind { Cub, CuteGemm };

/// What the random programs look like.
enum class ProgramShape {
  /// Every one of Length operations stays live (addRandomLive).
  Live,
  /// The project's random generator (addRandom): most die in dead-code
  /// elimination.
  Random,
  /// The reference benchmark's generator and kernel (ReferenceShape.h).
  Reference,
};

/// Which compiler makes the PTX path's kernel PTX (once, before the runs).
enum class PtxCompiler { Auto, Nvcc, Nvrtc };

struct Config {
  KernelKind Kernel = KernelKind::Cub;
  /// The CuTe GEMM's marker-asm source (read at start-up for cute-gemm).
  std::string CuteSourcePath;
  std::string CuteSource;
  size_t Modules = 8, Kernels = 2, Sites = 8, Length = 32;
  /// Whether --kernels / --sites were given (the reference shape has its
  /// own defaults).
  bool KernelsGiven = false, SitesGiven = false, ThreadsGiven = false;
  size_t NvrtcModules = 2, Repeats = 5;
  unsigned long long Seed = 1;
  std::string Arch = "sm_80";
  CubinBackendKind Backend = defaultCubinBackend();
  std::vector<unsigned> Threads = {1, 2};
  /// Give each kernel a CUB block scan + reduce epilogue: a template-heavy
  /// kernel, as real ones are, where the CUDA front end dominates nvrtc.
  bool Cub = false;
  ProgramShape Shape = ProgramShape::Live;
  /// The reference system's benchmark binary (mm_ptx_compile_bench), run
  /// in the same run with --shape reference; utils/bench/variants-vs-reference
  /// builds it from a checkout.
  std::string ReferenceBench;
  /// With --shape reference: how many times the reference run and ours
  /// alternate (a final reference run follows), medians compared.
  size_t Rounds = 1;
  /// One raw stub (`%{label}` for operands) for every program instead of
  /// random ones: e.g. the ordinary GEMM's fma, to see a kernel's own cost.
  std::string FixedStub;
  /// Where to write module 0's rendered PTX, for a look with ptxas -v.
  std::string DumpPtx;
  /// Where to write module 0's CUDA source as nvrtc compiles it.
  std::string DumpCuda;
  /// Where to write every program's stub (each followed by a line "---"),
  /// for offline study of the programs (utils/bench/dedup-rules).
  std::string DumpStubs;
  /// PTX of the kernel made by another compiler (nvcc -ptx of the same
  /// source) for the PTX path; the nvrtc path is unchanged.
  std::string KernelPtx;
  PtxCompiler PtxFrom = PtxCompiler::Auto;
  /// Drop unreferenced internal module-scope variables from the kernel PTX
  /// before it is parsed (what nvrtc's -default-device PTX is full of).
  bool PruneGlobals = false;
};

// A rewritten source (the front end's output: the asm template as adjacent
// literals ending in "\n\t") with every marker block, from the START literal
// to the END literal, replaced by Stub's lines: the CUDA source that
// compiles to the same code as the rendered PTX. Stub goes to all sites, as
// the renderer puts one inject's stub at each of its sites.
std::string fillMarkerBlocks(const std::string &Source, std::string_view Stub) {
  static const char Start[] = "\"// PTX_INJECT_START ";
  static const char End[] = "\"// PTX_INJECT_END\\n\\t\"";
  std::string Literals;
  size_t Pos = 0;
  std::string_view Line;
  while (referenceshape::nextLine(Stub, Pos, Line)) {
    Literals += '"';
    referenceshape::appendAsmEscaped(Literals, Line);
    Literals += "\\n\\t\" ";
  }
  std::string Out;
  Out.reserve(Source.size() + Literals.size());
  size_t From = 0;
  for (;;) {
    size_t S = Source.find(Start, From);
    size_t E = S == std::string::npos ? S : Source.find(End, S);
    if (E == std::string::npos)
      break;
    Out.append(Source, From, S - From);
    Out += Literals;
    From = E + sizeof(End) - 1;
    if (From < Source.size() && Source[From] == ' ')
      ++From;
  }
  Out.append(Source, From, std::string::npos);
  return Out;
}

// The example kernel of examples/variants/generate_kernel.py in its marker
// asm form. With Stubs, each site holds its stub instead of the markers:
// the CUDA source that compiles to the same code as the rendered PTX.
std::string kernelSource(const Config &C,
                         const std::vector<std::string_view> *Stubs) {
  if (C.Shape == ProgramShape::Reference)
    return referenceshape::kernelSource(C.Kernels, C.Sites, Stubs);
  if (C.Kernel == KernelKind::CuteGemm)
    return Stubs ? fillMarkerBlocks(C.CuteSource, (*Stubs)[0]) : C.CuteSource;
  std::string S = "// Generated by ptxinject-variants-bench.\n";
  if (C.Cub)
    S += "#include <cub/block/block_reduce.cuh>\n"
         "#include <cub/block/block_scan.cuh>\n";
  size_t N = 0;
  const char *In = "        ";
  for (size_t K = 0; K < C.Kernels; ++K) {
    S += "extern \"C\" __global__ void variants_kernel_" + std::to_string(K) +
         "(const float *__restrict__ xs, const float *__restrict__ ys, "
         "float *__restrict__ zs, int n) {\n"
         "  int i = blockIdx.y * blockDim.x + threadIdx.x;\n"
         "  bool valid = i < n;\n"
         "  float x = valid ? xs[i] : 0.0f;\n"
         "  float y = valid ? ys[i] : 0.0f;\n"
         "  float z = 0.0f;\n"
         "  switch (blockIdx.x) {\n";
    for (size_t Site = 0; Site < C.Sites; ++Site, ++N) {
      S += "  case " + std::to_string(Site) + ":\n    asm(\"{\\n\"\n";
      for (const char *Line :
           {".reg .f32 %%_x0;", ".reg .f32 %%_x1;", ".reg .f32 %%_x2;",
            "mov.f32 %%_x1, %1;", "mov.f32 %%_x2, %2;"}) {
        S += In;
        S += '"';
        S += Line;
        S += "\\n\"\n";
      }
      if (Stubs) {
        referenceshape::appendAsmLines(S, (*Stubs)[N], In);
      } else {
        std::string Markers = "// PTX_INJECT_START inject_" +
                              std::to_string(N) +
                              "\n// _x0 o f32 F32 z\n// _x1 i f32 F32 x\n"
                              "// _x2 i f32 F32 y\n// PTX_INJECT_END";
        referenceshape::appendAsmLines(S, Markers, In);
      }
      S += In;
      S += "\"mov.f32 %0, %%_x0;\\n}\\n\"\n";
      S += "        : \"=f\"(z) : \"f\"(x), \"f\"(y));\n    break;\n";
    }
    S += "  }\n";
    if (C.Cub)
      S += "  using Reduce = cub::BlockReduce<float, 128>;\n"
           "  using Scan = cub::BlockScan<float, 128>;\n"
           "  __shared__ union { Reduce::TempStorage r; Scan::TempStorage s; } "
           "tmp;\n"
           "  float prefix;\n"
           "  Scan(tmp.s).InclusiveSum(z, prefix);\n"
           "  __syncthreads();\n"
           "  float sum = Reduce(tmp.r).Sum(prefix);\n"
           "  if (threadIdx.x == 0)\n"
           "    zs[gridDim.x * n + blockIdx.x * gridDim.y + blockIdx.y] = "
           "sum;\n";
    S += "  if (valid)\n    zs[blockIdx.x * n + i] = z;\n}\n";
  }
  return S;
}

bool nvrtcCompile(const std::string &Source, const std::string &Arch, bool Cute,
                  bool WantCubin, std::string &Out, std::string &Log) {
  nvrtcProgram Prog;
  if (nvrtcCreateProgram(&Prog, Source.c_str(), "variant.cu", 0, nullptr,
                         nullptr) != NVRTC_SUCCESS) {
    Log = "nvrtcCreateProgram failed";
    return false;
  }
  std::string ArchOpt =
      "--gpu-architecture=" + (WantCubin ? Arch : "compute_" + Arch.substr(3));
  std::vector<const char *> Opts = {ArchOpt.c_str(), "--std=c++17",
                                    "-I" PTXINJECT_CUDA_INCLUDE_DIR,
                                    "-I" PTXINJECT_CUDA_INCLUDE_DIR "/cccl"};
#ifdef PTXINJECT_CUTE_INCLUDE_DIR
  // CUTLASS declares constexpr helpers without __host__ __device__; nvrtc
  // compiles only device code and rejects them unless unannotated functions
  // default to device.
  if (Cute) {
    Opts.push_back("-I" PTXINJECT_CUTE_INCLUDE_DIR);
    Opts.push_back("-I" PTXINJECT_RUNTIME_INCLUDE_DIR);
    Opts.push_back("-default-device");
  }
#else
  (void)Cute;
#endif
  nvrtcResult R =
      nvrtcCompileProgram(Prog, static_cast<int>(Opts.size()), Opts.data());
  size_t LogSize = 0;
  nvrtcGetProgramLogSize(Prog, &LogSize);
  Log.assign(LogSize, '\0');
  if (LogSize)
    nvrtcGetProgramLog(Prog, Log.data());
  bool Ok = R == NVRTC_SUCCESS;
  if (Ok) {
    size_t Size = 0;
    if (WantCubin) {
      nvrtcGetCUBINSize(Prog, &Size);
      Out.resize(Size);
      nvrtcGetCUBIN(Prog, Out.data());
    } else {
      nvrtcGetPTXSize(Prog, &Size);
      Out.resize(Size);
      nvrtcGetPTX(Prog, Out.data());
      while (!Out.empty() && Out.back() == '\0')
        Out.pop_back();
    }
  }
  nvrtcDestroyProgram(&Prog);
  return Ok;
}

// nvcc as `ptxinject variants` finds it (findCudaToolkit, then PATH), then the
// toolkit this program was built against. Empty when there is none.
std::string findNvcc() {
  return findCudaTool("nvcc", "",
                      {std::string(PTXINJECT_CUDA_INCLUDE_DIR) + "/../bin",
                       "/usr/local/cuda/bin"});
}

bool readFile(const std::string &Path, std::string &Out) {
  std::ifstream In(Path, std::ios::binary);
  std::stringstream Text;
  Text << In.rdbuf();
  Out = Text.str();
  return static_cast<bool>(In);
}

// CUDA -> PTX with nvcc in a child process, with the flags docs/variants.md
// lists. The source is written to a private temporary folder when it is
// generated (the CUB kernel); SourcePath is used as is otherwise.
bool nvccCompile(const std::string &Nvcc, const std::string &SourcePath,
                 const std::string &Source, const std::string &Arch, bool Cute,
                 std::string &Ptx, std::string &Log) {
  char Template[] = "/tmp/variantsbench.XXXXXX";
  if (!::mkdtemp(Template)) {
    Log = "cannot create a temporary folder";
    return false;
  }
  std::string Dir = Template;
  std::string Input = SourcePath;
  if (Input.empty()) {
    Input = Dir + "/kernel.cu";
    std::ofstream(Input, std::ios::binary) << Source;
  }
  std::string Output = Dir + "/kernel.ptx", LogPath = Dir + "/nvcc.log";
  std::vector<std::string> Args = {Nvcc, "-ptx", "-arch=" + Arch, "-std=c++17",
                                   "-I" PTXINJECT_RUNTIME_INCLUDE_DIR};
#ifdef PTXINJECT_CUTE_INCLUDE_DIR
  if (Cute)
    Args.push_back("-I" PTXINJECT_CUTE_INCLUDE_DIR);
#else
  (void)Cute;
#endif
  for (const std::string &A : {Input, std::string("-o"), Output})
    Args.push_back(A);
  ToolRun Run = runTool(Args, LogPath);
  Log = Run.Log;
  bool Ok = Run.Ok && readFile(Output, Ptx);
  for (const std::string &F : {Output, LogPath})
    ::unlink(F.c_str());
  if (SourcePath.empty())
    ::unlink(Input.c_str());
  ::rmdir(Dir.c_str());
  return Ok;
}

// The scaling the machine allows: Copies independent processes, each
// compiling every program on one thread, at the same time. Cores that share
// a physical core, memory bandwidth or a hypervisor's time slice slow these
// down as much as threads of one process, so in-process scaling is judged
// against this ceiling. Returns programs per second over all copies, or 0
// when a copy failed.
double processCeiling(unsigned Copies, const Module &Kernel,
                      CubinBackend &Backend, ProgramSource &Programs,
                      const VariantOptions &OneThread) {
  std::fflush(stdout);
  Clock::time_point T = Clock::now();
  std::vector<pid_t> Children;
  for (unsigned I = 0; I < Copies; ++I) {
    pid_t Pid = fork();
    if (Pid == 0) {
      VariantReport R;
      Error E =
          compileVariants(Kernel, Backend, Programs, OneThread, nullptr, R);
      _exit(E || !R.Failures.empty() ? 1 : 0);
    }
    if (Pid < 0)
      break;
    Children.push_back(Pid);
  }
  bool Ok = Children.size() == Copies;
  for (pid_t Pid : Children) {
    int Status = 0;
    Ok &= waitpid(Pid, &Status, 0) == Pid && WIFEXITED(Status) &&
          WEXITSTATUS(Status) == 0;
  }
  double Wall = since(T);
  return Ok ? Copies * Programs.numPrograms() / Wall : 0;
}

double median(std::vector<double> V) {
  std::sort(V.begin(), V.end());
  return V.empty() ? 0 : V[V.size() / 2];
}

bool parseList(const char *Text, std::vector<unsigned> &Out) {
  Out.clear();
  std::string S = Text;
  size_t Pos = 0;
  while (Pos <= S.size()) {
    size_t Comma = S.find(',', Pos);
    if (Comma == std::string::npos)
      Comma = S.size();
    int V = std::atoi(S.substr(Pos, Comma - Pos).c_str());
    if (V <= 0)
      return false;
    Out.push_back(static_cast<unsigned>(V));
    Pos = Comma + 1;
  }
  return !Out.empty();
}

/// The median; the mean of the middle two for an even count.
double middle(std::vector<double> V) {
  if (V.empty())
    return 0;
  std::sort(V.begin(), V.end());
  size_t H = V.size() / 2;
  return V.size() % 2 ? V[H] : (V[H - 1] + V[H]) / 2;
}

/// " (a, b, c)" for more than one value, else nothing.
std::string listed(const std::vector<double> &V) {
  if (V.size() < 2)
    return "";
  std::string Out = " (";
  char Buf[32];
  for (size_t I = 0; I < V.size(); ++I) {
    std::snprintf(Buf, sizeof(Buf), "%s%.1f", I ? ", " : "", V[I]);
    Out += Buf;
  }
  return Out + ")";
}

/// What the programs leave after dead-code elimination.
struct StubStats {
  double MeanInstructions = 0;
  /// The same over the first module only (the reference dumps that one).
  double FirstModuleMean = 0;
  /// Programs whose stub no earlier program has: what a compiler that
  /// compiles each distinct stub once would compile.
  size_t Distinct = 0;
  /// The first module's stubs (the first Pack programs), for comparison
  /// with the reference's own.
  std::vector<std::string> FirstModule;
};

StubStats stubStats(const ProgramSource &Programs, size_t Count, size_t Pack) {
  StubStats S;
  std::unique_ptr<ProgramScratch> Scratch = Programs.makeScratch();
  std::string Buffer;
  std::string_view View;
  StubError Err;
  size_t Instructions = 0;
  std::unordered_set<std::string> Seen;
  for (size_t P = 0; P < Count; ++P) {
    if (!Programs.stub(P, Scratch.get(), Buffer, View, Err))
      View = std::string_view();
    Instructions += referenceshape::countInstructions(View);
    S.Distinct += Seen.emplace(View).second;
    if (P < Pack) {
      S.FirstModule.emplace_back(View);
      S.FirstModuleMean += referenceshape::countInstructions(View);
    }
  }
  if (!S.FirstModule.empty())
    S.FirstModuleMean /= S.FirstModule.size();
  S.MeanInstructions = Count ? double(Instructions) / Count : 0;
  return S;
}

// A stub's operations (opcodes of its statements, declarations left out),
// sorted: two stub writers may order independent statements differently
// and (native Stack PTX takes operands deepest first, the reference's top
// first) name operands in another order; the work is the same when these
// are.
std::vector<std::string> operationsOf(std::string_view Stub) {
  std::vector<std::string> Ops;
  size_t Pos = 0;
  std::string_view Line;
  while (referenceshape::nextLine(Stub, Pos, Line)) {
    size_t First = Line.find_first_not_of(" \t\r");
    if (First == std::string_view::npos || Line[First] == '.' ||
        Line.find(';') == std::string_view::npos)
      continue;
    size_t Space = Line.find_first_of(" \t", First);
    Ops.emplace_back(Line.substr(First, Space == std::string_view::npos
                                            ? std::string_view::npos
                                            : Space - First));
  }
  std::sort(Ops.begin(), Ops.end());
  return Ops;
}

/// Our rate on the equal work, medians over the rounds: what the dedup row
/// is compared with. CPU time is the load-proof figure on a busy machine.
struct PlainRate {
  double PerThread = 0;
  double CpuPerProgram = 0; // worker CPU seconds
};

// The comparison with the reference's benchmark on equal work: the same
// kernel shape and the same programs (shown by the live-instruction means
// and the stubs themselves), then both rates. The reference times its
// nvPTXCompiler calls alone; ours is given with and without the stub
// compile and render that precede them.
PlainRate printEqualWork(
    const Config &C, const Module &Kernel, const CubinBackend &Backend,
    const std::vector<VariantReport> &OursRuns, const StubStats &Stats,
    const std::vector<referenceshape::ReferenceRun> &Runs) {
  const VariantReport &Ours = OursRuns.front();
  size_t Pack = C.Kernels * C.Sites, Count = Ours.Variants;
  std::printf("\nequal work with the reference benchmark (%zu programs, "
              "%zu thread%s):\n",
              Count, size_t(Ours.Threads), Ours.Threads == 1 ? "" : "s");

  // The project's own random generator on the same kernel and seed.
  StackPtxSource Random(stackptx::InstructionSet::builtin());
  Random.addRandom(Count, C.Length, C.Seed);
  stackptx::Target For;
  stackptx::Target::parse(Backend.options().Arch, For);
  Random.setTarget(For);
  VariantOptions VO;
  VO.Pack = Pack;
  Expected<std::vector<size_t>> Slots = resolveSlots(Kernel, VO);
  std::string Message;
  double RandomMean = -1;
  if (Slots) {
    ptxinject::Error Prepared = Random.prepare(Kernel.inject((*Slots)[0]));
    Message = Prepared.Message;
    if (!Prepared)
      RandomMean = stubStats(Random, Count, 0).MeanInstructions;
  }

  const referenceshape::ReferenceRun *Reference = nullptr;
  std::vector<double> Rates;
  for (const referenceshape::ReferenceRun &Run : Runs)
    if (Run.Ok) {
      Reference = Reference ? Reference : &Run;
      Rates.push_back(Run.ProgramsPerSecondPerThread);
    }

  std::printf("  PTX instructions per program after dead-code elimination "
              "(moves included):\n");
  std::printf("    %-58s %8.2f\n",
              "these programs (the reference's generator, "
              "our compiler)",
              Stats.MeanInstructions);
  if (Reference) {
    size_t Same = 0,
           N = std::min(Reference->Stubs.size(), Stats.FirstModule.size());
    size_t Instructions = 0;
    for (const std::string &S : Reference->Stubs)
      Instructions += referenceshape::countInstructions(S);
    for (size_t I = 0; I < N; ++I)
      Same += operationsOf(Reference->Stubs[I]) ==
              operationsOf(Stats.FirstModule[I]);
    std::printf("    %-58s %8.2f\n", "the reference's own stubs (its module 0)",
                Reference->Stubs.empty()
                    ? 0.0
                    : double(Instructions) / Reference->Stubs.size());
    std::printf("    %-58s %8.2f\n", "ours, module 0 alone",
                Stats.FirstModuleMean);
    std::printf("    module 0: %zu of %zu stubs hold the same operations as "
                "the reference's for the same program\n",
                Same, Reference->Stubs.size());
  } else {
    std::printf("    %-58s %8s\n", "the reference's own stubs", "skipped");
  }
  if (RandomMean >= 0)
    std::printf("    %-58s %8.2f\n",
                "--shape random (the project's generator, "
                "same length and seed)",
                RandomMean);
  else
    std::printf("    --shape random: cannot prepare its programs: %s\n",
                Message.c_str());

  std::printf("  distinct stubs: %zu of %zu programs (duplicate rate %.1f%%): "
              "what compiling each distinct stub once would leave\n",
              Stats.Distinct, Count,
              Count ? 100.0 * (1.0 - double(Stats.Distinct) / Count) : 0.0);
  std::vector<double> Wholes, Cubins, Cpus;
  for (const VariantReport &R : OursRuns) {
    Wholes.push_back(R.Variants / R.WallSeconds / R.Threads);
    Cubins.push_back(R.Variants / R.CubinSeconds); // per thread-second
    Cpus.push_back(R.WorkerCpuSeconds / R.Variants);
  }
  double Whole = middle(Wholes), CubinOnly = middle(Cubins);
  PlainRate Plain{Whole, middle(Cpus)};
  std::printf("  programs/s/thread%s:\n",
              OursRuns.size() > 1 ? " (median of the rounds, then each)" : "");
  std::printf("    %-58s %8.1f%s\n", "ours: stub compile + render + PTX->cubin",
              Whole, listed(Wholes).c_str());
  std::printf("    %-58s %8.1f%s\n",
              "ours: PTX->cubin alone (what the reference "
              "times)",
              CubinOnly, listed(Cubins).c_str());
  if (!Rates.empty())
    std::printf("    %-58s %8.1f%s\n",
                "reference: nvPTXCompiler alone (its "
                "runs before, between, after ours)",
                middle(Rates), listed(Rates).c_str());
  if (Rates.empty()) {
    std::printf("    reference: skipped (%s)\n",
                C.ReferenceBench.empty()
                    ? "no --reference-bench given; "
                      "utils/bench/variants-vs-reference --reference-src DIR "
                      "builds the reference's benchmark and passes it"
                    : "its runs failed, see above");
    return Plain;
  }
  double Theirs = middle(Rates);
  std::printf("  ratio ours / reference (medians): %.2fx with our whole path, "
              "%.2fx PTX->cubin to PTX->cubin\n",
              Whole / Theirs, CubinOnly / Theirs);
  return Plain;
}

// Dedup rows: the same programs with VariantOptions::Dedup, which compiles
// each distinct stub once (the random generator repeats itself after
// dead-code elimination), with the kernels of the last, partly filled
// module that hold no program left out (the default) and with them
// compiled as before, alternating Rounds times, medians compared. Reports
// the duplicate rate and the programs/s each reaches on the same work. The
// equal-work rows above run without either.
void runWithDedup(const Module &Kernel, const CubinBackend &Backend,
                  ProgramSource &Programs, VariantOptions Options,
                  size_t Rounds, const PlainRate &Without,
                  const std::vector<referenceshape::ReferenceRun> &Runs) {
  Options.Dedup = true;
  Options.CacheDir.clear(); // in memory: every run starts cold
  std::vector<double> Theirs;
  for (const referenceshape::ReferenceRun &Run : Runs)
    if (Run.Ok)
      Theirs.push_back(Run.ProgramsPerSecondPerThread);
  struct Row {
    VariantReport Last;
    std::vector<double> Rates, Cpus;
  } Rows[2];
  for (size_t Round = 0; Round < std::max<size_t>(1, Rounds); ++Round)
    for (int Keep = 0; Keep < 2; ++Keep) {
      Options.PruneUnfilledKernels = Keep == 0;
      VariantReport R;
      Error E = compileVariants(Kernel, Backend, Programs, Options, nullptr, R);
      if (E || !R.Variants) {
        std::printf("  dedup: failed: %s\n",
                    E ? E.Message.c_str() : "no programs");
        return;
      }
      Rows[Keep].Rates.push_back(R.Variants / R.WallSeconds / R.Threads);
      Rows[Keep].Cpus.push_back(R.WorkerCpuSeconds / R.Variants);
      Rows[Keep].Last = std::move(R);
    }
  for (int Keep = 0; Keep < 2; ++Keep) {
    const VariantReport &R = Rows[Keep].Last;
    double PerThread = middle(Rows[Keep].Rates), Cpu = middle(Rows[Keep].Cpus);
    std::printf("  dedup on%s: %zu distinct of %zu programs (duplicate rate "
                "%.1f%%) in %zu modules, %zu unfilled kernels left out: "
                "%.1f programs/s/thread%s = %.2fx without dedup (CPU per "
                "program %.0f us, %.2fx less)",
                Keep ? ", unfilled kernels compiled" : "", R.UniquePrograms,
                R.Variants, 100 * (1.0 - double(R.UniquePrograms) / R.Variants),
                R.Modules, R.PrunedKernels, PerThread,
                listed(Rows[Keep].Rates).c_str(), PerThread / Without.PerThread,
                Cpu * 1e6, Cpu > 0 ? Without.CpuPerProgram / Cpu : 0.0);
    if (!Theirs.empty())
      std::printf(", %.2fx the reference", PerThread / middle(Theirs));
    std::printf("\n");
  }
  std::printf(
      "  leaving unfilled kernels out: %.2fx programs/s (medians of %zu)\n",
      middle(Rows[0].Rates) / middle(Rows[1].Rates), Rows[0].Rates.size());
}

int usage() {
  std::fprintf(
      stderr,
      "usage: ptxinject-variants-bench [--modules M] [--kernels K] [--sites S] "
      "[--length L] [--threads 1,2] [--nvrtc-modules N] [--repeats R] "
      "[--backend nvjitlink|nvptxcompiler|ptxas] [--arch sm_80] [--seed S] "
      "[--cub on|off] [--shape live|random|reference] [--dump-ptx FILE]\n"
      "       [--kernel cub|cute-gemm] [--cute-source FILE.asm.cu] "
      "[--stub 'PTX with %%{label}'] [--dump-cuda FILE] [--dump-stubs FILE] "
      "[--kernel-ptx FILE.ptx]\n"
      "       [--ptx-from nvcc|nvrtc] [--prune-globals] "
      "[--reference-bench FILE] [--rounds N]\n"
      "--kernel cute-gemm: the CuTe SIMT GEMM example, one variant "
      "per module (--kernels and --sites are 1)\n"
      "--ptx-from: the compiler that makes the PTX path's kernel PTX "
      "once (default nvcc when found, as ptxinject variants)\n"
      "--prune-globals: drop unreferenced internal module-scope "
      "variables from that PTX before parsing it\n"
      "--shape reference: the reference system's benchmark on equal "
      "work: its kernel shape (default 16 kernels x 128 sites, one f32 "
      "in and out per site), its instruction pool and program "
      "generator (same seed, same programs), PTX from nvrtc, 1 thread; "
      "with --stub, that stub at every site instead (the kernel's own "
      "cost, no comparison)\n"
      "--reference-bench: that benchmark's binary "
      "(mm_ptx_compile_bench), run before each of our runs and after "
      "the last, for the ratio; utils/bench/variants-vs-reference "
      "--reference-src DIR builds it\n"
      "--rounds: with --shape reference, N alternations of the "
      "reference's run and ours (then one more of the reference's); "
      "medians are compared\n");
  return 2;
}

} // namespace

int main(int Argc, char **Argv) {
  Config C;
  for (int I = 1; I < Argc; ++I) {
    std::string A = Argv[I];
    if (A == "--help" || A == "-h") {
      usage();
      return 0;
    }
    if (A == "--prune-globals") {
      C.PruneGlobals = true;
      continue;
    }
    if (I + 1 >= Argc)
      return usage();
    const char *V = Argv[++I];
    if (A == "--modules")
      C.Modules = std::strtoul(V, nullptr, 10);
    else if (A == "--kernels")
      C.Kernels = std::strtoul(V, nullptr, 10), C.KernelsGiven = true;
    else if (A == "--sites")
      C.Sites = std::strtoul(V, nullptr, 10), C.SitesGiven = true;
    else if (A == "--length")
      C.Length = std::strtoul(V, nullptr, 10);
    else if (A == "--nvrtc-modules")
      C.NvrtcModules = std::strtoul(V, nullptr, 10);
    else if (A == "--rounds")
      C.Rounds = std::max(1ul, std::strtoul(V, nullptr, 10));
    else if (A == "--repeats")
      C.Repeats = std::max(1ul, std::strtoul(V, nullptr, 10));
    else if (A == "--seed")
      C.Seed = std::strtoull(V, nullptr, 10);
    else if (A == "--dump-ptx")
      C.DumpPtx = V;
    else if (A == "--dump-stubs")
      C.DumpStubs = V;
    else if (A == "--dump-cuda")
      C.DumpCuda = V;
    else if (A == "--stub")
      C.FixedStub = V;
    else if (A == "--kernel-ptx")
      C.KernelPtx = V;
    else if (A == "--ptx-from") {
      if (std::string(V) == "nvcc")
        C.PtxFrom = PtxCompiler::Nvcc;
      else if (std::string(V) == "nvrtc")
        C.PtxFrom = PtxCompiler::Nvrtc;
      else
        return usage();
    } else if (A == "--shape") {
      if (std::string(V) == "live")
        C.Shape = ProgramShape::Live;
      else if (std::string(V) == "random")
        C.Shape = ProgramShape::Random;
      else if (std::string(V) == "reference")
        C.Shape = ProgramShape::Reference;
      else
        return usage();
    } else if (A == "--reference-bench")
      C.ReferenceBench = V;
    else if (A == "--cub")
      C.Cub = std::string(V) == "on" || std::string(V) == "1";
    else if (A == "--arch")
      C.Arch = V;
    else if (A == "--kernel") {
      if (std::string(V) == "cub")
        C.Kernel = KernelKind::Cub;
      else if (std::string(V) == "cute-gemm")
        C.Kernel = KernelKind::CuteGemm;
      else
        return usage();
    } else if (A == "--cute-source")
      C.CuteSourcePath = V;
    else if (A == "--threads") {
      if (!parseList(V, C.Threads))
        return usage();
      C.ThreadsGiven = true;
    } else if (A == "--backend") {
      if (!parseCubinBackendName(V, C.Backend))
        return usage();
    } else
      return usage();
  }
  if (C.Shape == ProgramShape::Reference) {
    if (C.Kernel == KernelKind::CuteGemm || C.Cub) {
      std::fprintf(
          stderr,
          "ptxinject-variants-bench: error: --shape reference has its own "
          "kernel; drop --kernel cute-gemm and --cub\n");
      return 2;
    }
    if (!C.KernelsGiven)
      C.Kernels = referenceshape::DefaultKernels;
    if (!C.SitesGiven)
      C.Sites = referenceshape::DefaultSites;
    if (!C.ThreadsGiven)
      C.Threads = {1};
    // The reference makes its kernel PTX with nvrtc.
    if (C.PtxFrom == PtxCompiler::Auto && C.KernelPtx.empty())
      C.PtxFrom = PtxCompiler::Nvrtc;
  } else if (!C.ReferenceBench.empty()) {
    std::fprintf(stderr,
                 "ptxinject-variants-bench: error: --reference-bench needs "
                 "--shape reference (the work it does)\n");
    return 2;
  }
  if (!C.Modules || !C.Kernels || !C.Sites)
    return usage();
  if (C.Kernel == KernelKind::CuteGemm) {
#ifndef PTXINJECT_CUTE_INCLUDE_DIR
    std::fprintf(
        stderr,
        "ptxinject-variants-bench: error: built without CuTe headers; run "
        "utils/install-cute and configure again\n");
    return 1;
#else
    if (C.CuteSourcePath.empty())
      C.CuteSourcePath = PTXINJECT_CUTE_GEMM_SOURCE;
    std::ifstream In(C.CuteSourcePath, std::ios::binary);
    std::stringstream Text;
    Text << In.rdbuf();
    if (!In) {
      std::fprintf(stderr, "ptxinject-variants-bench: error: cannot read %s\n",
                   C.CuteSourcePath.c_str());
      return 1;
    }
    C.CuteSource = Text.str();
    if (fillMarkerBlocks(C.CuteSource, "//") == C.CuteSource) {
      std::fprintf(stderr,
                   "ptxinject-variants-bench: error: %s holds no marker block; "
                   "give the rewritten (.asm.cu) form\n",
                   C.CuteSourcePath.c_str());
      return 1;
    }
    // The GEMM has one inject (many sites): one variant per module.
    C.Kernels = C.Sites = 1;
    C.Cub = false;
#endif
  }
  size_t Pack = C.Kernels * C.Sites;
  size_t NumPrograms = C.Modules * Pack;

  std::string Shape =
      !C.FixedStub.empty() ? "copies of the stub '" + C.FixedStub + "'"
      : C.Shape == ProgramShape::Reference
          ? "programs of the reference benchmark's generator (" +
                std::to_string(C.Length) + " Stack PTX instructions, seed " +
                std::to_string(C.Seed) + ")"
          : "random programs of " + std::to_string(C.Length) +
                (C.Shape == ProgramShape::Live
                     ? " live operations (f32)"
                     : " Stack PTX instructions (f32)");
  std::printf(
      "ptxinject-variants-bench: %zu modules x %zu kernels x %zu sites = %zu "
      "%s, %s, back end %s, kernel %s\n",
      C.Modules, C.Kernels, C.Sites, NumPrograms, Shape.c_str(), C.Arch.c_str(),
      cubinBackendName(C.Backend),
      C.Shape == ProgramShape::Reference
          ? "the reference benchmark's (one f32 in, one f32 out per site)"
      : C.Kernel == KernelKind::CuteGemm
          ? "CuTe SIMT GEMM (one inject, every site)"
      : C.Cub ? "example + CUB epilogue"
              : "example");

  // Prepare once: CUDA -> PTX with markers (or the PTX given), parse.
  std::string Ptx, Log, Made;
  Clock::time_point T = Clock::now();
  bool Cute = C.Kernel == KernelKind::CuteGemm;
  std::string Nvcc = C.PtxFrom == PtxCompiler::Nvrtc ? "" : findNvcc();
  if (!C.KernelPtx.empty()) {
    if (!readFile(C.KernelPtx, Ptx)) {
      std::fprintf(stderr, "ptxinject-variants-bench: error: cannot read %s\n",
                   C.KernelPtx.c_str());
      return 1;
    }
    Made = C.KernelPtx;
  } else if (C.PtxFrom == PtxCompiler::Nvcc && Nvcc.empty()) {
    std::fprintf(stderr,
                 "ptxinject-variants-bench: error: --ptx-from nvcc: nvcc not "
                 "found in PATH, $CUDA_PATH/bin or /usr/local/cuda/bin\n");
    return 1;
  } else if (!Nvcc.empty()) {
    if (!nvccCompile(Nvcc, Cute ? C.CuteSourcePath : "",
                     Cute ? "" : kernelSource(C, nullptr), C.Arch, Cute, Ptx,
                     Log)) {
      std::fprintf(stderr,
                   "ptxinject-variants-bench: error: nvcc -ptx failed:\n%s\n",
                   Log.c_str());
      return 1;
    }
    Made = "nvcc CUDA->PTX (" + Nvcc + ")";
  } else {
    if (!nvrtcCompile(kernelSource(C, nullptr), C.Arch, Cute, false, Ptx,
                      Log)) {
      std::fprintf(stderr, "ptxinject-variants-bench: error: nvrtc: %s\n",
                   Log.c_str());
      return 1;
    }
    Made = C.PtxFrom == PtxCompiler::Nvrtc ? "nvrtc CUDA->PTX"
                                           : "nvrtc CUDA->PTX (no nvcc found)";
  }
  double Prepare = since(T);
  std::printf("prepare: %s %.1f ms, %zu bytes of PTX\n", Made.c_str(),
              Prepare * 1e3, Ptx.size());
  if (C.PruneGlobals) {
    PruneStats Stats;
    T = Clock::now();
    Ptx = pruneUnusedGlobals(Ptx, &Stats);
    std::printf("prune: %zu unreferenced module-scope variables removed, "
                "%zu bytes (%.1f%%) in %.2f ms%s\n",
                Stats.RemovedVariables, Stats.RemovedBytes,
                100.0 * Stats.RemovedBytes / (Ptx.size() + Stats.RemovedBytes),
                since(T) * 1e3, Stats.Scanned ? "" : " (could not scan)");
  }
  T = Clock::now();
  Expected<Module> Kernel = Module::parse(Ptx);
  double Parse = since(T);
  if (!Kernel) {
    std::fprintf(stderr, "ptxinject-variants-bench: error: %s\n",
                 Kernel.error().format("kernel.ptx").c_str());
    return 1;
  }
  std::printf("parse: %.1f us (%zu injects, %zu bytes)\n", Parse * 1e6,
              Kernel->numInjects(), Ptx.size());

  StubError StubErr;
  CubinOptions CO;
  CO.Arch = C.Arch;
  Expected<std::unique_ptr<CubinBackend>> MadeBackend =
      createCubinBackend(C.Backend, CO);
  if (!MadeBackend) {
    std::fprintf(stderr, "ptxinject-variants-bench: error: %s\n",
                 MadeBackend.error().Message.c_str());
    return 1;
  }
  std::unique_ptr<CubinBackend> Backend = MadeBackend.take();

  // Warm the back end (first call loads its libraries).
  {
    std::vector<char> Cubin;
    std::vector<std::string_view> Empty(Kernel->numInjects());
    std::string Out;
    Kernel->render(Empty, Out);
    Backend->compile(Out, Cubin, Log);
  }

  // The reference benchmark on the same work, before ours and again after,
  // so that both see the machine's load of the moment.
  const bool Reference = C.Shape == ProgramShape::Reference;
  std::vector<referenceshape::ReferenceRun> ReferenceRuns;
  auto runReference = [&] {
    if (!Reference || C.ReferenceBench.empty() || !C.FixedStub.empty())
      return;
    std::fflush(stdout);
    ReferenceRuns.push_back(
        referenceshape::runReference(C.ReferenceBench, C.Modules, C.Kernels,
                                     C.Sites, C.Length, C.Seed, C.Arch));
    const referenceshape::ReferenceRun &Run = ReferenceRuns.back();
    if (Run.Ok)
      std::printf("reference benchmark run %zu: %.1f programs/s/thread "
                  "(nvPTXCompiler alone, %.0f ms for %zu programs)\n",
                  ReferenceRuns.size(), Run.ProgramsPerSecondPerThread,
                  Run.WallMs, Run.Programs);
    else
      std::printf("reference benchmark run %zu failed: %s\n",
                  ReferenceRuns.size(), Run.Error.c_str());
  };
  runReference();

  // The PTX path, at each thread count.
  std::printf("\nPTX path (stub compile + render + PTX->cubin), pack %zu:\n",
              Pack);
  std::printf("  %-8s %9s %11s %15s %15s %9s %9s %9s %12s\n", "threads",
              "wall s", "us/program", "programs/s/thr", "cpu us/program",
              "stub %", "render %", "cubin %", "core wait %");
  double UsPerProgram1 = 0, PerThread1 = 0, CubinPerModule1 = 0;
  double CpuPerModule1 = 0, CpuPerProgram1 = 0;
  std::unique_ptr<ProgramSource> ProgramsOwner;
  if (!C.FixedStub.empty()) {
    ProgramsOwner = std::make_unique<RawStubSource>(
        std::vector<std::string>(NumPrograms, C.FixedStub));
  } else {
    const stackptx::InstructionSet &Set = stackptx::InstructionSet::builtin();
    auto Stack = std::make_unique<StackPtxSource>(Set);
    if (C.Shape == ProgramShape::Reference) {
      auto Generated =
          referenceshape::generatePrograms(Set, NumPrograms, C.Length, C.Seed);
      if (!Generated) {
        std::fprintf(stderr, "ptxinject-variants-bench: error: %s\n",
                     Generated.error().Message.c_str());
        return 1;
      }
      for (std::vector<StackPtxFastInstruction> &P : *Generated)
        Stack->addInstructions(std::move(P));
    } else if (C.Shape == ProgramShape::Live) {
      Stack->addRandomLive(NumPrograms, C.Length, C.Seed);
    } else {
      Stack->addRandom(NumPrograms, C.Length, C.Seed);
    }
    ProgramsOwner = std::move(Stack);
  }
  ProgramSource &Programs = *ProgramsOwner;
  // The first thread count's run, for the comparison with the reference.
  // With the reference shape, the first thread count runs Rounds times,
  // each run after one of the reference's.
  size_t FirstCount = Reference ? C.Rounds : 1;
  std::vector<unsigned> Schedule(FirstCount, C.Threads.front());
  Schedule.insert(Schedule.end(), C.Threads.begin() + 1, C.Threads.end());
  std::vector<VariantReport> FirstRuns;
  for (size_t Step = 0; Step < Schedule.size(); ++Step) {
    unsigned Threads = Schedule[Step];
    bool First = Step < FirstCount;
    if (First && Step > 0)
      runReference();
    VariantOptions VO;
    VO.Pack = Pack;
    VO.Jobs = Threads;
    VariantReport R;
    double Cpu = cpuSeconds();
    Error E = compileVariants(*Kernel, *Backend, Programs, VO, nullptr, R);
    Cpu = cpuSeconds() - Cpu;
    if (E) {
      std::fprintf(stderr, "ptxinject-variants-bench: error: %s\n",
                   E.Message.c_str());
      return 1;
    }
    if (!R.Failures.empty())
      std::fprintf(stderr,
                   "ptxinject-variants-bench: %zu failures, first: %s\n",
                   R.Failures.size(), R.Failures[0].Message.c_str());
    double Busy = R.busySeconds();
    double UsPerProgram = R.WallSeconds * 1e6 / R.Variants;
    double PerThread = R.Variants / R.WallSeconds / R.Threads;
    std::printf("  %-8u %9.3f %11.1f %15.1f %15.1f %9.3f %9.3f %9.2f %12.1f\n",
                R.Threads, R.WallSeconds, UsPerProgram, PerThread,
                Cpu * 1e6 / R.Variants, 100 * R.StubSeconds / Busy,
                100 * R.RenderSeconds / Busy, 100 * R.CubinSeconds / Busy,
                100 * R.RunQueueWaitSeconds / (R.WallSeconds * R.Threads));
    if (First)
      FirstRuns.push_back(R);
    if (Step == 0) {
      UsPerProgram1 = UsPerProgram * R.Threads;
      PerThread1 = PerThread;
      CubinPerModule1 =
          (R.RenderSeconds + R.CubinSeconds + R.StubSeconds) / R.Modules;
      CpuPerModule1 = Cpu / R.Modules;
      CpuPerProgram1 = Cpu / R.Variants;
    } else if (!First) {
      // Wall-clock scaling needs free cores; the CPU cost per program shows
      // whether the threads slow each other down (locks, shared caches).
      std::printf("  scaling %u->%u threads: %.2fx programs/s wall (linear: "
                  "%.2fx); %.2fx on CPU time (cpu per program %.2fx of the "
                  "%u-thread run)\n",
                  C.Threads.front(), Threads,
                  PerThread * R.Threads / (PerThread1 * C.Threads.front()),
                  double(Threads) / C.Threads.front(),
                  double(Threads) / C.Threads.front() * CpuPerProgram1 /
                      (Cpu / R.Variants),
                  (Cpu / R.Variants) / CpuPerProgram1, C.Threads.front());
      VariantOptions One = VO;
      One.Jobs = 1;
      double Ceiling =
          processCeiling(Threads, *Kernel, *Backend, Programs, One);
      if (Ceiling > 0)
        std::printf("  baseline, %u independent 1-thread processes: %.1f "
                    "programs/s (%.2fx one thread); %u threads in one process "
                    "reach %.1f%% of it\n",
                    Threads, Ceiling, Ceiling / PerThread1, Threads,
                    100 * PerThread * R.Threads / Ceiling);
      else
        std::printf("  baseline of %u processes failed\n", Threads);
    }
    if (Step == 0) {
      std::printf("  stub compile + render = %.3f%% of PTX->cubin time\n",
                  100 * (R.StubSeconds + R.RenderSeconds) / R.CubinSeconds);
    }
  }
  (void)UsPerProgram1;
  runReference();
  // How much code the programs leave after dead-code elimination.
  StubStats Ours = stubStats(Programs, NumPrograms, Pack);
  std::printf("  stubs: %.2f PTX instructions on average (moves included, "
              "declarations not)\n",
              Ours.MeanInstructions);

  if (!C.DumpStubs.empty()) {
    std::FILE *F = std::fopen(C.DumpStubs.c_str(), "wb");
    if (!F) {
      std::fprintf(stderr, "ptxinject-variants-bench: error: cannot write %s\n",
                   C.DumpStubs.c_str());
      return 1;
    }
    std::unique_ptr<ProgramScratch> Scratch = Programs.makeScratch();
    std::string Buffer;
    std::string_view View;
    for (size_t P = 0; P < NumPrograms; ++P) {
      if (Programs.stub(P, Scratch.get(), Buffer, View, StubErr))
        std::fwrite(View.data(), 1, View.size(), F);
      std::fputs("\n---\n", F);
    }
    std::fclose(F);
  }

  if (Reference && !C.FixedStub.empty()) {
    std::printf(
        "  equal-work comparison skipped: --stub replaces the "
        "reference's programs (this run shows the kernel's own cost)\n");
  } else if (Reference) {
    VariantOptions VO;
    VO.Pack = Pack;
    VO.Jobs = C.Threads.front();
    PlainRate Plain =
        printEqualWork(C, *Kernel, *Backend, FirstRuns, Ours, ReferenceRuns);
    runWithDedup(*Kernel, *Backend, Programs, VO, C.Rounds, Plain,
                 ReferenceRuns);
  }

  // The CUDA path: the same modules as CUDA source, through nvrtc to cubin.
  size_t NvrtcModules = std::min(C.NvrtcModules, C.Modules);
  if (NvrtcModules > 0) {
    std::unique_ptr<ProgramScratch> Scratch = Programs.makeScratch();
    std::vector<std::string> Buffers(Pack);
    std::vector<std::string_view> Stubs(Pack);
    std::vector<double> Times, CpuTimes;
    std::string Cubin;
    for (size_t M = 0; M < NvrtcModules; ++M) {
      for (size_t J = 0; J < Pack; ++J)
        if (!Programs.stub(M * Pack + J, Scratch.get(), Buffers[J], Stubs[J],
                           StubErr))
          Stubs[J] = std::string_view();
      std::string Source = kernelSource(C, &Stubs);
      if (M == 0 && !C.DumpCuda.empty())
        if (std::FILE *F = std::fopen(C.DumpCuda.c_str(), "wb")) {
          std::fwrite(Source.data(), 1, Source.size(), F);
          std::fclose(F);
        }
      T = Clock::now();
      double Cpu = cpuSeconds();
      if (!nvrtcCompile(Source, C.Arch, Cute, true, Cubin, Log)) {
        std::fprintf(stderr,
                     "ptxinject-variants-bench: error: nvrtc variant: %s\n",
                     Log.c_str());
        return 1;
      }
      Times.push_back(since(T));
      CpuTimes.push_back(cpuSeconds() - Cpu);
    }
    double PerModule = median(Times), CpuPerModule = median(CpuTimes);
    std::printf("\nCUDA path (nvrtc CUDA->cubin, same modules, 1 thread): "
                "%.1f ms/module = %.1f us/program (cpu %.1f ms/module)\n",
                PerModule * 1e3, PerModule * 1e6 / Pack, CpuPerModule * 1e3);
    std::printf("PTX path, 1 thread: %.2f ms/module = %.1f us/program "
                "(cpu %.2f ms/module)\n",
                CubinPerModule1 * 1e3, CubinPerModule1 * 1e6 / Pack,
                CpuPerModule1 * 1e3);
    std::printf("ratio nvrtc / PTX path per variant: %.1fx wall, %.1fx cpu\n",
                PerModule / CubinPerModule1, CpuPerModule / CpuPerModule1);
  }

  // Back ends compared on module 0: time per call and reported resources.
  std::printf("\nback ends on module 0 (median of %zu calls):\n", C.Repeats);
  {
    std::unique_ptr<ProgramScratch> Scratch = Programs.makeScratch();
    std::vector<std::string> Buffers(Pack);
    std::vector<std::string_view> All(Kernel->numInjects());
    Expected<std::vector<size_t>> Slots = resolveSlots(*Kernel, [&] {
      VariantOptions VO;
      VO.Pack = Pack;
      return VO;
    }());
    std::string_view View;
    for (size_t J = 0; J < Pack; ++J)
      if (Programs.stub(J, Scratch.get(), Buffers[J], View, StubErr))
        All[(*Slots)[J]] = View;
    std::string Rendered;
    Kernel->render(All, Rendered);
    if (!C.DumpPtx.empty()) {
      if (std::FILE *F = std::fopen(C.DumpPtx.c_str(), "wb")) {
        std::fwrite(Rendered.data(), 1, Rendered.size(), F);
        std::fclose(F);
      }
    }
    // The kernel itself, every site empty: what a module costs whatever its
    // programs, so what deduplication cannot save per distinct program.
    std::string NoProgram;
    Kernel->render(std::vector<std::string_view>(Kernel->numInjects()),
                   NoProgram);
    std::string Empty = ".version 8.0\n.target " + C.Arch +
                        "\n.address_size 64\n.visible .entry e() { ret; }\n";
    for (CubinBackendKind K :
         {CubinBackendKind::NvJitLink, CubinBackendKind::NvPtxCompiler,
          CubinBackendKind::Ptxas}) {
      if (!isCubinBackendBuilt(K))
        continue;
      CubinOptions V = CO;
      V.Verbose = true;
      Expected<std::unique_ptr<CubinBackend>> MadeB = createCubinBackend(K, V);
      Expected<std::unique_ptr<CubinBackend>> MadeQuiet =
          createCubinBackend(K, CO);
      if (!MadeB || !MadeQuiet)
        continue;
      std::unique_ptr<CubinBackend> B = MadeB.take();
      std::unique_ptr<CubinBackend> Quiet = MadeQuiet.take();
      std::vector<char> Cubin;
      std::vector<double> Module, Floor, ModuleCpu, Unfilled;
      Quiet->compile(Empty, Cubin, Log);
      for (size_t I = 0; I < C.Repeats; ++I) {
        T = Clock::now();
        double Cpu = cpuSeconds();
        Quiet->compile(Rendered, Cubin, Log);
        Module.push_back(since(T));
        ModuleCpu.push_back(cpuSeconds() - Cpu);
        T = Clock::now();
        Quiet->compile(Empty, Cubin, Log);
        Floor.push_back(since(T));
        double Cpu0 = cpuSeconds();
        Quiet->compile(NoProgram, Cubin, Log);
        Unfilled.push_back(cpuSeconds() - Cpu0);
      }
      B->compile(Rendered, Cubin, Log);
      std::vector<KernelResources> Res = parseKernelResources(Log);
      std::printf(
          "  %-14s module %7.2f ms (cpu %7.2f ms)  empty module %6.2f ms"
          "  kernel with no site filled: cpu %7.2f ms (%.0f%% of the "
          "module's)\n"
          "  %-14s ",
          cubinBackendName(K), median(Module) * 1e3, median(ModuleCpu) * 1e3,
          median(Floor) * 1e3, median(Unfilled) * 1e3,
          100 * median(Unfilled) / median(ModuleCpu), "");
      for (const KernelResources &R : Res)
        std::printf("%s: %d regs, spill %d/%d B, stack %d B;  ",
                    R.Function.c_str(), R.Registers, R.SpillStoreBytes,
                    R.SpillLoadBytes, R.StackFrameBytes);
      std::printf("\n");
    }
  }
  return 0;
}
