//===- CacheCommand.cpp - ptxinject cache: the variant cache's folder -----===//
//
// What the compiled-program cache of `ptxinject variants` holds, and its
// upkeep: --stats, --trim to its bound, --clear, --max-size to set the bound
// in the folder's cache.conf (VariantCacheFolder.h). The variants command
// trims as it stores; this is for a person or a script between runs.
//
//===----------------------------------------------------------------------===//
#include "CommandLine.h"
#include "Commands.h"
#include "ToolSupport.h"

#include "ptxinject/support/ByteSize.h"
#include "ptxinject/support/ExitCode.h"
#include "ptxinject/variants/VariantCache.h"
#include "ptxinject/variants/VariantCacheFolder.h"

#include <cstdio>

using namespace ptxinject;
using namespace ptxinject::tool;
using namespace ptxinject::variants;

namespace {

void printUsage(const std::string &Dir, const VariantCacheUsage &U,
                std::uint64_t Max, const char *From) {
  std::printf("cache:               %s\n", Dir.c_str());
  if (Max)
    std::printf("size:                %s of %s (%.1f%%; bound from %s)\n",
                formatByteSize(U.Bytes).c_str(), formatByteSize(Max).c_str(),
                100.0 * static_cast<double>(U.Bytes) / static_cast<double>(Max),
                From);
  else
    std::printf("size:                %s (no bound; from %s)\n",
                formatByteSize(U.Bytes).c_str(), From);
  std::printf("entries:             %zu\n", U.Entries);
  std::printf("cubins:              %zu\n", U.Cubins);
  std::printf("temporary files:     %zu\n", U.TempFiles);
  std::printf("pinned by readers:   %zu\n", U.PinFolders);
}

} // namespace

int ptxinject::tool::runCache(int Argc, char **Argv) {
  CLI::App App("Shows and keeps the compiled-program cache of 'ptxinject "
               "variants' (docs/variants.md).",
               "ptxinject cache");
  App.set_help_flag("-h,--help", "print this help and exit");
  std::string Dir;
  bool Stats = false, Trim = false, Clear = false;
  std::optional<std::uint64_t> MaxSize;
  App.add_option("--cache", Dir,
                 "the cache folder (default: $XDG_CACHE_HOME/ptxinject/"
                 "variants or ~/.cache/ptxinject/variants)");
  App.add_flag("--stats", Stats, "print what the folder holds");
  App.add_flag("--trim", Trim,
               "remove the least recently used programs until the folder "
               "is within its bound (to 90% of it when over), and what "
               "killed processes left");
  App.add_flag("--clear", Clear, "remove every program and cubin");
  addByteSizeOption(App, "--max-size", MaxSize,
                    "set the folder's bound (5G, 500M, ...; 0: no bound) in "
                    "its cache.conf");
  App.footer("Example:\n  ptxinject cache --max-size 20G --trim");
  if (std::optional<int> Exit = parseCommandLine(App, "cache", Argc, Argv))
    return *Exit;
  if (!Stats && !Trim && !Clear && !MaxSize) {
    reportUsageError("cache", "give --stats, --trim, --clear or --max-size "
                              "SIZE; see 'ptxinject cache --help'");
    return ExitUsage;
  }
  if (Clear && Trim) {
    reportUsageError("cache", "--clear and --trim: give one");
    return ExitUsage;
  }
  if (Dir.empty())
    Dir = defaultVariantCacheDir();
  if (Dir.empty()) {
    reportUsageError("cache", "neither XDG_CACHE_HOME nor HOME is set; give "
                              "--cache DIR");
    return ExitUsage;
  }
  if (MaxSize) {
    if (Error E = writeVariantCacheMaxSize(Dir, *MaxSize)) {
      reportError(Dir, E.Message);
      return ExitFailed;
    }
    std::printf("max size:            %s (%s/cache.conf)\n",
                *MaxSize ? formatByteSize(*MaxSize).c_str() : "no bound",
                Dir.c_str());
  }
  std::string Problem;
  std::uint64_t Max = variantCacheMaxBytes(Dir, std::nullopt, &Problem);
  if (!Problem.empty()) {
    reportError(Dir + "/cache.conf", Problem);
    return ExitUsage;
  }
  Expected<VariantCacheConfig> Config = readVariantCacheConfig(Dir);
  const char *From =
      Config && Config->MaxBytes ? "cache.conf" : "the default, 5G";
  if (Trim || Clear) {
    VariantCacheTrim T =
        Clear ? clearVariantCache(Dir) : trimVariantCache(Dir, Max);
    std::printf("removed:             %zu entries, %zu cubins, %zu leftovers "
                "of killed processes (%s -> %s)\n",
                T.RemovedEntries, T.RemovedCubins, T.RemovedLeftovers,
                formatByteSize(T.Before.Bytes).c_str(),
                formatByteSize(T.After.Bytes).c_str());
  }
  if (Stats)
    printUsage(Dir, scanVariantCache(Dir), Max, From);
  return ExitOk;
}
