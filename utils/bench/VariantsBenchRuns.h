//===- VariantsBenchRuns.h - The variants bench measurements -*- C++ -*-===//
//
// The timed runs of ptxinject-variants-bench, each printing its rows: the
// PTX path at each thread count against independent processes, the same
// programs with deduplication, the CUDA path through nvrtc, the back ends on
// one module, and the reference system's benchmark run beside ours.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_UTILS_BENCH_VARIANTSBENCHRUNS_H
#define PTXINJECT_UTILS_BENCH_VARIANTSBENCHRUNS_H

#include "VariantsBenchOptions.h"
#include "VariantsBenchReport.h"

#include "ReferenceShape.h"

#include "ptxinject/module/Module.h"
#include "ptxinject/variants/VariantCompiler.h"

#include <vector>

namespace ptxinject {
namespace variantsbench {

/// The reference benchmark on the same work, run before ours and again
/// after, so that both see the machine's load of the moment. A run does
/// nothing unless the shape is the reference's, its binary was given and
/// no --stub replaces its programs.
class ReferenceRunner {
public:
  explicit ReferenceRunner(const Config &C) : C(C) {}
  /// Runs the reference benchmark once and prints its rate.
  void run();
  const std::vector<referenceshape::ReferenceRun> &runs() const { return Runs; }

private:
  const Config &C;
  std::vector<referenceshape::ReferenceRun> Runs;
};

/// What the PTX path's first runs leave for the comparisons after them.
struct PtxPathResult {
  /// The runs at the first thread count (C.Rounds of them with the
  /// reference shape, else one).
  std::vector<variants::VariantReport> FirstRuns;
  /// The first run's busy seconds and CPU seconds per module.
  double CubinPerModule = 0, CpuPerModule = 0;
};

/// The PTX path (stub compile + render + PTX->cubin) at each of C.Threads,
/// with the scaling of each further count against independent processes;
/// with the reference shape, the first count runs C.Rounds times, each
/// after one of Reference's runs. False after an error message.
bool runPtxPath(const Config &C, const Module &Kernel,
                backends::CubinBackend &Backend,
                variants::ProgramSource &Programs, ReferenceRunner &Reference,
                PtxPathResult &Result);

/// Dedup rows: the same programs with VariantOptions::Dedup, which compiles
/// each distinct stub once (the random generator repeats itself after
/// dead-code elimination), with the kernels of the last, partly filled
/// module that hold no program left out (the default) and with them
/// compiled as before, alternating Rounds times, medians compared. Reports
/// the duplicate rate and the programs/s each reaches on the same work. The
/// equal-work rows run without either.
void runWithDedup(const Module &Kernel, const backends::CubinBackend &Backend,
                  variants::ProgramSource &Programs,
                  variants::VariantOptions Options, size_t Rounds,
                  const PlainRate &Without,
                  const std::vector<referenceshape::ReferenceRun> &Runs);

/// The CUDA path: the first C.NvrtcModules modules as CUDA source, through
/// nvrtc to cubin on one thread, against the PTX path's first run. False
/// after an error message.
bool runNvrtcPath(const Config &C, const variants::ProgramSource &Programs,
                  const PtxPathResult &PtxPath);

/// Each back end built on module 0: time per call, that of an empty module
/// and of the kernel with no site filled, and the registers and spills it
/// reports.
void compareBackEnds(const Config &C, const Module &Kernel,
                     const variants::ProgramSource &Programs);

} // namespace variantsbench
} // namespace ptxinject

#endif // PTXINJECT_UTILS_BENCH_VARIANTSBENCHRUNS_H
