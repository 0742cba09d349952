//===- Json.cpp - The JSON reader for description files -------------------===//
//
// nlohmann::json's SAX parser reads the text; this file builds the small
// document model the core's readers walk, with the line of every value for
// their messages, and turns nlohmann's byte offset of an error into a line
// and column.
//
//===----------------------------------------------------------------------===//
#include "ptxinject/json/Json.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstddef>
#include <iterator>

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

namespace {

/// Where the reader is in the text. nlohmann's SAX events carry no position,
/// so the input iterator follows what the lexer consumes: the line, and where
/// the last value token (string, literal, number, bracket) began. A value's
/// event comes after its first byte, and a number's after one byte more, which
/// is white space or punctuation and so starts no token.
struct Position {
  unsigned Line = 1;
  size_t LineStart = 0; ///< offset of the current line's first byte
  unsigned TokenLine = 1, TokenColumn = 1;
  bool InString = false, Escaped = false, InScalar = false;
};

class TrackingIterator {
public:
  using iterator_category = std::input_iterator_tag;
  using value_type = char;
  using difference_type = std::ptrdiff_t;
  using pointer = const char *;
  using reference = const char &;

  TrackingIterator(const char *Begin, const char *P, Position *At)
      : Begin(Begin), P(P), At(At) {}
  reference operator*() const { return *P; }
  TrackingIterator &operator++() {
    consume(*P, size_t(P - Begin));
    ++P;
    return *this;
  }
  bool operator==(const TrackingIterator &O) const { return P == O.P; }
  bool operator!=(const TrackingIterator &O) const { return P != O.P; }

private:
  void startToken(size_t Offset) {
    At->TokenLine = At->Line;
    At->TokenColumn = unsigned(Offset - At->LineStart) + 1;
  }
  void consume(char C, size_t Offset) {
    if (At->InString) {
      if (At->Escaped)
        At->Escaped = false;
      else if (C == '\\')
        At->Escaped = true;
      else if (C == '"')
        At->InString = false;
      // A raw newline inside a string is an error nlohmann reports by
      // offset; the line count still follows it.
      if (C == '\n') {
        ++At->Line;
        At->LineStart = Offset + 1;
      }
      return;
    }
    switch (C) {
    case '\n':
      ++At->Line;
      At->LineStart = Offset + 1;
      [[fallthrough]];
    case ' ':
    case '\t':
    case '\r':
    case ',':
    case ':':
    case '}':
    case ']':
      At->InScalar = false;
      return;
    case '"':
      At->InString = true;
      At->InScalar = false;
      startToken(Offset);
      return;
    case '{':
    case '[':
      At->InScalar = false;
      startToken(Offset);
      return;
    default:
      if (!At->InScalar)
        startToken(Offset);
      At->InScalar = true;
    }
  }

  const char *Begin;
  const char *P;
  Position *At;
};

/// 1-based line and column of the byte at Offset.
void lineAndColumn(std::string_view Text, size_t Offset, unsigned &Line,
                   unsigned &Column) {
  Offset = std::min(Offset, Text.size());
  Line = 1;
  size_t LineStart = 0;
  for (size_t I = 0; I < Offset; ++I)
    if (Text[I] == '\n') {
      ++Line;
      LineStart = I + 1;
    }
  Column = unsigned(Offset - LineStart) + 1;
}

/// nlohmann's message without its "[json.exception...] parse error at line
/// L, column C: " prefix (its position counts a newline as the start of the
/// next line; ours is computed from the byte offset) and the "syntax error
/// while parsing value - " filler.
std::string describe(const std::string &What) {
  std::string Message = What;
  size_t Colon = Message.find(": ");
  if (Message.rfind("[json.exception", 0) == 0 && Colon != std::string::npos)
    Message = Message.substr(Colon + 2);
  size_t Dash = Message.find(" - ");
  if (Message.rfind("syntax error", 0) == 0 && Dash != std::string::npos)
    Message = Message.substr(Dash + 3);
  return Message;
}

} // namespace

