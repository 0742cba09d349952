//===- SiteManifest.h - The front end's list of inject sites ----*- C++ -*-===//
//
// The rewriter and plugin write a manifest of every site they expanded, with
// its source place. Comparing it with the PTX finds sites the optimizer
// removed (an asm whose outputs are unused), which would otherwise vanish
// without a word.
//
// Format: {"version":1,"sites":[{"name":"func","file":"k.cu","line":12,
//          "column":5,"operands":[{"label":"x","kind":"in","type":"F32"}]}]}
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_SITEMANIFEST_H
#define PTXINJECT_SITEMANIFEST_H

#include "ptxinject/module/Module.h"
#include "ptxinject/module/RuntimeError.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ptxinject::manifest {

struct ManifestOperand {
  std::string Label;
  std::string Kind; ///< "in", "mod" or "out"
  std::string Type;
};

struct ManifestSite {
  std::string Name;
  std::string File;
  unsigned Line = 0;
  unsigned Column = 0;
  std::vector<ManifestOperand> Operands;
  /// Whether the front end wrote the site as asm volatile; unknown in a
  /// manifest that does not say.
  std::optional<bool> Volatile;
};

struct SiteManifest {
  std::vector<ManifestSite> Sites;

  /// Reads the JSON form. Errors carry the manifest's line and column.
  static Expected<SiteManifest> parse(std::string_view Json);
};

/// Manifest sites whose name has no site in M, in manifest order.
std::vector<const ManifestSite *> findMissingSites(const Module &M,
                                                   const SiteManifest &Sites);

/// "FILE:LINE:COL: error: inject site 'NAME' is missing from the PTX: ..."
std::string describeMissingSite(const ManifestSite &Site);

} // namespace ptxinject::manifest

#endif
