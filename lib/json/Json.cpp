//===- Json.cpp - A small JSON reader for description files ---------------===//
#include "ptxinject/json/Json.h"

#include <cstdlib>

namespace ptxinject {
namespace json {

Value Value::makeBool(bool B) {
  Value V;
  V.K = Kind::Bool;
  V.Bool = B;
  return V;
}
Value Value::makeNumber(double D) {
  Value V;
  V.K = Kind::Number;
  V.Number = D;
  return V;
}
Value Value::makeString(std::string S) {
  Value V;
  V.K = Kind::String;
  V.String = std::move(S);
  return V;
}
Value Value::makeArray(std::vector<Value> Elements) {
  Value V;
  V.K = Kind::Array;
  V.Elements = std::move(Elements);
  return V;
}
Value Value::makeObject(std::vector<std::pair<std::string, Value>> Members) {
  Value V;
  V.K = Kind::Object;
  V.Members = std::move(Members);
  return V;
}

const Value *Value::get(std::string_view Key) const {
  for (const auto &M : Members)
    if (M.first == Key)
      return &M.second;
  return nullptr;
}

class Parser {
public:
  explicit Parser(std::string_view Text) : Text(Text) {}

  ParseResult run() {
    ParseResult R;
    skipSpace();
    if (!parseValue(R.Root, 0))
      return fail();
    skipSpace();
    if (Pos != Text.size()) {
      Error = "unexpected text after the JSON value";
      return fail();
    }
    return R;
  }

private:
  static constexpr unsigned MaxDepth = 256;
  std::string_view Text;
  size_t Pos = 0;
  unsigned Line = 1;
  size_t LineStart = 0;
  std::string Error;

  ParseResult fail() {
    ParseResult R;
    R.Error = Error.empty() ? "malformed JSON" : Error;
    R.Line = Line;
    R.Column = unsigned(Pos - LineStart) + 1;
    return R;
  }

  void skipSpace() {
    while (Pos < Text.size()) {
      char C = Text[Pos];
      if (C == '\n') {
        ++Line;
        LineStart = Pos + 1;
      } else if (C != ' ' && C != '\t' && C != '\r') {
        return;
      }
      ++Pos;
    }
  }

  bool expect(char C) {
    skipSpace();
    if (Pos < Text.size() && Text[Pos] == C) {
      ++Pos;
      return true;
    }
    Error = std::string("expected '") + C + "'";
    return false;
  }

  bool parseValue(Value &V, unsigned Depth) {
    if (Depth > MaxDepth) {
      Error = "JSON nested too deeply";
      return false;
    }
    skipSpace();
    V.Line = Line;
    V.Column = unsigned(Pos - LineStart) + 1;
    if (Pos >= Text.size()) {
      Error = "unexpected end of JSON";
      return false;
    }
    char C = Text[Pos];
    if (C == '{')
      return parseObject(V, Depth);
    if (C == '[')
      return parseArray(V, Depth);
    if (C == '"') {
      V.K = Value::Kind::String;
      return parseString(V.String);
    }
    if (Text.substr(Pos, 4) == "true") {
      Pos += 4;
      V.K = Value::Kind::Bool;
      V.Bool = true;
      return true;
    }
    if (Text.substr(Pos, 5) == "false") {
      Pos += 5;
      V.K = Value::Kind::Bool;
      return true;
    }
    if (Text.substr(Pos, 4) == "null") {
      Pos += 4;
      return true;
    }
    return parseNumber(V);
  }

  bool parseNumber(Value &V) {
    size_t Start = Pos;
    if (Pos < Text.size() && (Text[Pos] == '-' || Text[Pos] == '+'))
      ++Pos;
    while (Pos < Text.size() &&
           (isdigit((unsigned char)Text[Pos]) || Text[Pos] == '.' ||
            Text[Pos] == 'e' || Text[Pos] == 'E' || Text[Pos] == '-' ||
            Text[Pos] == '+'))
      ++Pos;
    if (Pos == Start) {
      Error = "unexpected character in JSON";
      return false;
    }
    std::string Digits(Text.substr(Start, Pos - Start));
    char *End = nullptr;
    V.Number = std::strtod(Digits.c_str(), &End);
    if (End != Digits.c_str() + Digits.size()) {
      Pos = Start;
      Error = "malformed number";
      return false;
    }
    V.K = Value::Kind::Number;
    return true;
  }

