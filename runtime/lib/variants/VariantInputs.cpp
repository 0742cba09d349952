//===- VariantInputs.cpp - Program and stub files of a batch --------------===//
#include "ptxinject/variants/VariantInputs.h"

#include "ptxinject/support/File.h"

#include <map>

using namespace ptxinject;
using namespace ptxinject::variants;

namespace {

struct Line {
  std::string Text; // comment removed
  unsigned Number;
};

// Calls Each(Line, Number) for every line of Text, without its newline.
template <class Fn> void forEachLine(const std::string &Text, Fn Each) {
  unsigned Number = 0;
  for (size_t Pos = 0; Pos < Text.size();) {
    size_t Eol = Text.find('\n', Pos);
    if (Eol == std::string::npos)
      Eol = Text.size();
    Each(Text.substr(Pos, Eol - Pos), ++Number);
    Pos = Eol + 1;
  }
}

// The lines of File that hold a program ('#' starts a comment).
std::vector<Line> programLines(const std::string &File) {
  std::vector<Line> Out;
  forEachLine(File, [&](std::string L, unsigned Number) {
    size_t Hash = L.find('#');
    if (Hash != std::string::npos)
      L.resize(Hash);
    if (L.find_first_not_of(" \t\r") != std::string::npos)
      Out.push_back({L, Number});
  });
  return Out;
}

bool isBlank(char C) { return C == ' ' || C == '\t' || C == '\r'; }

// 'NAME: program': the name when Segment starts with one (a word without
// blanks, then ':' and a blank or the end), else empty. Constants such as
// 1.5:F32 have no blank after their ':'.
std::string leadingName(const std::string &Segment, size_t &ProgramStart) {
  size_t B = 0;
  while (B < Segment.size() && isBlank(Segment[B]))
    ++B;
  size_t Colon = Segment.find(':', B);
  if (Colon == std::string::npos || Colon == B)
    return "";
  for (size_t I = B; I < Colon; ++I)
    if (isBlank(Segment[I]))
      return "";
  if (Colon + 1 < Segment.size() && !isBlank(Segment[Colon + 1]))
    return "";
  ProgramStart = Colon + 1;
  return Segment.substr(B, Colon - B);
}

Error fileError(const std::string &Path, unsigned Line, unsigned Column,
                std::string Message) {
  Error E =
      Error::make(ErrorCode::InvalidStub, std::move(Message), Line, Column);
  E.File = Path;
  return E;
}

Expected<std::string> readNamedFile(const std::string &Path) {
  Expected<std::string> Text = readFile(Path);
  if (!Text) {
    Error E = Text.error();
    E.File = Path;
    return E;
  }
  return Text;
}

StackPtxSource &addSource(VariantInputs &Out,
                          const stackptx::InstructionSet &Set) {
  auto S = std::make_unique<StackPtxSource>(Set);
  StackPtxSource &Ref = *S;
  Out.Stack.push_back(S.get());
  Out.Sources.push_back(std::move(S));
  Out.Origins.emplace_back();
  return Ref;
}

// One FILE: plain lines (one program each) or named lines.
Error readOneFile(const std::string &Path, const stackptx::InstructionSet &Set,
                  VariantInputs &Out) {
  Expected<std::string> Text = readNamedFile(Path);
  if (!Text)
    return Text.error();
  std::vector<Line> Lines = programLines(*Text);
  bool Named = false;
  for (const Line &L : Lines) {
    size_t Start = 0;
    Named |= !leadingName(L.Text, Start).empty();
  }
  if (!Named) {
    StackPtxSource &S = addSource(Out, Set);
    for (const Line &L : Lines) {
      S.addText(L.Text);
      Out.Origins[0].push_back({Path, L.Number, 1});
    }
    return Error::success();
  }
  std::map<std::string, size_t> Role;
  for (const Line &L : Lines) {
    std::vector<bool> Given(Out.Injects.size(), false);
    size_t Pos = 0;
    while (Pos <= L.Text.size()) {
      size_t End = L.Text.find(';', Pos);
      if (End == std::string::npos)
        End = L.Text.size();
      std::string Segment = L.Text.substr(Pos, End - Pos);
      unsigned Column = static_cast<unsigned>(Pos + 1);
      Pos = End + 1;
      if (Segment.find_first_not_of(" \t\r") == std::string::npos)
        continue;
      size_t Start = 0;
      std::string Name = leadingName(Segment, Start);
      if (Name.empty()) {
        return fileError(
            Path, L.Number, Column,
            "expected 'NAME: program' (this file gives programs per "
            "inject, as 'mma: x y mul.ftz.f32 ; epilogue: acc')");
      }
      auto [It, New] = Role.emplace(Name, Out.Injects.size());
      if (New) {
        if (&L != &Lines.front()) {
          return fileError(Path, L.Number, Column,
                           "inject '" + Name +
                               "' has no program on the first line; every "
                               "line gives one program for each inject");
        }
        Out.Injects.push_back(Name);
        Given.push_back(false);
        addSource(Out, Set);
      }
      size_t R = It->second;
      if (Given[R]) {
        return fileError(Path, L.Number, Column,
                         "two programs for inject '" + Name + "' on one line");
      }
      Given[R] = true;
      Out.Stack[R]->addText(std::string(Start, ' ') + Segment.substr(Start));
      Out.Origins[R].push_back({Path, L.Number, Column});
    }
    for (size_t R = 0; R < Given.size(); ++R)
      if (!Given[R])
        return fileError(Path, L.Number, 1,
                         "no program for inject '" + Out.Injects[R] +
                             "'; every line gives one program for each "
                             "inject");
  }
  return Error::success();
}

} // namespace

