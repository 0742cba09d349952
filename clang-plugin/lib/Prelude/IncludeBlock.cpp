//===- IncludeBlock.cpp - The leading #include block of a source ----------===//
#include "ptxinject/Frontend/Prelude/IncludeBlock.h"

#include "clang/Basic/LangOptions.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <iterator>

using namespace clang;

namespace ptxinject {
namespace frontend {

namespace {

enum class DirectiveKind { Include, Plain, Open, Close, PragmaOnce, Other };

DirectiveKind classify(llvm::StringRef Name) {
  return llvm::StringSwitch<DirectiveKind>(Name)
      .Case("include", DirectiveKind::Include)
      .Cases("define", "undef", "elif", "elifdef", "elifndef", "else",
             DirectiveKind::Plain)
      .Cases("if", "ifdef", "ifndef", DirectiveKind::Open)
      .Case("endif", DirectiveKind::Close)
      .Default(DirectiveKind::Other);
}

} // namespace

std::optional<IncludeBlock> findIncludeBlock(llvm::StringRef Buffer,
                                             const LangOptions &Lang,
                                             llvm::StringRef FilePath) {
  PreambleBounds Bounds = Lexer::ComputePreamble(Buffer, Lang);
  if (Bounds.Size == 0)
    return std::nullopt;
  // The lexer reads up to a terminating NUL: lex a copy.
  std::string Preamble = Buffer.take_front(Bounds.Size).str();

  // Walk the directives; a cut is only ever made before a directive seen at
  // conditional depth zero, or at the end of the preamble. Each directive's
  // text runs from its '#' to the end of its last token.
  // As in Lexer::ComputePreamble: a made-up file start whose raw encoding
  // turns token locations back into offsets.
  SourceLocation Start = SourceLocation::getFromRawEncoding(1);
  const char *Begin = Preamble.c_str();
  Lexer L(Start, Lang, Begin, Begin, Begin + Preamble.size());
  L.SetCommentRetentionState(false);
  auto OffsetOf = [&](const Token &T) {
    return T.getLocation().getRawEncoding() - Start.getRawEncoding();
  };
  struct Span {
    unsigned Begin, End;
    bool InText; ///< false: covered by the block, but not part of its header
  };
  std::vector<Span> Directives;
  // QuotedBefore[I]: an include of the first I directives is not <...>.
  std::vector<bool> QuotedBefore{false};
  unsigned Depth = 0;
  size_t Kept = 0;  // directives before the cut
  unsigned Cut = 0; // offset of the cut
  bool CutAtEnd = false;
  bool HasInclude = false, HasIncludeBeforeCut = false;
  Token Tok;
  L.LexFromRawLexer(Tok);
  while (true) {
    if (Tok.is(tok::eof)) {
      CutAtEnd = Depth == 0;
      break;
    }
    if (Depth == 0) {
      Kept = Directives.size();
      Cut = OffsetOf(Tok);
      HasIncludeBeforeCut = HasInclude;
    }
    // The preamble holds directives only: every line starts with '#'.
    if (!(Tok.is(tok::hash) && Tok.isAtStartOfLine()))
      break;
    Span D{OffsetOf(Tok), 0, true};
    QuotedBefore.push_back(QuotedBefore.back());
    Token Name;
    L.LexFromRawLexer(Name);
    if (!Name.is(tok::raw_identifier))
      break;
    DirectiveKind K = classify(Name.getRawIdentifier());
    // `#pragma once` heads many kernel sources that are also headers (an
    // NVRTC program read from one). In the main file it does nothing, so the
    // block passes over it, and leaves it out of its header.
    if (Name.getRawIdentifier() == "pragma") {
      L.LexFromRawLexer(Name);
      if (Name.is(tok::raw_identifier) && !Name.isAtStartOfLine() &&
          Name.getRawIdentifier() == "once") {
        K = DirectiveKind::PragmaOnce;
        D.InText = false;
      }
    }
    if (K == DirectiveKind::Other || (K == DirectiveKind::Close && Depth == 0))
      break;
    HasInclude |= K == DirectiveKind::Include;
    Depth += K == DirectiveKind::Open;
    Depth -= K == DirectiveKind::Close;
    D.End = OffsetOf(Name) + Name.getLength();
    bool First = true;
    while (true) {
      L.LexFromRawLexer(Tok);
      if (Tok.is(tok::eof) || Tok.isAtStartOfLine())
        break;
      // "..." (or a macro that may expand to one) is found from the folder.
      if (K == DirectiveKind::Include && First && !Tok.is(tok::less))
        QuotedBefore.back() = true;
      First = false;
      D.End = OffsetOf(Tok) + Tok.getLength();
    }
    Directives.push_back(D);
  }
  // A cut before a directive is at its '#', at the start of a line.
  bool CutAtStartOfLine = true;
  if (CutAtEnd) {
    Kept = Directives.size();
    HasIncludeBeforeCut = HasInclude;
    Cut = Bounds.Size;
    CutAtStartOfLine = Bounds.PreambleEndsAtStartOfLine;
  }
  if (Cut == 0 || Kept == 0 || !HasIncludeBeforeCut)
    return std::nullopt;

  IncludeBlock B;
  for (size_t I = 0; I < Kept; ++I) {
    if (!Directives[I].InText)
      continue;
    B.DirectiveStarts.emplace_back(unsigned(B.Text.size()),
                                   Directives[I].Begin);
    B.Text.append(Preamble, Directives[I].Begin,
                  Directives[I].End - Directives[I].Begin);
    B.Text += '\n';
  }
  B.Size = Cut;
  B.EndsAtStartOfLine = CutAtStartOfLine;
  if (!QuotedBefore[Kept])
    return B;
  llvm::SmallString<256> Dir(llvm::sys::path::parent_path(FilePath));
  if (Dir.empty())
    Dir = ".";
  if (llvm::sys::fs::make_absolute(Dir))
    return std::nullopt;
  llvm::sys::path::remove_dots(Dir, /*remove_dot_dot=*/true);
  B.IncludeDir = std::string(Dir);
  return B;
}

unsigned fileOffsetOfBlockText(
    const std::vector<std::pair<unsigned, unsigned>> &DirectiveStarts,
    unsigned TextOffset) {
  auto After = std::upper_bound(
      DirectiveStarts.begin(), DirectiveStarts.end(), TextOffset,
      [](unsigned Offset, const auto &Start) { return Offset < Start.first; });
  if (After == DirectiveStarts.begin())
    return 0;
  const auto &[InText, InFile] = *std::prev(After);
  return InFile + (TextOffset - InText);
}

} // namespace frontend
} // namespace ptxinject
