//===- VariantsRay.cpp - ptxinject variants --ray: the cluster driver -----===//
#include "CommandLine.h"
#include "ToolSupport.h"
#include "Variants.h"

#include "ptxinject/support/ExitCode.h"

#include <cerrno>
#include <cstring>
#include <unistd.h>

using namespace ptxinject;
using namespace ptxinject::tool;

int ptxinject::tool::forwardToRay(const VariantsArguments &A) {
  auto Refuse = [](const std::string &Why) {
    reportUsageError("variants", "--ray: " + Why);
    return ExitUsage;
  };
  if (!endsWith(A.Kernel, ".ptx"))
    return Refuse("give the kernel's PTX (a run without --ray leaves "
                  "OUT/kernel.ptx for a .cu kernel)");
  if (!A.PruneKernels)
    return Refuse("--keep-unfilled-kernels is not forwarded; the cluster "
                  "driver leaves kernels without programs out of partly "
                  "filled modules");
  if (A.HaveRandom || A.Live || !A.Desc.empty() || A.PruneGlobals ||
      !A.CompilerFlags.empty())
    return Refuse(
        "--random, --live, --desc, --prune-globals and compiler "
        "flags are not forwarded; give --programs FILE or --stubs FILE");
  if (!A.OptionsSweep.empty() || A.Resources || A.LinkStubs)
    return Refuse("--options-sweep, --resources and --link-stubs are not "
                  "forwarded; run them without --ray");
  if (A.Programs.size() > 1)
    return Refuse("one --programs FILE or NAME=FILE (variants of several "
                  "injects are compiled here, without --ray)");
  std::vector<std::string> Args = {"ptxinject-distributed",
                                   "variants",
                                   A.Kernel,
                                   "--out-dir",
                                   A.OutDir,
                                   "--ray",
                                   A.Ray,
                                   "--pack",
                                   std::to_string(A.Pack),
                                   "--arch",
                                   A.Arch};
  if (!A.Programs.empty())
    Args.insert(Args.end(), {"--programs", A.Programs[0]});
  if (!A.Stubs.empty())
    Args.insert(Args.end(), {"--stubs", A.Stubs});
  for (const std::string &Slot : A.Slots)
    Args.insert(Args.end(), {"--slot", Slot});
  if (!A.BackendName.empty())
    Args.insert(Args.end(), {"--backend", A.BackendName});
  // The assembler options, those given only: the driver's defaults are
  // ours. An option value starting with '-' travels as --Xptxas=OPT.
  if (A.OptLevel != 3)
    Args.insert(Args.end(), {"-O", std::to_string(A.OptLevel)});
  if (A.MaxRegisters)
    Args.insert(Args.end(), {"--maxrregcount", std::to_string(A.MaxRegisters)});
  if (!A.FastCompile.empty())
    Args.insert(Args.end(), {"--fast-compile", A.FastCompile});
  if (A.LineInfo)
    Args.push_back("--lineinfo");
  for (const std::string &Flag : A.Xptxas)
    Args.push_back("--Xptxas=" + Flag);
  // The driver deduplicates and keeps the same cache (its default folder is
  // ours); say only what differs from the defaults.
  if (!A.Dedup)
    Args.push_back("--no-dedup");
  if (A.NoCache)
    Args.push_back("--no-cache");
  else if (!A.CacheDir.empty())
    Args.insert(Args.end(), {"--cache", A.CacheDir});
  if (A.KeepPtx)
    Args.push_back("--keep-ptx");
  if (!A.Progress)
    Args.push_back("--no-progress");
  std::vector<char *> Argv;
  for (std::string &S : Args)
    Argv.push_back(S.data());
  Argv.push_back(nullptr);
  ::execvp(Argv[0], Argv.data());
  reportError("ptxinject-distributed",
              std::string("cannot run it (") + std::strerror(errno) +
                  "): --ray needs the Python package with Ray on PATH: "
                  "pip install '.[ray]' (docs/distributed.md)");
  return ExitUsage;
}