  static void appendUtf8(std::string &Out, uint32_t CP) {
    if (CP < 0x80) {
      Out += char(CP);
    } else if (CP < 0x800) {
      Out += char(0xC0 | (CP >> 6));
      Out += char(0x80 | (CP & 0x3F));
    } else if (CP < 0x10000) {
      Out += char(0xE0 | (CP >> 12));
      Out += char(0x80 | ((CP >> 6) & 0x3F));
      Out += char(0x80 | (CP & 0x3F));
    } else {
      Out += char(0xF0 | (CP >> 18));
      Out += char(0x80 | ((CP >> 12) & 0x3F));
      Out += char(0x80 | ((CP >> 6) & 0x3F));
      Out += char(0x80 | (CP & 0x3F));
    }
  }

  bool parseHex4(uint32_t &CP) {
    if (Pos + 4 > Text.size())
      return false;
    CP = 0;
    for (int I = 0; I < 4; ++I) {
      char H = Text[Pos++];
      CP <<= 4;
      if (H >= '0' && H <= '9')
        CP |= H - '0';
      else if (H >= 'a' && H <= 'f')
        CP |= H - 'a' + 10;
      else if (H >= 'A' && H <= 'F')
        CP |= H - 'A' + 10;
      else
        return false;
    }
    return true;
  }

  bool parseString(std::string &Out) {
    ++Pos; // opening quote
    while (Pos < Text.size()) {
      char C = Text[Pos++];
      if (C == '"')
        return true;
      if (C == '\n') {
        Error = "newline inside a JSON string";
        return false;
      }
      if (C != '\\') {
        Out += C;
        continue;
      }
      if (Pos >= Text.size())
        break;
      char E = Text[Pos++];
      switch (E) {
      case '"': Out += '"'; break;
      case '\\': Out += '\\'; break;
      case '/': Out += '/'; break;
      case 'b': Out += '\b'; break;
      case 'f': Out += '\f'; break;
      case 'n': Out += '\n'; break;
      case 'r': Out += '\r'; break;
      case 't': Out += '\t'; break;
      case 'u': {
        uint32_t CP;
        if (!parseHex4(CP)) {
          Error = "malformed \\u escape";
          return false;
        }
        if (CP >= 0xD800 && CP < 0xDC00 && Text.substr(Pos, 2) == "\\u") {
          Pos += 2;
          uint32_t Low;
          if (!parseHex4(Low) || Low < 0xDC00 || Low > 0xDFFF) {
            Error = "malformed surrogate pair";
            return false;
          }
          CP = 0x10000 + ((CP - 0xD800) << 10) + (Low - 0xDC00);
        }
        appendUtf8(Out, CP);
        break;
      }
      default:
        Error = "unknown escape in JSON string";
        return false;
      }
    }
    Error = "unterminated JSON string";
    return false;
  }

  bool parseArray(Value &V, unsigned Depth) {
    ++Pos;
    V.K = Value::Kind::Array;
    skipSpace();
    if (Pos < Text.size() && Text[Pos] == ']') {
      ++Pos;
      return true;
    }
    while (true) {
      V.Elements.emplace_back();
      if (!parseValue(V.Elements.back(), Depth + 1))
        return false;
      skipSpace();
      if (Pos < Text.size() && Text[Pos] == ',') {
        ++Pos;
        continue;
      }
      return expect(']');
    }
  }

  bool parseObject(Value &V, unsigned Depth) {
    ++Pos;
    V.K = Value::Kind::Object;
    skipSpace();
    if (Pos < Text.size() && Text[Pos] == '}') {
      ++Pos;
      return true;
    }
    while (true) {
      skipSpace();
      if (Pos >= Text.size() || Text[Pos] != '"') {
        Error = "expected a member name";
        return false;
      }
      std::string Key;
      if (!parseString(Key))
        return false;
      if (!expect(':'))
        return false;
      V.Members.emplace_back(std::move(Key), Value());
      if (!parseValue(V.Members.back().second, Depth + 1))
        return false;
      skipSpace();
      if (Pos < Text.size() && Text[Pos] == ',') {
        ++Pos;
        continue;
      }
      return expect('}');
    }
  }
};

ParseResult parse(std::string_view Text) { return Parser(Text).run(); }

void appendQuoted(std::string &Out, std::string_view S) {
  static const char Hex[] = "0123456789abcdef";
  Out += '"';
  for (char C : S) {
    unsigned char U = (unsigned char)C;
    switch (C) {
    case '"': Out += "\\\""; break;
    case '\\': Out += "\\\\"; break;
    case '\n': Out += "\\n"; break;
    case '\t': Out += "\\t"; break;
    case '\r': Out += "\\r"; break;
    default:
      if (U < 0x20) {
        Out += "\\u00";
        Out += Hex[U >> 4];
        Out += Hex[U & 15];
      } else {
        Out += C;
      }
    }
  }
  Out += '"';
}

} // namespace json
} // namespace ptxinject
