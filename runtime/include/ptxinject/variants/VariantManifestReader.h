//===- VariantManifestReader.h - manifest.tsv read back ---------*- C++ -*-===//
//
// What `ptxinject variants` wrote to OUT/manifest.tsv (docs/variants.md), read
// back by whatever loads the cubins it names: a GPU runner, a search resuming
// after a crash, a person's script through Python. The file may come from a
// run that was killed while appending (its last line cut short: dropped and
// reported) or from anyone who edited it, so every field is checked and a
// module is a plain file name, never a path.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_VARIANTMANIFESTREADER_H
#define PTXINJECT_VARIANTMANIFESTREADER_H

#include "ptxinject/support/Error.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace ptxinject::variants {

/// The header line manifest.tsv starts with, newline included.
extern const char VariantManifestHeader[];

/// One row: one program of one variant (a variant of several injects has a
/// row per inject).
struct VariantManifestRow {
  static constexpr size_t None = static_cast<size_t>(-1);
  size_t Program = 0;
  /// module_NNNNNN.cubin or cached_HASH.cubin in the output folder; empty
  /// when the program failed.
  std::string Module;
  std::string Inject;
  bool Ok = false;
  /// Why a failed program has no code: "stub", "compile", "timeout" or
  /// "memory" (empty when it is ok, or the manifest does not say).
  std::string FailedStage;
  size_t PackIndex = 0;
  /// The entry functions holding the inject's sites.
  std::vector<std::string> Entries;
  std::string Source, Text;
  /// The earlier program whose code this one runs; None: its own.
  size_t SameAs = None;
  /// "compiled", "cache" or "" (failed).
  std::string Origin;
  /// The assembler that made (or was to make) its cubin and its version
  /// ("nvPTXCompiler 13.0"); empty in a manifest written before the column.
  std::string Assembler;
  /// The assembler options it was compiled with ("-O3 -maxrregcount=64");
  /// empty in a manifest written before the column.
  std::string Options;
  /// Per entry function of Entries, in order, what the compiler reported
  /// (`ptxinject variants --resources`); empty when not asked for.
  struct KernelUse {
    size_t Registers = 0, SpillStoreBytes = 0, SpillLoadBytes = 0;
  };
  std::vector<KernelUse> Resources;
};

struct VariantManifest {
  std::vector<VariantManifestRow> Rows;
  /// The last line had no newline (a run killed while appending): it was
  /// left out.
  bool Truncated = false;
};

/// Parses manifest.tsv. An error names the line and the column (1-based)
/// of the first field that is not as `ptxinject variants` writes it.
Expected<VariantManifest> parseVariantManifest(std::string_view Text);

} // namespace ptxinject::variants

#endif
