//===- CommentAnnotations.cpp - The comment form of inject sites ----------===//
#include "ptxinject/Frontend/Sites/CommentAnnotations.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/PreprocessorLexer.h"

#include <cctype>

using namespace clang;

namespace ptxinject {
namespace frontend {

namespace {

bool isBlank(char C) { return C == ' ' || C == '\t' || C == '\r' || C == '\f'; }
bool isIdentStart(char C) {
  return isalpha(static_cast<unsigned char>(C)) || C == '_';
}
bool isIdentChar(char C) {
  return isalnum(static_cast<unsigned char>(C)) || C == '_';
}

/// Offset just past "/* PTX_INJECT" in Text, or 0 when Text is not an
/// annotation (ordinary comments are by far the common case: stay cheap).
size_t annotationKeywordEnd(StringRef Text) {
  if (!Text.starts_with("/*"))
    return 0;
  size_t I = 2;
  while (I < Text.size() && isBlank(Text[I]))
    ++I;
  StringRef Keyword = "PTX_INJECT";
  if (!Text.substr(I).starts_with(Keyword))
    return 0;
  I += Keyword.size();
  if (I < Text.size() && !isspace(static_cast<unsigned char>(Text[I])) &&
      !Text.substr(I).starts_with("*/"))
    return 0;
  return I;
}

/// Text as it is spelled inside a C string literal that holds exactly it.
std::string escapeForStringLiteral(StringRef Text) {
  std::string Out;
  for (char C : Text) {
    if (C == '"' || C == '\\')
      Out += '\\';
    Out += C;
  }
  return Out;
}

/// The preprocessor's "reading a directive" flag of its current lexer: not
/// public in Clang 19, so read through a member pointer taken in a class
/// that may name the protected member (well-defined, unlike a cast).
struct DirectiveFlag : PreprocessorLexer {
  static bool of(const PreprocessorLexer &L) {
    return L.*(&DirectiveFlag::ParsingPreprocessorDirective);
  }
};

/// True when the comment being handled is part of a preprocessor directive.
/// The lexer knows: a directive runs on past backslash-newlines and past
/// newlines inside an earlier block comment (`#define X /*` newline `*/`),
/// which no look at the comment's own line can tell.
bool inDirective(const Preprocessor &PP) {
  const PreprocessorLexer *L = PP.getCurrentLexer();
  return L && DirectiveFlag::of(*L);
}

class CommentAnnotationHandler : public CommentHandler {
public:
  bool HandleComment(Preprocessor &PP, SourceRange Comment) override;

private:
  template <unsigned N>
  void error(Preprocessor &PP, SourceLocation Loc, const char (&Format)[N],
             StringRef Arg = "") {
    DiagnosticsEngine &D = PP.getDiagnostics();
    D.Report(Loc, D.getCustomDiagID(DiagnosticsEngine::Error, Format)) << Arg;
  }

  /// Appends a token spelled Spelling whose location is Loc in the comment.
  void addSynthetic(Preprocessor &PP, std::vector<Token> &Toks,
                    tok::TokenKind Kind, StringRef Spelling,
                    SourceLocation Loc) {
    Token T;
    T.startToken();
    T.setKind(Kind);
    PP.CreateString(Spelling, T, Loc, Loc);
    if (Kind == tok::identifier || tok::getKeywordSpelling(Kind))
      T.setIdentifierInfo(PP.getIdentifierInfo(Spelling));
    Toks.push_back(T);
  }

