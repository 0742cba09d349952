//===- SiteFreeSource.cpp - A source no site reaches, found without Clang -===//
#include "ptxinject/Frontend/Parse/SiteFreeSource.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <optional>
#include <vector>

namespace ptxinject {
namespace frontend {

namespace {

using llvm::StringRef;

constexpr StringRef SiteWord = "PTX_INJECT";

struct IncludeDirective {
  std::string Name;
  bool Quoted = false;
};

/// The #include and #include_next directives of Text, in order; none when
/// one names its header through a macro. Directives in comments or in
/// inactive #if branches are read too, which only makes the answer more
/// careful.
std::optional<std::vector<IncludeDirective>> includesOf(StringRef Text) {
  std::vector<IncludeDirective> Out;
  while (!Text.empty()) {
    auto [Line, Rest] = Text.split('\n');
    Text = Rest;
    Line = Line.ltrim(" \t");
    if (!Line.consume_front("#"))
      continue;
    Line = Line.ltrim(" \t");
    if (!Line.consume_front("include"))
      continue;
    Line.consume_front("_next");
    Line = Line.ltrim(" \t");
    if (Line.empty())
      continue;
    char Close = Line.front() == '"' ? '"' : Line.front() == '<' ? '>' : 0;
    size_t End = Close ? Line.find(Close, 1) : StringRef::npos;
    if (End == StringRef::npos)
      return std::nullopt; // #include MACRO, or a name left open
    Out.push_back({Line.substr(1, End - 1).str(), Close == '"'});
  }
  return Out;
}

/// The folders of -I and -iquote (joined or apart), and the -include files.
void userPaths(llvm::ArrayRef<std::string> Args, StringRef Cwd,
               std::vector<std::string> &Dirs,
               std::vector<std::string> &PreIncludes) {
  auto absolute = [&](StringRef P) {
    llvm::SmallString<256> A(P);
    if (!Cwd.empty())
      llvm::sys::fs::make_absolute(Cwd, A);
    else
      llvm::sys::fs::make_absolute(A);
    return std::string(A);
  };
  for (size_t I = 0; I < Args.size(); ++I) {
    StringRef A = Args[I];
    for (StringRef Flag : {"-iquote", "-I", "-include"}) {
      if (!A.starts_with(Flag))
        continue;
      StringRef Value = A.drop_front(Flag.size());
      if (Value.empty() && I + 1 < Args.size())
        Value = Args[++I];
      if (Value.empty())
        break;
      (Flag == "-include" ? PreIncludes : Dirs).push_back(absolute(Value));
      break;
    }
  }
}

} // namespace

bool isMarkerHeaderPath(StringRef Path) {
  StringRef Name = llvm::sys::path::filename(Path);
  return Name.starts_with("ptx_inject") && Name.ends_with(".h");
}

bool isSiteFreeSource(StringRef Source, StringRef Path,
                      llvm::ArrayRef<std::string> Args,
                      StringRef WorkingDirectory) {
  if (Source.contains(SiteWord))
    return false;
  std::vector<std::string> Dirs, PreIncludes;
  userPaths(Args, WorkingDirectory, Dirs, PreIncludes);

  llvm::StringSet<> Seen;
  // Each file to read: its path, or empty for Source itself.
  std::vector<std::string> Work{""};
  for (const std::string &P : PreIncludes)
    Work.push_back(P);
  while (!Work.empty()) {
    std::string File = std::move(Work.back());
    Work.pop_back();
    std::unique_ptr<llvm::MemoryBuffer> Buffer;
    StringRef Text = Source, Folder = llvm::sys::path::parent_path(Path);
    if (!File.empty()) {
      if (!Seen.insert(File).second || isMarkerHeaderPath(File))
        continue;
      auto Read = llvm::MemoryBuffer::getFile(File, /*IsText=*/true);
      if (!Read)
        return false;
      Buffer = std::move(*Read);
      Text = Buffer->getBuffer();
      if (Text.contains(SiteWord))
        return false;
      Folder = llvm::sys::path::parent_path(File);
    }
    std::optional<std::vector<IncludeDirective>> Includes = includesOf(Text);
    if (!Includes)
      return false;
    for (const IncludeDirective &Inc : *Includes) {
      // A quoted name is looked up beside its includer first, as Clang does.
      std::vector<StringRef> Where;
      if (Inc.Quoted)
        Where.push_back(Folder);
      Where.insert(Where.end(), Dirs.begin(), Dirs.end());
      for (StringRef Dir : Where) {
        llvm::SmallString<256> Candidate(Dir);
        llvm::sys::path::append(Candidate, Inc.Name);
        if (llvm::sys::fs::is_regular_file(Candidate)) {
          llvm::sys::path::remove_dots(Candidate, /*remove_dot_dot=*/true);
          Work.push_back(std::string(Candidate));
          break;
        }
      }
    }
  }
  return true;
}

} // namespace frontend
} // namespace ptxinject
