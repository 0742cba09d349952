//===- SiteManifestWriter.h - Write the emitted sites' list -----*- C++ -*-===//
//
// The site manifest: every site the front end turned into asm, with its
// source position and operands, so `ptxinject inspect --manifest` can name
// the sites the optimizer removed from the PTX. Format:
// {"version":1,"sites":[{"name":"func","file":"k.cu","line":12,"column":5,
//   "operands":[{"label":"x","kind":"in","type":"F32"}]}]}
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_FRONTEND_SITEMANIFESTWRITER_H
#define PTXINJECT_FRONTEND_SITEMANIFESTWRITER_H

#include "ptxinject/site/Site.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace ptxinject {
namespace frontend {

struct ManifestEntry {
  ptxinject::Site S;
  std::string File;
  unsigned Line = 0;
  unsigned Column = 0;
  /// Written as asm volatile: the optimizer keeps it even with unused
  /// outputs, so a site missing from the PTX was never emitted.
  bool Volatile = true;
};

class SiteManifest {
public:
  void add(ManifestEntry E) { Entries.push_back(std::move(E)); }
  const std::vector<ManifestEntry> &entries() const { return Entries; }

  /// Writes the JSON document (pretty-printed, one trailing newline).
  void print(llvm::raw_ostream &OS) const;
  /// Writes the JSON document to Path atomically (temporary + rename).
  llvm::Error writeTo(llvm::StringRef Path) const;

private:
  std::vector<ManifestEntry> Entries;
};

} // namespace frontend
} // namespace ptxinject

#endif
