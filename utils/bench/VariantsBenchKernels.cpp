//===- VariantsBenchKernels.cpp - The work ptxinject-variants-bench times -===//
//
// The kernels as CUDA source (markers at the sites, or the sites filled
// with the programs' stubs), their compile by nvcc and nvrtc, and the
// programs that fill them.
//
//===----------------------------------------------------------------------===//
#include "VariantsBenchKernels.h"

#include "BenchSupport.h"
#include "ReferenceShape.h"

#include "ptxinject/backends/CudaTool.h"
#include "ptxinject/module/PtxPrune.h"
#include "ptxinject/support/File.h"

#include <nvrtc.h>

#include <cstdio>
#include <fstream>

#include <unistd.h>

namespace ptxinject {
namespace variantsbench {
namespace {

using namespace backends;
using namespace variants;
using bench::Clock;
using bench::secondsSince;

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

// nvcc as `ptxinject variants` finds it (findCudaToolkit, then PATH), then the
// toolkit this program was built against. Empty when there is none.
std::string findNvcc() {
  return findCudaTool("nvcc", "",
                      {std::string(PTXINJECT_CUDA_INCLUDE_DIR) + "/../bin",
                       "/usr/local/cuda/bin"});
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
  bool Ok = false;
  if (Run.Ok) {
    Expected<std::string> Read = readFile(Output);
    if ((Ok = static_cast<bool>(Read)))
      Ptx = Read.take();
  }
  for (const std::string &F : {Output, LogPath})
    ::unlink(F.c_str());
  if (SourcePath.empty())
    ::unlink(Input.c_str());
  ::rmdir(Dir.c_str());
  return Ok;
}

} // namespace

int loadCuteKernel(Config &C) {
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
    Expected<std::string> Text = readFile(C.CuteSourcePath);
    if (!Text) {
      std::fprintf(stderr, "ptxinject-variants-bench: error: cannot read %s\n",
                   C.CuteSourcePath.c_str());
      return 1;
    }
    C.CuteSource = Text.take();
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
  return -1;
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

std::optional<Module> prepareKernel(const Config &C) {
  std::string Ptx, Log, Made;
  Clock::time_point T = Clock::now();
  bool Cute = C.cute();
  std::string Nvcc = C.PtxFrom == PtxCompiler::Nvrtc ? "" : findNvcc();
  if (!C.KernelPtx.empty()) {
    Expected<std::string> Read = readFile(C.KernelPtx);
    if (!Read) {
      std::fprintf(stderr, "ptxinject-variants-bench: error: cannot read %s\n",
                   C.KernelPtx.c_str());
      return std::nullopt;
    }
    Ptx = Read.take();
    Made = C.KernelPtx;
  } else if (C.PtxFrom == PtxCompiler::Nvcc && Nvcc.empty()) {
    std::fprintf(stderr,
                 "ptxinject-variants-bench: error: --ptx-from nvcc: nvcc not "
                 "found in PATH, $CUDA_PATH/bin or /usr/local/cuda/bin\n");
    return std::nullopt;
  } else if (!Nvcc.empty()) {
    if (!nvccCompile(Nvcc, Cute ? C.CuteSourcePath : "",
                     Cute ? "" : kernelSource(C, nullptr), C.Arch, Cute, Ptx,
                     Log)) {
      std::fprintf(stderr,
                   "ptxinject-variants-bench: error: nvcc -ptx failed:\n%s\n",
                   Log.c_str());
      return std::nullopt;
    }
    Made = "nvcc CUDA->PTX (" + Nvcc + ")";
  } else {
    if (!nvrtcCompile(kernelSource(C, nullptr), C.Arch, Cute, false, Ptx,
                      Log)) {
      std::fprintf(stderr, "ptxinject-variants-bench: error: nvrtc: %s\n",
                   Log.c_str());
      return std::nullopt;
    }
    Made = C.PtxFrom == PtxCompiler::Nvrtc ? "nvrtc CUDA->PTX"
                                           : "nvrtc CUDA->PTX (no nvcc found)";
  }
  double Prepare = secondsSince(T);
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
                secondsSince(T) * 1e3,
                Stats.Scanned ? "" : " (could not scan)");
  }
  T = Clock::now();
  Expected<Module> Kernel = Module::parse(Ptx);
  double Parse = secondsSince(T);
  if (!Kernel) {
    std::fprintf(stderr, "ptxinject-variants-bench: error: %s\n",
                 Kernel.error().format("kernel.ptx").c_str());
    return std::nullopt;
  }
  std::printf("parse: %.1f us (%zu injects, %zu bytes)\n", Parse * 1e6,
              Kernel->numInjects(), Ptx.size());
  return Kernel.take();
}

std::unique_ptr<ProgramSource> makePrograms(const Config &C) {
  size_t NumPrograms = C.numPrograms();
  if (!C.FixedStub.empty())
    return std::make_unique<RawStubSource>(
        std::vector<std::string>(NumPrograms, C.FixedStub));
  const stackptx::InstructionSet &Set = stackptx::InstructionSet::builtin();
  auto Stack = std::make_unique<StackPtxSource>(Set);
  if (C.Shape == ProgramShape::Reference) {
    auto Generated =
        referenceshape::generatePrograms(Set, NumPrograms, C.Length, C.Seed);
    if (!Generated) {
      std::fprintf(stderr, "ptxinject-variants-bench: error: %s\n",
                   Generated.error().Message.c_str());
      return nullptr;
    }
    for (std::vector<StackPtxFastInstruction> &P : *Generated)
      Stack->addInstructions(std::move(P));
  } else if (C.Shape == ProgramShape::Live) {
    Stack->addRandomLive(NumPrograms, C.Length, C.Seed);
  } else {
    Stack->addRandom(NumPrograms, C.Length, C.Seed);
  }
  return Stack;
}

} // namespace variantsbench
} // namespace ptxinject
