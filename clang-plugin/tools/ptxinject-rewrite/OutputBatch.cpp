//===- OutputBatch.cpp - Write every output of a run, or none -------------===//
#include "OutputBatch.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <algorithm>

namespace ptxinject {
namespace rewrite {

namespace {

void removeAll(const std::vector<std::string> &Paths) {
  for (const std::string &P : Paths)
    llvm::sys::fs::remove(P);
}

// Writes Text to a new temporary in Path's folder; its name in TempPath.
std::error_code writeTemporary(const std::string &Path, const std::string &Text,
                               std::string &TempPath) {
  llvm::SmallString<256> Model(Path);
  Model += ".tmp-%%%%%%%%";
  int FD = -1;
  llvm::SmallString<256> Temp;
  if (std::error_code EC = llvm::sys::fs::createUniqueFile(Model, FD, Temp))
    return EC;
  TempPath = std::string(Temp);
  llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
  OS << Text;
  OS.close();
  if (OS.has_error()) {
    std::error_code EC = OS.error();
    OS.clear_error();
    return EC;
  }
  return {};
}

} // namespace

bool OutputBatch::commit(llvm::raw_ostream &Errs) const {
  std::vector<std::string> Temporaries, Placed;
  auto Fail = [&](const std::string &Path, std::error_code EC) {
    Errs << "error: cannot write '" << Path << "': " << EC.message()
         << "; no output was written\n";
    removeAll(Temporaries);
    removeAll(Placed);
    return false;
  };
  std::vector<std::pair<std::string, std::string>> Renames; // temp, place
  for (const auto &[Path, Text] : Outputs) {
    if (Path == "-")
      continue;
    std::string Temp;
    if (std::error_code EC = writeTemporary(Path, Text, Temp))
      return Fail(Path, EC);
    Temporaries.push_back(Temp);
    Renames.emplace_back(Temp, Path);
  }
  for (const auto &[Temp, Path] : Renames) {
    if (std::error_code EC = llvm::sys::fs::rename(Temp, Path))
      return Fail(Path, EC);
    Temporaries.erase(std::find(Temporaries.begin(), Temporaries.end(), Temp));
    Placed.push_back(Path);
  }
  for (const auto &[Path, Text] : Outputs)
    if (Path == "-")
      llvm::outs() << Text;
  llvm::outs().flush();
  return true;
}

} // namespace rewrite
} // namespace ptxinject
