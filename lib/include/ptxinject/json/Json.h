//===- Json.h - The JSON reader for description files -----------*- C++ -*-===//
//
// A JSON document model and parser for the description files the core reads
// (type tables, Stack PTX instruction sets, site manifests). The core must not
// depend on LLVM, so it cannot use llvm::json; the text is read by
// nlohmann-json, and this model adds what the readers' messages need: the
// line of every value, and the line and column of a syntax error.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_JSON_H
#define PTXINJECT_JSON_H

#include "ptxinject/support/Error.h"
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace ptxinject {
namespace json {

class Value {
public:
  enum class Kind { Null, Bool, Number, String, Array, Object };

  Value() = default;
  static Value makeBool(bool B);
  static Value makeNumber(double D);
  static Value makeString(std::string S);
  static Value makeArray(std::vector<Value> Elements);
  static Value makeObject(std::vector<std::pair<std::string, Value>> Members);

  Kind kind() const { return K; }
  bool isNull() const { return K == Kind::Null; }
  bool isString() const { return K == Kind::String; }
  bool isNumber() const { return K == Kind::Number; }
  bool isBool() const { return K == Kind::Bool; }
  bool isArray() const { return K == Kind::Array; }
  bool isObject() const { return K == Kind::Object; }

  bool asBool() const { return Bool; }
  double asNumber() const { return Number; }
  const std::string &asString() const { return String; }
  const std::vector<Value> &elements() const { return Elements; }
  /// Object members in document order.
  const std::vector<std::pair<std::string, Value>> &members() const {
    return Members;
  }
  /// The member named Key of an object, or nullptr.
  const Value *get(std::string_view Key) const;
  /// Line (1-based) where this value starts in the parsed text.
  unsigned line() const { return Line; }
  /// Column (1-based) of the value's first character on that line, so
  /// errors about a value point at it.
  unsigned column() const { return Column; }

private:
  friend class Parser;
  Kind K = Kind::Null;
  bool Bool = false;
  double Number = 0;
  std::string String;
  std::vector<Value> Elements;
  std::vector<std::pair<std::string, Value>> Members;
  unsigned Line = 0;
  unsigned Column = 0;
};

/// Result of parsing: a value, or an error message with line and column.
/// The document, or the error at its line and column
/// (ErrorCode::InvalidArgument).
Expected<Value> parse(std::string_view Text);

/// Writes S as a JSON string literal (with quotes) onto Out.
void appendQuoted(std::string &Out, std::string_view S);

} // namespace json
} // namespace ptxinject

#endif
