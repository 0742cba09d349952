//===- VariantsBenchOptions.cpp - ptxinject-variants-bench's options -----===//
//
// The command line: flags, their values, and the defaults that depend on
// the shape asked for.
//
//===----------------------------------------------------------------------===//
#include "VariantsBenchOptions.h"

#include "ReferenceShape.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace ptxinject {
namespace variantsbench {
namespace {

using backends::parseCubinBackendName;

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

int parseOptions(int Argc, char **Argv, Config &C) {
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
  return -1;
}

} // namespace variantsbench
} // namespace ptxinject
