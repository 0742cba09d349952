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
#include "BenchSupport.h"
#include "VariantsBenchKernels.h"
#include "VariantsBenchOptions.h"
#include "VariantsBenchReport.h"
#include "VariantsBenchRuns.h"

#include "ptxinject/backends/CubinBackend.h"

#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

using namespace ptxinject;
using namespace ptxinject::backends;
using namespace ptxinject::variants;
using namespace ptxinject::variantsbench;

int main(int Argc, char **Argv) {
  Config C;
  if (int Status = parseOptions(Argc, Argv, C); Status >= 0)
    return Status;
  if (C.cute())
    if (int Status = loadCuteKernel(C); Status >= 0)
      return Status;
  printBanner(C);

  // Prepare once: CUDA -> PTX with markers (or the PTX given), parse.
  std::optional<Module> Kernel = prepareKernel(C);
  if (!Kernel)
    return 1;
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
    std::string Out, Log;
    bench::exitOnError(Kernel->render(Empty, Out), "ptxinject-variants-bench");
    Backend->compile(Out, Cubin, Log);
  }

  // The reference benchmark on the same work, before ours and again after.
  ReferenceRunner Reference(C);
  Reference.run();

  std::unique_ptr<ProgramSource> Programs = makePrograms(C);
  if (!Programs)
    return 1;
  PtxPathResult PtxPath;
  if (!runPtxPath(C, *Kernel, *Backend, *Programs, Reference, PtxPath))
    return 1;
  Reference.run();
  // How much code the programs leave after dead-code elimination.
  StubStats Ours = stubStats(*Programs, C.numPrograms(), C.pack());
  std::printf("  stubs: %.2f PTX instructions on average (moves included, "
              "declarations not)\n",
              Ours.MeanInstructions);
  if (!C.DumpStubs.empty() &&
      !writeStubs(C.DumpStubs, *Programs, C.numPrograms())) {
    std::fprintf(stderr, "ptxinject-variants-bench: error: cannot write %s\n",
                 C.DumpStubs.c_str());
    return 1;
  }

  if (C.referenceShape() && !C.FixedStub.empty()) {
    std::printf(
        "  equal-work comparison skipped: --stub replaces the "
        "reference's programs (this run shows the kernel's own cost)\n");
  } else if (C.referenceShape()) {
    VariantOptions VO;
    VO.Pack = C.pack();
    VO.Jobs = C.Threads.front();
    PlainRate Plain = printEqualWork(C, *Kernel, *Backend, PtxPath.FirstRuns,
                                     Ours, Reference.runs());
    runWithDedup(*Kernel, *Backend, *Programs, VO, C.Rounds, Plain,
                 Reference.runs());
  }

  if (!runNvrtcPath(C, *Programs, PtxPath))
    return 1;
  compareBackEnds(C, *Kernel, *Programs);
  return 0;
}
