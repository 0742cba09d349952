//===- PreludeStamp.cpp - What a cached PCH was built from ----------------===//
#include "ptxinject/Frontend/Prelude/PreludeStamp.h"

#include "llvm/ADT/SmallVector.h"

#include <tuple>

namespace ptxinject {
namespace frontend {

namespace {

constexpr llvm::StringLiteral Magic = "ptxinject-prelude 3";

std::string formatFileStamp(const FileStamp &S) {
  return std::to_string(S.Size) + " " + std::to_string(S.ModTimeNs) + " " +
         std::to_string(S.Device) + " " + std::to_string(S.Inode);
}

/// Reads the four numbers of formatFileStamp from the front of Text and
/// drops them and the space after them.
bool parseFileStamp(llvm::StringRef &Text, FileStamp &S) {
  llvm::StringRef Size, Time, Device, Inode;
  std::tie(Size, Text) = Text.split(' ');
  std::tie(Time, Text) = Text.split(' ');
  std::tie(Device, Text) = Text.split(' ');
  std::tie(Inode, Text) = Text.split(' ');
  return !Size.getAsInteger(10, S.Size) &&
         !Time.getAsInteger(10, S.ModTimeNs) &&
         !Device.getAsInteger(10, S.Device) && !Inode.getAsInteger(10, S.Inode);
}

} // namespace

std::string formatStampBody(const PreludeStamp &S) {
  std::string Text;
  for (const auto &[Path, Stamp] : S.Files)
    Text += "file " + formatFileStamp(Stamp) + " " + Path + "\n";
  for (const std::string &Path : S.Absent)
    Text += "absent " + Path + "\n";
  return Text;
}

std::string formatPreludeStamp(const PreludeStamp &S) {
  return Magic.str() + "\n" + S.PchName + "\npch " +
         (S.Pch ? formatFileStamp(*S.Pch) : std::string("-")) + "\n" +
         formatStampBody(S);
}

std::optional<PreludeStamp> parsePreludeStamp(llvm::StringRef Text) {
  llvm::SmallVector<llvm::StringRef, 0> Lines;
  Text.split(Lines, '\n', -1, /*KeepEmpty=*/false);
  if (Lines.size() < 3 || Lines[0] != Magic)
    return std::nullopt;
  PreludeStamp S;
  // A stamp names a file of its own folder, never a path.
  llvm::StringRef Name = Lines[1];
  if (Name.empty() || Name.contains('/') || Name.contains('\\'))
    return std::nullopt;
  S.PchName = Name.str();
  llvm::StringRef PchLine = Lines[2];
  if (!PchLine.consume_front("pch "))
    return std::nullopt;
  if (S.PchName == PreludeStamp::NoPch) {
    if (PchLine != "-")
      return std::nullopt;
  } else {
    FileStamp Pch;
    if (!parseFileStamp(PchLine, Pch) || !PchLine.empty())
      return std::nullopt;
    S.Pch = Pch;
  }
  for (size_t I = 3; I < Lines.size(); ++I) {
    llvm::StringRef Line = Lines[I];
    if (Line.consume_front("absent ")) {
      if (Line.empty())
        return std::nullopt;
      S.Absent.push_back(Line.str());
      continue;
    }
    FileStamp F;
    if (!Line.consume_front("file ") || !parseFileStamp(Line, F) ||
        Line.empty())
      return std::nullopt;
    S.Files.emplace_back(Line.str(), F);
  }
  return S;
}

} // namespace frontend
} // namespace ptxinject
