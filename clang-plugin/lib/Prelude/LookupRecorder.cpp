//===- LookupRecorder.cpp - What a header search looked at ----------------===//
#include "ptxinject/Frontend/Prelude/LookupRecorder.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Errc.h"
#include "llvm/Support/Path.h"

#include <algorithm>

namespace ptxinject {
namespace frontend {

const char LookupRecorder::ID = 0;

void LookupRecorder::noteAbsent(const llvm::Twine &Path, std::error_code EC) {
  // Only a path that may later exist: not one refused (permissions) or
  // unreadable, which an uncached parse would not read either.
  if (EC != llvm::errc::no_such_file_or_directory &&
      EC != llvm::errc::not_a_directory)
    return;
  llvm::SmallString<256> P;
  Path.toVector(P);
  if (makeAbsolute(P))
    return;
  llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/false);
  Absent.insert(P);
}

void LookupRecorder::noteFound(const llvm::vfs::Status &S) {
  if (S.isRegularFile())
    Found.try_emplace(S.getUniqueID(), S);
}

llvm::ErrorOr<llvm::vfs::Status>
LookupRecorder::status(const llvm::Twine &Path) {
  auto S = ProxyFileSystem::status(Path);
  if (S)
    noteFound(*S);
  else
    noteAbsent(Path, S.getError());
  return S;
}

bool LookupRecorder::exists(const llvm::Twine &Path) {
  // Through status, so an absent path is noted.
  return bool(status(Path));
}

llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>>
LookupRecorder::openFileForRead(const llvm::Twine &Path) {
  auto F = ProxyFileSystem::openFileForRead(Path);
  if (!F) {
    noteAbsent(Path, F.getError());
    return F;
  }
  // The FileManager asks an opened file for its status too: one more fstat
  // of a file already open.
  if (auto S = (*F)->status())
    noteFound(*S);
  return F;
}

std::vector<std::string>
LookupRecorder::absentPaths(llvm::StringRef ExcludedDir) const {
  std::vector<std::string> Paths;
  Paths.reserve(Absent.size());
  for (const auto &E : Absent) {
    llvm::StringRef P = E.getKey();
    if (!ExcludedDir.empty() && P.starts_with(ExcludedDir) &&
        (P.size() == ExcludedDir.size() ||
         llvm::sys::path::is_separator(P[ExcludedDir.size()])))
      continue;
    Paths.push_back(P.str());
  }
  std::sort(Paths.begin(), Paths.end());
  return Paths;
}

const llvm::vfs::Status *
LookupRecorder::firstSeen(llvm::sys::fs::UniqueID Id) const {
  auto It = Found.find(Id);
  return It == Found.end() ? nullptr : &It->second;
}

} // namespace frontend
} // namespace ptxinject
