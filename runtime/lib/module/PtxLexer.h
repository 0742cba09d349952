//===- PtxLexer.h - PTX tokens, past comments and strings -------*- C++ -*-===//
//
// The one walk over PTX text that knows its comments, string literals and
// punctuation (braces among them), shared by the passes that look at a
// module's structure without parsing it: pruning unused module-scope
// variables (PtxPrune.cpp) and finding kernels (variants/KernelPrune.cpp).
// Internal to the runtime; header only, so both libraries inline it.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_RUNTIME_PTXLEXER_H
#define PTXINJECT_RUNTIME_PTXLEXER_H

#include <cstddef>
#include <string_view>

namespace ptxinject::module::ptxlex {

enum class TokenKind { Identifier, Directive, Number, String, Punct };

struct Token {
  TokenKind Kind;
  std::string_view Text;
  size_t Begin; ///< byte offset in the module
};

inline bool isIdentifierChar(char C) {
  return (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z') ||
         (C >= '0' && C <= '9') || C == '_' || C == '$';
}

inline bool isDigit(char C) { return C >= '0' && C <= '9'; }

/// Splits PTX into tokens, skipping white space and comments, and reports
/// every newline it skips (line-terminated directives end at one).
class Lexer {
public:
  explicit Lexer(std::string_view Text) : Text(Text) {}

  /// The next token into T; false at the end or on text it cannot scan
  /// (then Broken is set).
  bool next(Token &T, bool &SawNewline) {
    SawNewline = false;
    if (!skipSpaceAndComments(SawNewline))
      return false;
    if (Pos >= Text.size())
      return false;
    size_t Begin = Pos;
    char C = Text[Pos];
    if (C == '"') {
      ++Pos;
      while (Pos < Text.size() && Text[Pos] != '"' && Text[Pos] != '\n')
        Pos += Text[Pos] == '\\' && Pos + 1 < Text.size() ? 2 : 1;
      if (Pos >= Text.size() || Text[Pos] != '"') {
        Broken = true;
        return false;
      }
      ++Pos;
      T = {TokenKind::String, Text.substr(Begin, Pos - Begin), Begin};
      return true;
    }
    bool Dot =
        C == '.' && Pos + 1 < Text.size() && isIdentifierChar(Text[Pos + 1]);
    bool Percent =
        C == '%' && Pos + 1 < Text.size() && isIdentifierChar(Text[Pos + 1]);
    if (Dot || Percent || isIdentifierChar(C)) {
      // A number is split at '.' or a sign ("1.5e+3" is four tokens); that
      // is harmless, because no piece starts like a variable name.
      ++Pos;
      while (Pos < Text.size() && isIdentifierChar(Text[Pos]))
        ++Pos;
      TokenKind Kind = Dot          ? TokenKind::Directive
                       : isDigit(C) ? TokenKind::Number
                                    : TokenKind::Identifier;
      T = {Kind, Text.substr(Begin, Pos - Begin), Begin};
      return true;
    }
    ++Pos;
    T = {TokenKind::Punct, Text.substr(Begin, 1), Begin};
    return true;
  }

  bool broken() const { return Broken; }
  size_t position() const { return Pos; }

private:
  bool skipSpaceAndComments(bool &SawNewline) {
    while (Pos < Text.size()) {
      char C = Text[Pos];
      if (C == '\n') {
        SawNewline = true;
        ++Pos;
      } else if (C == ' ' || C == '\t' || C == '\r' || C == '\f' || C == '\v') {
        ++Pos;
      } else if (C == '/' && Pos + 1 < Text.size() && Text[Pos + 1] == '/') {
        size_t Eol = Text.find('\n', Pos);
        Pos = Eol == std::string_view::npos ? Text.size() : Eol;
      } else if (C == '/' && Pos + 1 < Text.size() && Text[Pos + 1] == '*') {
        size_t End = Text.find("*/", Pos + 2);
        if (End == std::string_view::npos) {
          Broken = true;
          return false;
        }
        if (Text.substr(Pos, End - Pos).find('\n') != std::string_view::npos)
          SawNewline = true;
        Pos = End + 2;
      } else {
        return true;
      }
    }
    return true;
  }

  std::string_view Text;
  size_t Pos = 0;
  bool Broken = false;
};

} // namespace ptxinject::module::ptxlex

#endif // PTXINJECT_RUNTIME_PTXLEXER_H
