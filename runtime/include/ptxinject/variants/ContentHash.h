//===- ContentHash.h - A stable 128-bit hash of bytes -----------*- C++ -*-===//
//
// Names things by their content: a program's stubs (to find duplicates in a
// batch), a cache key, a cached cubin (whose file name is the hash of its
// bytes, so a damaged file is told by hashing it again). FNV-1a with the
// 128-bit parameters: simple, the same on every platform and run (the cache
// is shared between processes and runs), and far from any cost that shows
// next to a PTX compile. Not a defence against crafted collisions.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_CONTENTHASH_H
#define PTXINJECT_CONTENTHASH_H

#include <cstdint>
#include <string>
#include <string_view>

namespace ptxinject::variants {

struct Hash128 {
  uint64_t Hi = 0, Lo = 0;

  /// 32 lowercase hex digits, high half first.
  std::string hex() const;
  /// Reads hex(); false for anything else.
  static bool fromHex(std::string_view Text, Hash128 &Out);

  bool operator==(const Hash128 &O) const { return Hi == O.Hi && Lo == O.Lo; }
  bool operator!=(const Hash128 &O) const { return !(*this == O); }
};

/// Incremental FNV-1a/128. Feed pieces with add(); a piece's length is not
/// mixed in, so callers that hash several fields separate them (field()).
class ContentHasher {
public:
  ContentHasher();
  ContentHasher &add(std::string_view Bytes);
  /// The field's bytes and then its length, so ("ab","c") and ("a","bc")
  /// hash differently.
  ContentHasher &field(std::string_view Bytes);
  Hash128 result() const;

private:
  unsigned __int128 State;
};

inline Hash128 hashBytes(std::string_view Bytes) {
  return ContentHasher().add(Bytes).result();
}

/// For unordered containers keyed by a Hash128.
struct Hash128Hasher {
  size_t operator()(const Hash128 &H) const {
    return static_cast<size_t>(H.Lo ^ (H.Hi * 0x9E3779B97F4A7C15ull));
  }
};

} // namespace ptxinject::variants

#endif