/// Builds the Value tree from nlohmann's SAX events, with each value's line.
class Parser {
public:
  using number_integer_t = std::int64_t;
  using number_unsigned_t = std::uint64_t;
  using number_float_t = double;
  using string_t = std::string;
  using binary_t = std::vector<std::uint8_t>;

  explicit Parser(std::string_view Text) : Text(Text) {}

  Expected<Value> run() {
    Value Document;
    Open.clear();
    Root = &Document;
    TrackingIterator First(Text.data(), Text.data(), &At),
        Last(Text.data(), Text.data() + Text.size(), &At);
    if (nlohmann::json::sax_parse(First, Last, this))
      return Document;
    if (Error.empty()) {
      // A handler event refused to go on (too deep): the place is where the
      // reader stopped.
      return ptxinject::Error::make(ErrorCode::InvalidArgument,
                                    "JSON nested too deeply", At.Line, 1);
    }
    unsigned Line = 0, Column = 0;
    lineAndColumn(Text, ErrorOffset, Line, Column);
    return ptxinject::Error::make(ErrorCode::InvalidArgument, Error, Line,
                                  Column);
  }

  bool null() { return add(Value()); }
  bool boolean(bool B) { return add(Value::makeBool(B)); }
  bool number_integer(std::int64_t N) {
    return add(Value::makeNumber(double(N)));
  }
  bool number_unsigned(std::uint64_t N) {
    return add(Value::makeNumber(double(N)));
  }
  bool number_float(double D, const std::string &) {
    return add(Value::makeNumber(D));
  }
  bool string(std::string &S) { return add(Value::makeString(std::move(S))); }
  bool binary(binary_t &) { return false; }
  bool start_object(std::size_t) { return open(Value::makeObject({})); }
  bool key(std::string &K) {
    Open.back()->Members.emplace_back(std::move(K), Value());
    return true;
  }
  bool end_object() {
    Open.pop_back();
    return true;
  }
  bool start_array(std::size_t) { return open(Value::makeArray({})); }
  bool end_array() {
    Open.pop_back();
    return true;
  }
  bool parse_error(std::size_t Position, const std::string &,
                   const nlohmann::detail::exception &E) {
    // Position counts the bytes read, the offending one included.
    ErrorOffset = Position == 0 ? 0 : Position - 1;
    Error = describe(E.what());
    return false;
  }

private:
  static constexpr unsigned MaxDepth = 256;

  /// The slot the next value fills: the root, an array's next element, or
  /// the member whose key was just read.
  Value *slot() {
    if (Open.empty())
      return Root;
    Value *Container = Open.back();
    if (Container->K == Value::Kind::Array) {
      Container->Elements.emplace_back();
      return &Container->Elements.back();
    }
    return &Container->Members.back().second;
  }
  bool add(Value V) {
    V.Line = At.TokenLine;
    V.Column = At.TokenColumn;
    *slot() = std::move(V);
    return true;
  }
  // The open containers are each the last element of their parent, which
  // gains no element while they are open: the pointers stay valid.
  bool open(Value V) {
    if (Open.size() >= MaxDepth)
      return false;
    Value *S = slot();
    V.Line = At.TokenLine;
    V.Column = At.TokenColumn;
    *S = std::move(V);
    Open.push_back(S);
    return true;
  }

  std::string_view Text;
  Position At;
  Value *Root = nullptr;
  std::vector<Value *> Open;
  std::string Error;
  size_t ErrorOffset = 0;
};

Expected<Value> parse(std::string_view Text) { return Parser(Text).run(); }

void appendQuoted(std::string &Out, std::string_view S) {
  static const char Hex[] = "0123456789abcdef";
  Out += '"';
  for (char C : S) {
    unsigned char U = (unsigned char)C;
    switch (C) {
    case '"':
      Out += "\\\"";
      break;
    case '\\':
      Out += "\\\\";
      break;
    case '\n':
      Out += "\\n";
      break;
    case '\t':
      Out += "\\t";
      break;
    case '\r':
      Out += "\\r";
      break;
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
