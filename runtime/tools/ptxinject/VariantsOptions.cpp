//===- VariantsOptions.cpp - The command line of ptxinject variants -------===//
#include "CommandLine.h"
#include "ToolSupport.h"
#include "Variants.h"

#include "ptxinject/support/ExitCode.h"

#include <cstring>

using namespace ptxinject;
using namespace ptxinject::backends;
using namespace ptxinject::tool;

namespace {

const char Description[] =
    "Compiles many variants of an annotated kernel to cubins, on every core.\n"
    "KERNEL is PTX with inject sites, or CUDA (.cu), which is rewritten with\n"
    "ptxinject-rewrite and compiled with nvcc -ptx first; compiler flags for\n"
    "both (-I, -D, -std=..., --expt-relaxed-constexpr) go after '--'.\n"
    "A variant is one program per selected inject (--slot, repeatable).";

} // namespace

int ptxinject::tool::parseVariantsArguments(int Argc, char **Argv,
                                            VariantsArguments &A) {
  CLI::App App(Description, "ptxinject variants");
  App.set_help_flag("-h,--help", "print this help and exit");
  App.add_option("KERNEL", A.Kernel, "KERNEL.cu or KERNEL.ptx")->required();
  App.add_option("-o,--out-dir", A.OutDir,
                 "where module_NNNNNN.cubin and manifest.tsv go")
      ->required();
  App.add_option("--programs", A.Programs,
                 "Stack PTX programs in text form, one variant per line "
                 "(words name operands by label: 'x y add.ftz.f32'; '#' "
                 "starts a comment; 'mma: ... ; epilogue: ...' gives one "
                 "program per inject); or NAME=FILE, repeatable, line i of "
                 "each file being inject NAME's program of variant i")
      ->allow_extra_args(false);
  App.add_option("--stubs", A.Stubs,
                 "raw PTX stubs separated by lines holding only '---'; "
                 "%{label} stands for an operand's register");
  CLI::Option *Random =
      App.add_option("--random", A.Random,
                     "N random Stack PTX programs per selected inject")
          ->check(CLI::Range(0ULL, 100000000ULL));
  App.add_option("--length", A.Length,
                 "instructions per random program (default 32); most are "
                 "dead code, removed from the stub")
      ->check(CLI::Range(0ULL, 1000000ULL));
  App.add_option("--seed", A.Seed, "random seed (default 1)");
  App.add_flag("--live", A.Live,
               "random programs whose operations are all live (a chain of "
               "operations on the inputs and constants)");
  App.add_option("--desc", A.Desc,
                 "Stack PTX instruction description JSON (default: built in)");
  App.add_option("--pack", A.Pack,
                 "variants per module, one per packed inject site (default 1)")
      ->check(CLI::Range(1ULL, 1000000ULL));
  App.add_option("--slot", A.Slots,
                 "inject to fill, repeatable; required when the kernel has "
                 "more than one inject and the programs do not name theirs")
      ->allow_extra_args(false);
  App.add_option("-j,--jobs", A.Jobs,
                 "worker threads (default: every hardware thread)")
      ->check(CLI::Range(0U, 4096U));
  App.add_option("--arch", A.Arch, "target architecture (default sm_80)");
  App.add_option("--backend", A.BackendName,
                 std::string("PTX-to-cubin back end: nvjitlink, nvptxcompiler "
                             "or ptxas (default ") +
                     cubinBackendName(defaultCubinBackend()) + ")");
  App.add_option("-O", A.OptLevel,
                 "assembler optimization level, 0 to 3 (default 3; the "
                 "nvjitlink back end takes 0 or 3)")
      ->check(CLI::Range(0, 3));
  App.add_option("--maxrregcount", A.MaxRegisters,
                 "registers per thread at most (default: the compiler's "
                 "choice)")
      ->check(CLI::Range(0, 65535));
  App.add_option("--fast-compile", A.FastCompile,
                 "ptxas fast-compile level (-Ofc): 0, min, mid or max; "
                 "faster compiles of slower code (docs/variants.md)")
      ->check(CLI::IsMember({"0", "min", "mid", "max"}));
  App.add_flag("--lineinfo", A.LineInfo,
               "line-number information in the cubins (-lineinfo)");
  App.add_option("--Xptxas", A.Xptxas,
                 "-Xptxas OPT: pass OPT to the assembler as ptxas spells it, "
                 "repeatable "
                 "(-Xptxas -warn-spills; nvjitlink gets -Xptxas=OPT); a "
                 "back end that refuses it is a usage error")
      ->allow_extra_args(false);
  App.add_option("--options-sweep", A.OptionsSweep,
                 "compile each program under each combination of "
                 "assembler options, one variant each: "
                 "'maxrregcount=32,64;O=1,3' (names: O, maxrregcount, "
                 "fast-compile, lineinfo)");
  App.add_flag("--resources", A.Resources,
               "registers and spill bytes of each variant's kernels in the "
               "manifest (the compiler's verbose report; compiles every "
               "program, as the cache keeps no reports)");
  App.add_flag("--link-stubs", A.LinkStubs,
               "screening: compile the kernel once with each site a call, "
               "and of each variant only its stubs, linked to it with "
               "nvJitLink; many times faster, but the calls stay in the "
               "cubins: for checking what stubs compute, not timing them "
               "(docs/variants.md)");
  App.add_flag("--keep-ptx", A.KeepPtx, "also write each module's PTX");
  App.add_option(
      "--ray", A.Ray,
      "compile on a Ray cluster (auto, local or HOST:PORT) through "
      "the Python package's ptxinject-distributed (docs/distributed.md); "
      "a .ptx KERNEL with --programs FILE or --stubs FILE");
  App.add_flag("!--no-progress", A.Progress, "no progress line on stderr");
  App.add_flag("!--no-dedup", A.Dedup,
               "compile every program, even one whose stubs equal an "
               "earlier program's (by default it runs that program's code)");
  App.add_flag("!--keep-unfilled-kernels", A.PruneKernels,
               "compile every kernel of a packed module, even one none of "
               "whose sites got a program (by default such kernels are left "
               "out of the last, partly filled module)");
  CLI::Option *Cache = App.add_option(
      "--cache", A.CacheDir,
      "folder of the compiled-program cache (default: "
      "$XDG_CACHE_HOME/ptxinject/variants or ~/.cache/ptxinject/variants); "
      "a program compiled before for the same kernel PTX, back end, "
      "arch, options and toolkit is not compiled again");
  CLI::Option *NoCache =
      App.add_flag("--no-cache", A.NoCache, "neither read nor write the cache")
          ->excludes(Cache);
  addByteSizeOption(App, "--cache-max-size", A.CacheMaxSize,
                    "the cache folder's bound (5G, 500M, ...; 0: no bound; "
                    "default: its cache.conf, else 5G): least recently used "
                    "programs go when a run takes it over")
      ->excludes(NoCache);
  addByteSizeOption(App, "--memory-limit", A.MemoryLimit,
                    "address-space bound of each ptxas process (--backend "
                    "ptxas; 4G, 500M, ...): a compile over it fails alone. "
                    "nvPTXCompiler and nvJitLink run in this process: bound "
                    "it with ulimit -v");
  addSecondsOption(App, "--timeout", A.Timeout,
                   "seconds one module's PTX->cubin may take; a module past "
                   "it fails its programs with stage 'timeout' and the batch "
                   "goes on (default: no limit)");
  App.add_option("--nvcc", A.Nvcc, "nvcc to compile a .cu kernel with");
  App.add_option("--rewriter", A.Rewriter,
                 "ptxinject-rewrite to rewrite a .cu kernel with (default: "
                 "the one next to this binary)");
  App.add_flag("--prune-globals", A.PruneGlobals,
               "drop the kernel's internal module-scope variables that "
               "nothing in its PTX uses, once, before parsing (nvrtc "
               "-default-device PTX holds many); stubs must not use them");
  App.footer(
      "Example:\n  ptxinject variants kernel.cu --out-dir out --slot mma "
      "--slot epilogue --random 1000 -- -Iinclude -std=c++17");
  // CLI11 names options -x or --name: nvcc's '-Xptxas OPT' becomes
  // '--Xptxas=OPT' (OPT starts with '-', which CLI11 would read as an
  // option of ours).
  std::vector<std::string> Words(Argv, Argv + Argc);
  for (size_t I = 1; I < Words.size() && Words[I] != "--"; ++I) {
    if (Words[I] == "-Xptxas" && I + 1 < Words.size()) {
      Words[I] = "--Xptxas=" + Words[I + 1];
      Words.erase(Words.begin() + I + 1);
    } else if (Words[I].rfind("-Xptxas=", 0) == 0) {
      Words[I] = "-" + Words[I];
    }
  }
  std::vector<char *> Own;
  for (std::string &W : Words)
    Own.push_back(W.data());
  if (std::optional<int> Exit =
          parseCommandLine(App, "variants", static_cast<int>(Own.size()),
                           Own.data(), &A.CompilerFlags))
    return *Exit;
  A.HaveRandom = Random->count() > 0;
  if (!A.BackendName.empty() &&
      !parseCubinBackendName(A.BackendName, A.Backend)) {
    reportUsageError("variants",
                     "unknown back end '" + A.BackendName +
                         "'; use nvjitlink, nvptxcompiler or ptxas");
    return ExitUsage;
  }
  int Sources = !A.Programs.empty() + !A.Stubs.empty() + A.HaveRandom;
  if (Sources != 1) {
    reportUsageError("variants", "give exactly one of --programs FILE, "
                                 "--stubs FILE or --random N");
    return ExitUsage;
  }
  return -1;
}

bool ptxinject::tool::endsWith(const std::string &S, const char *Suffix) {
  size_t N = std::strlen(Suffix);
  return S.size() >= N && S.compare(S.size() - N, N, Suffix) == 0;
}
