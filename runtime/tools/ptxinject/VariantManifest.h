//===- VariantManifest.h - What ptxinject variants wrote -------*- C++ -*-===//
//
// manifest.tsv: one row per program (a variant has one per inject) with the
// cubin and site holding its code (its own, an earlier equal program's, or
// a cached one), status, the entry functions that run it, and where it came
// from, so a winner of a search can be found, launched and compiled again.
// While a batch runs, the rows of each finished module are appended, whole
// lines at a time; the finished batch rewrites it whole, in program order.
// random.stack: generated programs as a --programs file.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_TOOLS_VARIANTMANIFEST_H
#define PTXINJECT_TOOLS_VARIANTMANIFEST_H

#include "VariantInputs.h"

#include "ptxinject/module/Module.h"
#include "ptxinject/variants/VariantCompiler.h"

#include <map>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace ptxinject {
namespace tool {

struct ManifestSources {
  const Module *Kernel = nullptr;
  std::string_view Ptx; // the kernel's PTX (entry functions)
  const VariantInputs *Inputs = nullptr;
  std::vector<size_t> Slots; // as compileVariants used them
  size_t Pack = 1;
  unsigned long long Seed = 0; // of --random; source r used Seed + r
  /// File name in the output folder of each cached cubin (by cache path).
  const std::map<std::string, std::string> *CachedNames = nullptr;
};

/// The rows of manifest.tsv, a program at a time: a running batch appends
/// a module's rows as it finishes, so a killed run leaves a manifest of
/// what it finished.
class ManifestRows {
public:
  explicit ManifestRows(const ManifestSources &S);
  static const char *header();
  /// Program P's rows (one per inject of its variant), each ending in a
  /// newline.
  std::string rows(size_t P, const variants::ProgramPlace &Place,
                   bool Failed) const;

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
std::string manifestTsv(const ManifestSources &S,
                        const variants::VariantReport &Report);

/// Every program, one variant per line in the --programs form ('NAME: prog
/// ; NAME: prog' with several injects per variant), after Header.
std::string programsFile(const ManifestSources &S, size_t Variants,
                         const std::string &Header);

/// "module_000012.cubin" and the like.
std::string numbered(const char *Prefix, size_t N, const char *Suffix);

} // namespace tool
} // namespace ptxinject

#endif
