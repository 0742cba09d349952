//===- VariantCache.h - Compiled programs kept across runs ------*- C++ -*-===//
//
// A search compiles the same programs again run after run (the same seeds,
// the winners of the last round). The cache maps a program, as compiled for
// one kernel, back end, architecture, options and toolkit version, to a
// cubin that holds its code and the site it sits at, so that no program is
// compiled twice. Plain files, written through a temporary and a rename, so
// threads and processes may share one folder; every entry is checked (sizes
// and the cubin's hash) before it is used, and a damaged one is recompiled.
// The folder stays within a bound (VariantCacheFolder.h), checked as stores
// add to it; a cubin found is pinned for as long as the cache's pins live.
// The layout is in docs/variants.md.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_VARIANTCACHE_H
#define PTXINJECT_VARIANTCACHE_H

#include "ptxinject/backends/CubinBackend.h"
#include "ptxinject/support/Error.h"
#include "ptxinject/variants/ContentHash.h"
#include "ptxinject/variants/VariantCacheFolder.h"

#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace ptxinject::variants {

/// What decides a cubin besides the program: the kernel's PTX before
/// injection, the back end's name and version, the architecture and the
/// compiler options.
Hash128 variantCacheContext(std::string_view KernelPtx,
                            const CubinBackend &Backend);

/// $XDG_CACHE_HOME/ptxinject/variants, else $HOME/.cache/ptxinject/variants;
/// empty when neither variable is set.
std::string defaultVariantCacheDir();

class VariantCache {
public:
  /// Where a cached program's code is.
  struct Site {
    /// The inject that holds the program (with several injects per
    /// variant: the first; the others are the variant's own injects).
    std::string Inject;
    /// Its place among the packed sites of the run that compiled it.
    size_t PackIndex = 0;
  };
  struct Hit {
    /// The cubin, pinned (VariantCachePins): valid while pins() lives.
    std::string CubinPath;
    Site Where;
  };
  enum class Found { Miss, Hit, Damaged };

  /// The folder need not exist; it is created by the first store.
  /// MaxBytes: the folder's bound (0: none); without it the folder's
  /// cache.conf or the default (variantCacheMaxBytes), read at the first
  /// store.
  explicit VariantCache(std::string Dir,
                        std::optional<std::uint64_t> MaxBytes = std::nullopt);

  /// The key of a program (its VariantCodeHasher hash) under a context.
  static Hash128 key(const Hash128 &Context, const Hash128 &Code);

  /// Damaged: an entry is there but does not hold together (truncated,
  /// not this format, its cubin missing or of another size or hash); the
  /// caller compiles the program again and stores it over the entry.
  /// Thread-safe.
  /// A hit marks the entry and its cubin used (least recently used goes
  /// first) and pins the cubin. An entry whose cubin has been trimmed is a
  /// miss.
  Found lookup(const Hash128 &Key, Hit &Out);

  /// Stores a cubin under the hash of its bytes, and returns that hash.
  /// Thread-safe, and safe against other processes storing the same.
  Expected<Hash128> storeCubin(const std::vector<char> &Cubin);
  /// Points Key at a cubin stored with storeCubin.
  Error storeEntry(const Hash128 &Key, const Hash128 &CubinHash,
                   size_t CubinSize, const Site &Where);

  const std::string &dir() const { return Dir; }
  /// The cubins this cache found, held for as long as the pointer lives
  /// (the batch report keeps it, so its cached paths stay valid).
  const std::shared_ptr<VariantCachePins> &pins() const { return Pins; }
  /// A cache.conf that did not read (the default bound was used), or "".
  std::string configProblem();
  /// Trims the folder now if the stores of this object may have taken it
  /// over its bound (they check as they go; this is for a caller that
  /// wants it settled).
  void settle();
  std::string cubinPath(const Hash128 &CubinHash) const;
  std::string entryPath(const Hash128 &Key) const;

private:
  bool cubinIsSound(const Hash128 &CubinHash, size_t Size,
                    const std::string &Path);
  /// Counts Bytes just stored and trims when the folder may be over.
  void added(std::uint64_t Bytes);
  void loadBound();
  /// mkdir -p, once per folder and cache object (a store per program
  /// would otherwise retry every level of the path).
  Error ensureDirectory(const std::string &Path);

  std::string Dir;
  std::mutex Lock;
  /// Cubins checked in this process: hashing each once is enough.
  std::unordered_map<Hash128, bool, Hash128Hasher> Checked;
  std::unordered_set<std::string> Made;
  std::shared_ptr<VariantCachePins> Pins;

  // The bound (VariantCacheFolder.h), read at the first store: Base is the
  // folder's size at the last scan, Added what this object stored since.
  std::optional<std::uint64_t> RequestedMax;
  std::mutex BoundLock; // held by the one thread that checks or trims
  bool BoundLoaded = false;
  std::uint64_t Max = 0, Base = 0;
  std::string ConfigProblem;
  std::atomic<std::uint64_t> Added{0};
};

} // namespace ptxinject::variants

#endif
