//===- VariantCacheFolder.h - The cache kept within a bound -----*- C++ -*-===//
//
// A search writes one entry per program and one cubin per module, millions
// over days. The folder is bounded as ccache bounds its own: a maximum size
// on disk (the folder's cache.conf, an option, or 5G), least recently used
// out first, trimmed to 90 % of the bound whenever a process finds it over.
// Several processes share a folder; only one trims at a time (a lock file),
// and a cubin that a reader found is pinned (a hard link in the reader's own
// pins/ folder) so that trimming never takes it from under the reader.
// Leftovers of killed processes (temporary files, pin folders) are counted
// and removed. The layout is in docs/variants.md.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_VARIANTCACHEFOLDER_H
#define PTXINJECT_VARIANTCACHEFOLDER_H

#include "ptxinject/support/Error.h"

#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_set>

namespace ptxinject::variants {

/// The bound of a cache folder that sets none.
constexpr std::uint64_t DefaultVariantCacheMaxBytes = 5ull << 30;

/// What a cache folder holds: its files' bytes on disk (blocks, as du
/// counts them; a file pinned by a reader counts once), its own files
/// (cache.conf, size, lock) included. The subfolders are left out, as
/// ccache leaves them out: at most 259 of them, about 1 MB.
struct VariantCacheUsage {
  std::uint64_t Bytes = 0;
  std::size_t Entries = 0;
  std::size_t Cubins = 0;
  /// Temporary files of writes in progress or of killed writers.
  std::size_t TempFiles = 0;
  /// Pin folders of running readers (their cubins count once, in Bytes).
  std::size_t PinFolders = 0;
};

/// What a trim did.
struct VariantCacheTrim {
  VariantCacheUsage Before, After;
  std::size_t RemovedEntries = 0, RemovedCubins = 0;
  /// Temporary files and pin folders of processes that are gone.
  std::size_t RemovedLeftovers = 0;
  /// False when another process held the lock (nothing was done).
  bool Ran = false;
};

/// The settings of a folder's cache.conf: lines `max_size = SIZE` (ByteSize
/// syntax; 0: no bound), blank lines and `#` comments. Any other line is an
/// error naming its line.
struct VariantCacheConfig {
  std::optional<std::uint64_t> MaxBytes;
};
Expected<VariantCacheConfig> parseVariantCacheConfig(std::string_view Text);

/// DIR/cache.conf read (an absent file is an empty config).
Expected<VariantCacheConfig> readVariantCacheConfig(const std::string &Dir);

/// Sets max_size in DIR/cache.conf (created with the folder when absent;
/// other lines are kept).
Error writeVariantCacheMaxSize(const std::string &Dir, std::uint64_t Bytes);

/// The bound in force: Requested when given, else the folder's cache.conf,
/// else DefaultVariantCacheMaxBytes. A cache.conf that does not read is
/// reported in Problem (when given) and the default is used.
std::uint64_t variantCacheMaxBytes(const std::string &Dir,
                                   std::optional<std::uint64_t> Requested,
                                   std::string *Problem = nullptr);

/// Walks the folder.
VariantCacheUsage scanVariantCache(const std::string &Dir);

/// Removes the leftovers of processes that are gone and, when the folder
/// holds more than Max bytes, least recently used entries and cubins until
/// it holds 90 % of Max. Max 0 means no bound. Takes the folder's lock;
/// with Wait false, returns at once (Ran false) when another process
/// holds it.
VariantCacheTrim trimVariantCache(const std::string &Dir, std::uint64_t Max,
                                  bool Wait = true);

/// Removes every entry and cubin (pins of running readers stay).
VariantCacheTrim clearVariantCache(const std::string &Dir);

/// The usage the last scan of the folder found (DIR/size), by any process;
/// none when no scan has been recorded.
std::optional<std::uint64_t>
lastScannedVariantCacheBytes(const std::string &Dir);

/// A reader's hold on the cubins it found: hard links in DIR/pins/ID/,
/// removed when the object goes. Thread-safe.
class VariantCachePins {
public:
  explicit VariantCachePins(std::string CacheDir);
  ~VariantCachePins();
  VariantCachePins(const VariantCachePins &) = delete;
  VariantCachePins &operator=(const VariantCachePins &) = delete;

  /// A path that holds Cubin's bytes for as long as this object lives
  /// (Name: the file name to give it); empty when Cubin is gone.
  std::string pin(const std::string &Cubin, const std::string &Name);

private:
  std::string CacheDir, Dir;
  std::mutex Lock;
  std::unordered_set<std::string> Pinned;
  bool Made = false;
};

} // namespace ptxinject::variants

#endif
