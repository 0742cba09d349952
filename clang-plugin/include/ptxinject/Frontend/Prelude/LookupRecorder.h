//===- LookupRecorder.h - What a header search looked at -------*- C++ -*-===//
//
// A precompiled header stays right only while every file it was built from
// is unchanged AND no file appears where the build looked and found nothing:
// a header newly placed earlier on the include path, in the input's folder
// for a quoted include, or where a `__has_include` probed, would be read by
// an uncached parse instead. Clang's FileManager keeps only the files it
// found, so this file system, placed between it and the real one while the
// PCH is built, notes both:
//  - the paths a look-up did not find (no such file, or a part of the path
//    is not a folder), absolute;
//  - the status (size, time in nanoseconds, unique id) of each file as Clang
//    first saw it, so a stamp records what Clang read, not what is on disk
//    once the build ends.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_FRONTEND_LOOKUPRECORDER_H
#define PTXINJECT_FRONTEND_LOOKUPRECORDER_H

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem/UniqueID.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <map>
#include <string>
#include <vector>

namespace ptxinject {
namespace frontend {

class LookupRecorder
    : public llvm::RTTIExtends<LookupRecorder, llvm::vfs::ProxyFileSystem> {
public:
  static const char ID;
  explicit LookupRecorder(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS)
      : RTTIExtends(std::move(FS)) {}

  llvm::ErrorOr<llvm::vfs::Status> status(const llvm::Twine &Path) override;
  bool exists(const llvm::Twine &Path) override;
  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>>
  openFileForRead(const llvm::Twine &Path) override;

  /// Every absolute path a look-up did not find, sorted, each once, except
  /// those under ExcludedDir (when not empty).
  std::vector<std::string> absentPaths(llvm::StringRef ExcludedDir) const;

  /// The status of a file with this id as first seen, or null.
  const llvm::vfs::Status *firstSeen(llvm::sys::fs::UniqueID Id) const;

private:
  void noteAbsent(const llvm::Twine &Path, std::error_code EC);
  void noteFound(const llvm::vfs::Status &S);

  llvm::StringSet<> Absent;
  std::map<llvm::sys::fs::UniqueID, llvm::vfs::Status> Found;
};

} // namespace frontend
} // namespace ptxinject

#endif
