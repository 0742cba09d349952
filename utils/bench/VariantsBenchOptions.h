//===- VariantsBenchOptions.h - The variants bench options ---*- C++ -*-===//
//
// What one run of ptxinject-variants-bench measures: the kernel, the
// programs, the sizes and the comparisons, as the command line gives them.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_UTILS_BENCH_VARIANTSBENCHOPTIONS_H
#define PTXINJECT_UTILS_BENCH_VARIANTSBENCHOPTIONS_H

#include "ptxinject/backends/CubinBackend.h"

#include <cstddef>
#include <string>
#include <vector>

namespace ptxinject {
namespace variantsbench {

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
  backends::CubinBackendKind Backend = backends::defaultCubinBackend();
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

  /// Programs per module: every site of every kernel holds one.
  size_t pack() const { return Kernels * Sites; }
  size_t numPrograms() const { return Modules * pack(); }
  bool cute() const { return Kernel == KernelKind::CuteGemm; }
  bool referenceShape() const { return Shape == ProgramShape::Reference; }
};

/// Reads the command line into C, with the defaults of the shape it names
/// and, for --kernel cute-gemm, the kernel's source. Returns -1 to go on,
/// or the status to exit with (0 after --help; a message was printed
/// otherwise).
int parseOptions(int Argc, char **Argv, Config &C);

} // namespace variantsbench
} // namespace ptxinject

#endif // PTXINJECT_UTILS_BENCH_VARIANTSBENCHOPTIONS_H
