//===- PreludeStamp.h - What a cached PCH was built from -------*- C++ -*-===//
//
// Beside each cached PCH (PreludeCache.h) a stamp lists what it was built
// from: every file Clang read, with its size, time in nanoseconds and unique
// id, and every path Clang looked up and did not find. A later run reuses
// the PCH only if all of it still holds. The stamp is a text file in the
// cache folder, so it is read as untrusted input: this is its format alone,
// kept apart from the file system checks (and fuzzed: test/fuzz).
//
//   ptxinject-prelude 3
//   NAME                 the PCH's file name in the cache folder, or "-"
//   pch STAMP            the PCH's own stamp, or "pch -" for no PCH
//   file STAMP PATH      each file read
//   absent PATH          each path not found
//
// where STAMP is "SIZE TIME_NS DEVICE INODE".
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_FRONTEND_PRELUDESTAMP_H
#define PTXINJECT_FRONTEND_PRELUDESTAMP_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ptxinject {
namespace frontend {

/// What a stamp checks of a file: its size, its time in nanoseconds and its
/// unique id (device, inode), so a same-size edit within one second and a
/// file replaced by a rename are both seen.
struct FileStamp {
  uint64_t Size = 0;
  int64_t ModTimeNs = 0;
  uint64_t Device = 0, Inode = 0;
  bool operator==(const FileStamp &O) const {
    return Size == O.Size && ModTimeNs == O.ModTimeNs && Device == O.Device &&
           Inode == O.Inode;
  }
};

struct PreludeStamp {
  /// The PCH's file name, or NoPch when the block is not precompiled.
  std::string PchName;
  /// The PCH's own stamp; none with NoPch.
  std::optional<FileStamp> Pch;
  std::vector<std::pair<std::string, FileStamp>> Files;
  std::vector<std::string> Absent;

  static constexpr llvm::StringLiteral NoPch = "-";
  bool operator==(const PreludeStamp &O) const {
    return PchName == O.PchName && Pch == O.Pch && Files == O.Files &&
           Absent == O.Absent;
  }
};

/// The file and absent lines: what the PCH was built from, hashed into its
/// name.
std::string formatStampBody(const PreludeStamp &S);

/// The whole stamp file. Paths must not hold a line break, and a name
/// neither a line break nor a path separator (buildPrelude refuses those).
std::string formatPreludeStamp(const PreludeStamp &S);

/// Reads a stamp file; none when it is not one of this version, names its
/// PCH by a path instead of a file name, or has a malformed line.
std::optional<PreludeStamp> parsePreludeStamp(llvm::StringRef Text);

} // namespace frontend
} // namespace ptxinject

#endif
