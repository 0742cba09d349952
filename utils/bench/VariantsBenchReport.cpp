//===- VariantsBenchReport.cpp - ptxinject-variants-bench's reports ------===//
//
// The banner, the stub statistics and the equal-work comparison with the
// reference benchmark.
//
//===----------------------------------------------------------------------===//
#include "VariantsBenchReport.h"

#include "BenchSupport.h"

#include <algorithm>
#include <cstdio>
#include <memory>
#include <unordered_set>

namespace ptxinject {
namespace variantsbench {

using namespace backends;
using namespace variants;
using bench::median;

void printBanner(const Config &C) {
  size_t NumPrograms = C.numPrograms();
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
}

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

bool writeStubs(const std::string &Path, const ProgramSource &Programs,
                size_t Count) {
  std::FILE *F = std::fopen(Path.c_str(), "wb");
  if (!F)
    return false;
  std::unique_ptr<ProgramScratch> Scratch = Programs.makeScratch();
  std::string Buffer;
  std::string_view View;
  StubError Err;
  for (size_t P = 0; P < Count; ++P) {
    if (Programs.stub(P, Scratch.get(), Buffer, View, Err))
      std::fwrite(View.data(), 1, View.size(), F);
    std::fputs("\n---\n", F);
  }
  std::fclose(F);
  return true;
}

namespace {

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

} // namespace

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
  double Whole = median(Wholes), CubinOnly = median(Cubins);
  PlainRate Plain{Whole, median(Cpus)};
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
                median(Rates), listed(Rates).c_str());
  if (Rates.empty()) {
    std::printf("    reference: skipped (%s)\n",
                C.ReferenceBench.empty()
                    ? "no --reference-bench given; "
                      "utils/bench/variants-vs-reference --reference-src DIR "
                      "builds the reference's benchmark and passes it"
                    : "its runs failed, see above");
    return Plain;
  }
  double Theirs = median(Rates);
  std::printf("  ratio ours / reference (medians): %.2fx with our whole path, "
              "%.2fx PTX->cubin to PTX->cubin\n",
              Whole / Theirs, CubinOnly / Theirs);
  return Plain;
}

} // namespace variantsbench
} // namespace ptxinject
