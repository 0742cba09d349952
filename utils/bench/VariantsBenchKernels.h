//===- VariantsBenchKernels.h - What the variants bench times -*- C++ -*-===//
//
// The kernels ptxinject-variants-bench builds (the example kernel, with or
// without a CUB epilogue; the CuTe GEMM; the reference benchmark's shape),
// as CUDA with markers or with every site filled, compiled to PTX or cubin
// by nvcc or nvrtc; and the programs put at their sites.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_UTILS_BENCH_VARIANTSBENCHKERNELS_H
#define PTXINJECT_UTILS_BENCH_VARIANTSBENCHKERNELS_H

#include "VariantsBenchOptions.h"

#include "ptxinject/module/Module.h"
#include "ptxinject/variants/VariantCompiler.h"

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ptxinject {
namespace variantsbench {

/// For --kernel cute-gemm: reads the GEMM's marker-asm source into C and
/// makes the shape one variant per module. Returns -1 to go on, or the
/// status to exit with after a message.
int loadCuteKernel(Config &C);

/// The kernel as CUDA. Without Stubs, with a marker block at every site (what
/// the PTX path compiles once); with Stubs (one per site), each site holds
/// its stub instead: the CUDA source that compiles to the same code as the
/// rendered PTX.
std::string kernelSource(const Config &C,
                         const std::vector<std::string_view> *Stubs);

/// CUDA -> cubin (WantCubin) or PTX with nvrtc, for C.Arch; the log in Log.
bool nvrtcCompile(const std::string &Source, const std::string &Arch, bool Cute,
                  bool WantCubin, std::string &Out, std::string &Log);

/// The PTX path's kernel, made once: its PTX (given, or from nvcc or nvrtc),
/// pruned when asked, parsed. Prints what made it and the time each step
/// took; nullopt after an error message.
std::optional<Module> prepareKernel(const Config &C);

/// The programs of the run, C.numPrograms() of them: copies of C.FixedStub,
/// or Stack PTX programs of C.Shape. Null after an error message.
std::unique_ptr<variants::ProgramSource> makePrograms(const Config &C);

} // namespace variantsbench
} // namespace ptxinject

#endif // PTXINJECT_UTILS_BENCH_VARIANTSBENCHKERNELS_H
