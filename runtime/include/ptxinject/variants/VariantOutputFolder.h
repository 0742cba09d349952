//===- VariantOutputFolder.h - What a batch leaves in its folder -*- C++
//-*-===//
//
// The output folder of `ptxinject variants` (docs/variants.md), written here
// once for every caller (the tool, the Python package, the Ray driver):
// module_NNNNNN.cubin (and .ptx), the cache's cubins that hold programs linked
// in as cached_HASH.cubin, and manifest.tsv: one row per program (a variant
// has one per inject) with the cubin and site holding its code (its own, an
// earlier equal program's, or a cached one), its status (ok, or failed with
// the stage that failed), the entry functions that run it, and where it came
// from, so a winner of a search can be found, launched and compiled again.
// While a batch runs, the rows of each finished module are appended, whole
// lines at a time; the finished batch rewrites the file whole, in program
// order. VariantManifestReader.h reads it back.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_VARIANTS_VARIANTOUTPUTFOLDER_H
#define PTXINJECT_VARIANTS_VARIANTOUTPUTFOLDER_H

#include "ptxinject/backends/CubinBackend.h"
#include "ptxinject/module/Module.h"
#include "ptxinject/support/Error.h"
#include "ptxinject/variants/VariantCompiler.h"
#include "ptxinject/variants/VariantInputs.h"

#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace ptxinject::variants {

/// "stub", "compile", "timeout" or "memory": the manifest's and the Python
/// package's name of a stage.
const char *variantStageName(VariantStage Stage);

/// What the manifest says of each program beyond where its code is.
struct ManifestSources {
  const Module *Kernel = nullptr;
  std::string_view Ptx;      // the kernel's PTX (its entry functions)
  std::vector<size_t> Slots; // as compileVariants resolved them
  size_t Pack = 1;
  /// Injects each variant fills (one program of each).
  size_t Roles = 1;
  /// Where program P of role R came from ("FILE:LINE:COL", or
  /// "random:seed=S:index=P" for a generated one).
  std::function<std::string(size_t Role, size_t Program)> Source;
  /// Its Stack PTX text (any line breaks are made blanks); empty: none.
  std::function<std::string(size_t Role, size_t Program)> Text;
  /// File name in the output folder of each cached cubin (by cache path).
  const std::map<std::string, std::string> *CachedNames = nullptr;
  /// The assembler and its version (CubinBackend::version()), on every row:
  /// the driver that loads the cubins must read what it made.
  std::string Assembler;
  /// The assembler options program P was compiled with, on one line
  /// (assemblerOptionsText); unset: "-".
  std::function<std::string(size_t Program)> Options;
  /// Per module of the output folder (by index), its kernels' resources
  /// (parseKernelResources of a verbose compile); null: not asked.
  const std::map<size_t, std::vector<backends::KernelResources>>
      *ModuleResources = nullptr;
};

/// Sources and texts from the files a batch read; programs no file gave
/// are the random ones of seeds Seed, Seed + 1, ... per role.
void describeInputs(const VariantInputs &In, unsigned long long Seed,
                    ManifestSources &S);

/// The rows of manifest.tsv, a program at a time: a running batch appends
/// a module's rows as it finishes, so a killed run leaves a manifest of
/// what it finished.
class ManifestRows {
public:
  explicit ManifestRows(const ManifestSources &S);
  static const char *header();
  /// Program P's rows (one per inject of its variant), each ending in a
  /// newline. Failed: its failure, null when it has code.
  std::string rows(size_t P, const ProgramPlace &Place,
                   const VariantFailure *Failed) const;

private:
  const ManifestSources &S;
  std::vector<std::string> InjectEntries; // per inject: its entry functions
};

/// Appends whole lines to a file from many threads: each append is one
/// write(2) of complete lines to an O_APPEND descriptor, so a reader (or a
/// run killed midway) sees whole lines only. Best effort: the finished
/// batch rewrites the file whole.
class ManifestAppender {
public:
  explicit ManifestAppender(const std::string &Path);
  ~ManifestAppender();
  ManifestAppender(const ManifestAppender &) = delete;
  ManifestAppender &operator=(const ManifestAppender &) = delete;
  void append(std::string_view Lines);

private:
  int Fd = -1;
  std::mutex Lock;
};

/// The manifest.tsv text for a finished batch.
std::string manifestTsv(const ManifestSources &S, const VariantReport &Report);

/// Every program, one variant per line in the --programs form ('NAME: prog
/// ; NAME: prog' with several injects per variant), after Header.
std::string programsFile(const ManifestSources &S, size_t Variants,
                         const std::string &Header);

/// "module_000012.cubin" and the like.
std::string numbered(const char *Prefix, size_t N, const char *Suffix);

/// Creates the output folder and any folder above it that is missing.
Error makeOutputFolder(const std::string &Dir);

/// Writes module Index's files into Dir: its cubin (when it has one) and its
/// PTX (when Ptx is given), each all or nothing.
Error writeModuleFiles(const std::string &Dir, size_t Index,
                       std::string_view Cubin, const std::string_view *Ptx);

/// Puts the cache's cubins that Places name into OutDir as
/// cached_HASH.cubin (a hard link, else a copy); returns the file name per
/// cached path.
Expected<std::map<std::string, std::string>>
linkCachedCubins(const std::vector<ProgramPlace> &Places,
                 const std::string &OutDir);

} // namespace ptxinject::variants

#endif
