//===- VariantInputs.cpp - The programs of a 'ptxinject variants' run -----===//
#include "VariantInputs.h"
#include "ToolSupport.h"

#include <cctype>
#include <map>

using namespace ptxinject;
using namespace ptxinject::tool;
using namespace ptxinject::variants;

namespace {

struct Line {
  std::string Text; // comment removed
  unsigned Number;
};

// The lines of File that hold a program ('#' starts a comment).
std::vector<Line> programLines(const std::string &File) {
  std::vector<Line> Out;
  unsigned Number = 0;
  size_t Pos = 0;
  while (Pos < File.size()) {
    size_t Eol = File.find('\n', Pos);
    if (Eol == std::string::npos)
      Eol = File.size();
    ++Number;
    std::string L = File.substr(Pos, Eol - Pos);
    Pos = Eol + 1;
    size_t Hash = L.find('#');
    if (Hash != std::string::npos)
      L.resize(Hash);
    if (L.find_first_not_of(" \t\r") == std::string::npos)
      continue;
    Out.push_back({L, Number});
  }
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
bool readOneFile(const std::string &Path, const stackptx::InstructionSet &Set,
                 VariantInputs &Out) {
  std::string Text;
  if (!readWholeFileOrReport(Path, Text))
    return false;
  std::vector<Line> Lines = programLines(Text);
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
    return true;
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
        reportError(Path, L.Number, Column,
                    "expected 'NAME: program' (this file gives programs per "
                    "inject, as 'mma: x y mul.ftz.f32 ; epilogue: acc')");
        return false;
      }
      auto [It, New] = Role.emplace(Name, Out.Injects.size());
      if (New) {
        if (&L != &Lines.front()) {
          reportError(Path, L.Number, Column,
                      "inject '" + Name +
                          "' has no program on the first "
                          "line; every line gives one program for each inject");
          return false;
        }
        Out.Injects.push_back(Name);
        Given.push_back(false);
        addSource(Out, Set);
      }
      size_t R = It->second;
      if (Given[R]) {
        reportError(Path, L.Number, Column,
                    "two programs for inject '" + Name + "' on one line");
        return false;
      }
      Given[R] = true;
      Out.Stack[R]->addText(std::string(Start, ' ') + Segment.substr(Start));
      Out.Origins[R].push_back({Path, L.Number, Column});
    }
    for (size_t R = 0; R < Given.size(); ++R)
      if (!Given[R]) {
        reportError(Path, L.Number, 1,
                    "no program for inject '" + Out.Injects[R] +
                        "'; every line gives one program for each inject");
        return false;
      }
  }
  return true;
}

} // namespace

bool ptxinject::tool::readPrograms(const std::vector<std::string> &Args,
                                   const stackptx::InstructionSet &Set,
                                   VariantInputs &Out) {
  bool PerInject = Args.size() > 1 || Args[0].find('=') != std::string::npos;
  if (!PerInject)
    return readOneFile(Args[0], Set, Out);
  for (const std::string &Arg : Args) {
    size_t Eq = Arg.find('=');
    if (Eq == std::string::npos || Eq == 0 || Eq + 1 == Arg.size()) {
      reportUsageError("variants",
                       "several --programs take NAME=FILE each (program "
                       "files per inject), got '" +
                           Arg + "'");
      return false;
    }
    std::string Name = Arg.substr(0, Eq), Path = Arg.substr(Eq + 1);
    for (const std::string &Known : Out.Injects)
      if (Known == Name) {
        reportUsageError("variants",
                         "two --programs files for inject '" + Name + "'");
        return false;
      }
    std::string Text;
    if (!readWholeFileOrReport(Path, Text))
      return false;
    Out.Injects.push_back(Name);
    StackPtxSource &S = addSource(Out, Set);
    for (const Line &L : programLines(Text)) {
      S.addText(L.Text);
      Out.Origins.back().push_back({Path, L.Number, 1});
    }
    // Line i of each file is variant i: every file has as many programs.
    size_t Have = Out.Origins.back().size(), Want = Out.Origins[0].size();
    if (Have != Want) {
      reportError(Path, std::to_string(Have) + " programs, but " +
                            Args[0].substr(Args[0].find('=') + 1) + " has " +
                            std::to_string(Want) +
                            "; line i of each --programs NAME=FILE is a "
                            "program of variant i");
      return false;
    }
  }
  return true;
}

bool ptxinject::tool::readStubs(const std::string &Path, VariantInputs &Out) {
  std::string File;
  if (!readWholeFileOrReport(Path, File))
    return false;
  std::vector<std::string> Stubs;
  std::vector<ProgramOrigin> Origins;
  unsigned Number = 0, Start = 1;
  std::string Cur;
  size_t Pos = 0;
  auto Flush = [&] {
    if (Cur.find_first_not_of(" \t\r\n") != std::string::npos) {
      Stubs.push_back(Cur);
      Origins.push_back({Path, Start, 1});
    }
    Cur.clear();
  };
  while (Pos < File.size()) {
    size_t Eol = File.find('\n', Pos);
    if (Eol == std::string::npos)
      Eol = File.size();
    ++Number;
    std::string L = File.substr(Pos, Eol - Pos);
    Pos = Eol + 1;
    if (L == "---" || L == "---\r") {
      Flush();
      Start = Number + 1;
      continue;
    }
    Cur += L;
    Cur += '\n';
  }
  Flush();
  Out.Sources.push_back(std::make_unique<RawStubSource>(std::move(Stubs)));
  Out.Stack.push_back(nullptr);
  Out.Origins.push_back(std::move(Origins));
  return true;
}