Error ptxinject::variants::readProgramFiles(
    const std::vector<std::string> &Args, const stackptx::InstructionSet &Set,
    VariantInputs &Out) {
  if (Args.empty())
    return Error::make(ErrorCode::InvalidArgument, "no program file given");
  bool PerInject = Args.size() > 1 || Args[0].find('=') != std::string::npos;
  if (!PerInject)
    return readOneFile(Args[0], Set, Out);
  for (const std::string &Arg : Args) {
    size_t Eq = Arg.find('=');
    if (Eq == std::string::npos || Eq == 0 || Eq + 1 == Arg.size()) {
      return Error::make(ErrorCode::InvalidArgument,
                         "several --programs take NAME=FILE each (program "
                         "files per inject), got '" +
                             Arg + "'");
    }
    std::string Name = Arg.substr(0, Eq), Path = Arg.substr(Eq + 1);
    for (const std::string &Known : Out.Injects)
      if (Known == Name) {
        return Error::make(ErrorCode::InvalidArgument,
                           "two --programs files for inject '" + Name + "'");
      }
    Expected<std::string> Text = readNamedFile(Path);
    if (!Text)
      return Text.error();
    Out.Injects.push_back(Name);
    StackPtxSource &S = addSource(Out, Set);
    for (const Line &L : programLines(*Text)) {
      S.addText(L.Text);
      Out.Origins.back().push_back({Path, L.Number, 1});
    }
    // Line i of each file is variant i: every file has as many programs.
    size_t Have = Out.Origins.back().size(), Want = Out.Origins[0].size();
    if (Have != Want) {
      return fileError(Path, 0, 0,
                       std::to_string(Have) + " programs, but " +
                           Args[0].substr(Args[0].find('=') + 1) + " has " +
                           std::to_string(Want) +
                           "; line i of each --programs NAME=FILE is a "
                           "program of variant i");
    }
  }
  return Error::success();
}

Error ptxinject::variants::readStubFile(const std::string &Path,
                                        VariantInputs &Out) {
  Expected<std::string> Read = readNamedFile(Path);
  if (!Read)
    return Read.error();
  const std::string &File = *Read;
  std::vector<std::string> Stubs;
  std::vector<ProgramOrigin> Origins;
  unsigned Start = 1;
  std::string Cur;
  auto Flush = [&] {
    if (Cur.find_first_not_of(" \t\r\n") != std::string::npos) {
      Stubs.push_back(Cur);
      Origins.push_back({Path, Start, 1});
    }
    Cur.clear();
  };
  forEachLine(File, [&](const std::string &L, unsigned Number) {
    if (L == "---" || L == "---\r") {
      Flush();
      Start = Number + 1;
      return;
    }
    Cur += L;
    Cur += '\n';
  });
  Flush();
  Out.Sources.push_back(std::make_unique<RawStubSource>(std::move(Stubs)));
  Out.Stack.push_back(nullptr);
  Out.Origins.push_back(std::move(Origins));
  return Error::success();
}
