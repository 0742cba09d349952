//===- PtxasOracle.h - Sampled ptxas check of rendered modules ----------===//
//
// Fuzz-run-only oracle for the render harness: with
// PTXINJECT_FUZZ_PTXAS_EVERY=N set (utils/fuzz sets it), the first 64 modules
// that parse and render (the seed corpus) and then every Nth one are checked
// with ptxas. Only stubs known to be valid are used, the empty stub of every
// inject: when ptxas accepts the annotated input, it must accept the rendered
// module as well; ptxas rejecting it aborts with its log. Unset or 0 (the test
// suite's replay), nothing runs, so replay stays fast and needs no toolkit.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_FUZZ_PTXASORACLE_H
#define PTXINJECT_FUZZ_PTXASORACLE_H

#include "FuzzInput.h"
#include "ptxinject/backends/CudaTool.h"
#include "ptxinject/module/Module.h"

#include <atomic>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <unistd.h>

namespace fuzzinput {

/// N from PTXINJECT_FUZZ_PTXAS_EVERY, 0 when unset or not a number.
inline unsigned long ptxasEvery() {
  static const unsigned long Every = [] {
    const char *V = std::getenv("PTXINJECT_FUZZ_PTXAS_EVERY");
    return V ? std::strtoul(V, nullptr, 10) : 0ul;
  }();
  return Every;
}

/// The sm_NN of the module's .target line, empty when it has none.
inline std::string targetArch(std::string_view Ptx) {
  size_t At = Ptx.find(".target");
  if (At == std::string_view::npos)
    return "";
  size_t Sm = Ptx.find("sm_", At);
  size_t Eol = Ptx.find('\n', At);
  if (Sm == std::string_view::npos ||
      (Eol != std::string_view::npos && Sm > Eol))
    return "";
  size_t End = Sm + 3;
  while (End < Ptx.size() &&
         (std::isalnum(static_cast<unsigned char>(Ptx[End]))))
    ++End;
  return std::string(Ptx.substr(Sm, End - Sm));
}

/// Whether ptxas (found as the ptxas back end finds it) assembles Ptx for
/// Arch; its log in Log.
inline bool ptxasAccepts(std::string_view Ptx, const std::string &Arch,
                         std::string &Log) {
  static const std::string Ptxas = [] {
    std::string P = ptxinject::backends::findCudaTool("ptxas");
    if (P.empty()) {
      std::fprintf(
          stderr,
          "PTXINJECT_FUZZ_PTXAS_EVERY is set but ptxas was not found\n");
      std::abort();
    }
    return P;
  }();
  const char *Tmp = std::getenv("TMPDIR");
  std::string Base = std::string(Tmp && *Tmp ? Tmp : "/tmp") +
                     "/ptxinject-fuzz-ptxas-" + std::to_string(getpid());
  {
    std::ofstream(Base + ".ptx", std::ios::binary)
        .write(Ptx.data(), std::streamsize(Ptx.size()));
  }
  ptxinject::backends::ToolRun Run = ptxinject::backends::runTool(
      {Ptxas, "-arch=" + Arch, Base + ".ptx", "-o", Base + ".cubin"},
      Base + ".log");
  Log = Run.Log;
  std::remove((Base + ".ptx").c_str());
  std::remove((Base + ".cubin").c_str());
  std::remove((Base + ".log").c_str());
  return Run.Ok;
}

/// The sampled check; Input is the annotated PTX M was parsed from.
inline void checkRenderWithPtxas(std::string_view Input,
                                 const ptxinject::Module &M) {
  const unsigned long FirstChecked = 64;
  static std::atomic<unsigned long> Rendered{0};
  unsigned long Every = ptxasEvery();
  // The first modules of a run are the seed corpus, which is valid PTX;
  // mutated inputs rarely are, so those are checked in full, then 1 in N.
  unsigned long Count = ++Rendered;
  if (Every == 0 || (Count > FirstChecked && Count % Every != 0))
    return;
  std::string Arch = targetArch(Input), Log;
  if (Arch.empty() || !ptxasAccepts(Input, Arch, Log))
    return; // not valid PTX to begin with: nothing to compare
  std::vector<std::string_view> Empty(M.numInjects());
  std::string Out;
  FUZZ_CHECK(!M.render(Empty, Out));
  if (!ptxasAccepts(Out, Arch, Log)) {
    std::fprintf(
        stderr,
        "ptxas accepts the input but rejects it rendered with empty stubs:\n"
        "%s\n--- rendered ---\n%s\n",
        Log.c_str(), Out.c_str());
    FUZZ_CHECK(false && "ptxas rejects a render with valid stubs");
  }
}

} // namespace fuzzinput

#endif