  /// Lexes Buffer[Begin, End) (a slice of the file) into tokens that keep
  /// their file locations.
  bool lexExpression(Preprocessor &PP, FileID FID, StringRef Buffer,
                     size_t Begin, size_t End, std::vector<Token> &Toks);
};

bool CommentAnnotationHandler::lexExpression(Preprocessor &PP, FileID FID,
                                             StringRef Buffer, size_t Begin,
                                             size_t End,
                                             std::vector<Token> &Toks) {
  SourceManager &SM = PP.getSourceManager();
  Lexer Raw(SM.getLocForStartOfFile(FID), PP.getLangOpts(), Buffer.begin(),
            Buffer.begin() + Begin, Buffer.end());
  while (true) {
    Token T;
    Raw.LexFromRawLexer(T);
    if (T.is(tok::eof))
      break;
    unsigned Offset = SM.getFileOffset(T.getLocation());
    if (Offset >= End)
      break;
    if (Offset + T.getLength() > End) {
      error(PP, T.getLocation(),
            "operand expression runs past the end of its line in the "
            "PTX_INJECT comment");
      return false;
    }
    if (T.is(tok::raw_identifier))
      PP.LookUpIdentifierInfo(T);
    if (T.is(tok::unknown)) {
      error(PP, T.getLocation(),
            "unexpected character in operand expression of the PTX_INJECT "
            "comment");
      return false;
    }
    T.clearFlag(Token::StartOfLine);
    Toks.push_back(T);
  }
  return true;
}

bool CommentAnnotationHandler::HandleComment(Preprocessor &PP,
                                             SourceRange Comment) {
  SourceManager &SM = PP.getSourceManager();
  SourceLocation Begin = Comment.getBegin();
  if (!Begin.isFileID())
    return false;
  auto [FID, BeginOffset] = SM.getDecomposedLoc(Begin);
  bool Invalid = false;
  StringRef Buffer = SM.getBufferData(FID, &Invalid);
  unsigned EndOffset = SM.getFileOffset(Comment.getEnd());
  if (Invalid || EndOffset > Buffer.size() || EndOffset < BeginOffset)
    return false;
  StringRef Text = Buffer.slice(BeginOffset, EndOffset);
  size_t KeywordEnd = annotationKeywordEnd(Text);
  if (!KeywordEnd)
    return false;
  auto LocAt = [&](size_t OffsetInText) {
    return Begin.getLocWithOffset(OffsetInText);
  };
  if (inDirective(PP)) {
    error(PP, Begin,
          "PTX_INJECT comment annotation on a preprocessor directive line; "
          "write it inside a function body instead");
    return false;
  }
  if (!PP.isMacroDefined("PTX_INJECT")) {
    error(PP, Begin,
          "PTX_INJECT comment annotation needs '#include <ptx_inject.h>' "
          "before it");
    return false;
  }
  // The body ends before "*/" (an unterminated comment never gets here).
  size_t BodyEnd = Text.ends_with("*/") ? Text.size() - 2 : Text.size();

  // First line: the site name.
  size_t I = KeywordEnd;
  while (I < BodyEnd && isBlank(Text[I]))
    ++I;
  size_t NameBegin = I;
  while (I < BodyEnd && !isspace(static_cast<unsigned char>(Text[I])))
    ++I;
  StringRef Name = Text.slice(NameBegin, I);
  if (Name.empty()) {
    error(PP, LocAt(KeywordEnd),
          "PTX_INJECT comment annotation needs a site name, as in "
          "'/* PTX_INJECT func'");
    return false;
  }
  while (I < BodyEnd && isBlank(Text[I]))
    ++I;
  if (I < BodyEnd && Text[I] != '\n') {
    error(PP, LocAt(I),
          "unexpected text after the site name; put each operand on its own "
          "line as 'in|mod|out [TYPE] expr'");
    return false;
  }

  std::vector<Token> Toks;
  SourceLocation NameLoc = LocAt(NameBegin);
  addSynthetic(PP, Toks, tok::identifier, "__ptx_inject_site", Begin);
  addSynthetic(PP, Toks, tok::l_paren, "(", NameLoc);
  // The name is taken as written: quotes and backslashes in it are escaped,
  // or the literal would end early or not at all (Clang's literal parser
  // trusts a string token to be well-formed and reads past one that is not).
  addSynthetic(PP, Toks, tok::string_literal,
               "\"" + escapeForStringLiteral(Name) + "\"", NameLoc);

  bool Ok = true;
  while (I < BodyEnd) {
    // One operand line: [blank] kind [blank] [TYPE blank] expr [blank]
    size_t LineBegin = I + (Text[I] == '\n' ? 1 : 0);
    size_t LineEnd = Text.find('\n', LineBegin);
    if (LineEnd == StringRef::npos || LineEnd > BodyEnd)
      LineEnd = BodyEnd;
    I = LineEnd;
    size_t P = LineBegin;
    while (P < LineEnd && isBlank(Text[P]))
      ++P;
    size_t E = LineEnd;
    while (E > P && isBlank(Text[E - 1]))
      --E;
    if (P == E || Text.substr(P, E - P).starts_with("//"))
      continue; // blank or commented-out operand (seed 002)
    size_t KindBegin = P;
    while (P < E && isIdentChar(Text[P]))
      ++P;
    StringRef Kind = Text.slice(KindBegin, P);
    char Marker = Kind == "in"    ? 'i'
                  : Kind == "mod" ? 'm'
                  : Kind == "out" ? 'o'
                                  : 0;
    if (!Marker || (P < E && !isBlank(Text[P]))) {
      error(PP, LocAt(KindBegin),
            "malformed PTX_INJECT operand line: expected 'in', 'mod' or 'out' "
            "followed by an optional type and an expression, as in 'in f32 x'");
      Ok = false;
      continue;
    }
    while (P < E && isBlank(Text[P]))
      ++P;
    if (P == E) {
      error(PP, LocAt(KindBegin),
            "PTX_INJECT operand line '%0' names no expression; write "
            "'%0 [TYPE] expr'",
            Kind);
      Ok = false;
      continue;
    }
    // "TYPE expr": an identifier followed by blanks and something that can
    // start an expression; "x + y" or "a [0]" are expressions on their own.
    StringRef TypeToken;
    size_t Q = P;
    if (isIdentStart(Text[Q])) {
      while (Q < E && isIdentChar(Text[Q]))
        ++Q;
      size_t R = Q;
      while (R < E && isBlank(Text[R]))
        ++R;
      if (R > Q && R < E && (isIdentChar(Text[R]) || Text[R] == '(')) {
        TypeToken = Text.slice(P, Q);
        P = R;
      }
    }
    StringRef ExprText = Text.slice(P, E);
    std::string Label;
    for (char C : ExprText)
      if (!isspace(static_cast<unsigned char>(C)))
        Label += C;
    SourceLocation KindLoc = LocAt(KindBegin);
    // The operand's description as the macro form writes it: kind, type
    // token, \1, label (octal, so a label starting with a digit stays apart).
    std::string Description = "\"";
    Description += Marker;
    Description += TypeToken;
    Description += "\\001";
    Description += escapeForStringLiteral(Label);
    Description += '"';
    addSynthetic(PP, Toks, tok::comma, ",", KindLoc);
    addSynthetic(PP, Toks, tok::string_literal, Description, KindLoc);
    addSynthetic(PP, Toks, tok::comma, ",", KindLoc);
    // The value as the macro form writes it: ((void)(expr), 0) for in,
    // &(expr) for mod and out.
    bool In = Marker == 'i';
    SourceLocation At = LocAt(P), AtEnd = LocAt(E);
    if (In) {
      addSynthetic(PP, Toks, tok::l_paren, "(", At);
      addSynthetic(PP, Toks, tok::l_paren, "(", At);
      addSynthetic(PP, Toks, tok::kw_void, "void", At);
      addSynthetic(PP, Toks, tok::r_paren, ")", At);
    } else {
      addSynthetic(PP, Toks, tok::amp, "&", At);
    }
    addSynthetic(PP, Toks, tok::l_paren, "(", At);
    if (!lexExpression(PP, FID, Buffer, BeginOffset + P, BeginOffset + E,
                       Toks)) {
      Ok = false;
      continue;
    }
    addSynthetic(PP, Toks, tok::r_paren, ")", AtEnd);
    if (In) {
      addSynthetic(PP, Toks, tok::comma, ",", AtEnd);
      addSynthetic(PP, Toks, tok::numeric_constant, "0", AtEnd);
      addSynthetic(PP, Toks, tok::r_paren, ")", AtEnd);
    }
  }
  if (!Ok)
    return false;
  SourceLocation EndLoc = LocAt(BodyEnd);
  addSynthetic(PP, Toks, tok::r_paren, ")", EndLoc);
  addSynthetic(PP, Toks, tok::semi, ";", EndLoc);

  auto Owned = std::make_unique<Token[]>(Toks.size());
  std::copy(Toks.begin(), Toks.end(), Owned.get());
  PP.EnterTokenStream(std::move(Owned), Toks.size(),
                      /*DisableMacroExpansion=*/false, /*IsReinject=*/false);
  return true;
}

} // namespace

void addCommentAnnotationHandler(Preprocessor &PP) {
  // The preprocessor does not own comment handlers, so ours must outlive
  // it. The handler keeps no state: one for the whole process serves every
  // preprocessor, on any thread, where one object per call would pile up in
  // a process that compiles many sources (the Python module, a fuzzer).
  static CommentAnnotationHandler Handler;
  PP.addCommentHandler(&Handler);
}

CharSourceRange commentAnnotationRange(SourceLocation Loc,
                                       const SourceManager &SM) {
  if (Loc.isInvalid() || !Loc.isFileID())
    return {};
  auto [FID, Offset] = SM.getDecomposedLoc(Loc);
  bool Invalid = false;
  StringRef Buffer = SM.getBufferData(FID, &Invalid);
  if (Invalid || Offset >= Buffer.size())
    return {};
  StringRef Rest = Buffer.substr(Offset);
  // Look at the opening first: searching for "*/" from every macro site
  // would scan the rest of the file each time.
  if (!Rest.starts_with("/*"))
    return {};
  size_t Close = Rest.find("*/", 2);
  if (Close == StringRef::npos ||
      !annotationKeywordEnd(Rest.substr(0, Close + 2)))
    return {};
  return CharSourceRange::getCharRange(Loc, Loc.getLocWithOffset(Close + 2));
}

char commentOperandKindAt(SourceLocation Loc, const SourceManager &SM) {
  if (Loc.isInvalid() || !Loc.isFileID())
    return 0;
  auto [FID, Offset] = SM.getDecomposedLoc(Loc);
  bool Invalid = false;
  StringRef Buffer = SM.getBufferData(FID, &Invalid);
  if (Invalid || Offset > Buffer.size())
    return 0;
  size_t LineStart = Buffer.rfind('\n', Offset);
  LineStart = LineStart == StringRef::npos ? 0 : LineStart + 1;
  StringRef Line = Buffer.slice(LineStart, Offset).ltrim(" \t\f\r");
  for (auto [Word, Kind] :
       {std::pair<StringRef, char>{"in", 'i'}, {"mod", 'm'}, {"out", 'o'}})
    if (Line.starts_with(Word) && Line.size() > Word.size() &&
        isBlank(Line[Word.size()]))
      return Kind;
  return 0;
}

} // namespace frontend
} // namespace ptxinject
