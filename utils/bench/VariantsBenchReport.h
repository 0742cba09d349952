//===- VariantsBenchReport.h - The variants bench reports ---*- C++ -*-===//
//
// What ptxinject-variants-bench prints beyond its timing tables: the run's
// banner, what the programs leave after dead-code elimination, and the
// comparison with the reference benchmark on equal work.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_UTILS_BENCH_VARIANTSBENCHREPORT_H
#define PTXINJECT_UTILS_BENCH_VARIANTSBENCHREPORT_H

#include "VariantsBenchOptions.h"

#include "ReferenceShape.h"

#include "ptxinject/module/Module.h"
#include "ptxinject/variants/VariantCompiler.h"

#include <string>
#include <vector>

namespace ptxinject {
namespace variantsbench {

/// The first line: the shape of the work, the target, the back end, the
/// kernel.
void printBanner(const Config &C);

/// " (a, b, c)" for more than one value, else nothing.
std::string listed(const std::vector<double> &V);

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

/// The statistics of the first Count programs, modules of Pack.
StubStats stubStats(const variants::ProgramSource &Programs, size_t Count,
                    size_t Pack);

/// Writes every program's stub, each followed by a line "---", to Path.
/// False when Path cannot be written.
bool writeStubs(const std::string &Path,
                const variants::ProgramSource &Programs, size_t Count);

/// Our rate on the equal work, medians over the rounds: what the dedup row
/// is compared with. CPU time is the load-proof figure on a busy machine.
struct PlainRate {
  double PerThread = 0;
  double CpuPerProgram = 0; // worker CPU seconds
};

/// The comparison with the reference's benchmark on equal work: the same
/// kernel shape and the same programs (shown by the live-instruction means
/// and the stubs themselves), then both rates. The reference times its
/// nvPTXCompiler calls alone; ours is given with and without the stub
/// compile and render that precede them.
PlainRate printEqualWork(const Config &C, const Module &Kernel,
                         const backends::CubinBackend &Backend,
                         const std::vector<variants::VariantReport> &OursRuns,
                         const StubStats &Stats,
                         const std::vector<referenceshape::ReferenceRun> &Runs);

} // namespace variantsbench
} // namespace ptxinject

#endif // PTXINJECT_UTILS_BENCH_VARIANTSBENCHREPORT_H
