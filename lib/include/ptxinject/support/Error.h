//===- Error.h - A failure with a code and a place in the input -*- C++ -*-===//
//
// Every failure in lib/ and runtime/ is a value: a code that programs branch
// on, and a message with the line and column that a person can act on.
// Nothing here throws for bad input, and nothing depends on LLVM (lib/ links
// none), so this is not llvm::Error: an Error can be dropped unchecked.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_SUPPORT_ERROR_H
#define PTXINJECT_SUPPORT_ERROR_H

#include <cassert>
#include <optional>
#include <string>
#include <utility>

namespace ptxinject {

enum class ErrorCode {
  Success = 0,
  EmptyInput,         ///< the PTX text is empty or only whitespace
  InvalidEncoding,    ///< bytes that do not decode: not UTF-8, a damaged buffer
  UnterminatedSite,   ///< PTX_INJECT_START without PTX_INJECT_END
  UnmatchedEnd,       ///< PTX_INJECT_END without PTX_INJECT_START
  NestedSite,         ///< PTX_INJECT_START inside an open site
  MalformedMarker,    ///< a START line without a valid name
  NameTooLong,        ///< an inject name over MaxNameLength bytes
  MalformedOperand,   ///< an operand line that does not have its fields
  UnknownKind,        ///< kind not one of i/m/o (or in/mod/out)
  UnknownType,        ///< tagged-dialect type name not in the type table
  DuplicateOperand,   ///< two operands of one site share a label
  MixedDialects,      ///< stable and tagged operand lines in one site
  InconsistentSites,  ///< same name, different operand lists
  TooManySites,       ///< more sites than ParseOptions::MaxSites
  WrongStubCount,     ///< stubs array length differs from the inject count
  InsufficientBuffer, ///< caller's output buffer is too small
  InjectNotFound,     ///< no inject of that name
  OperandNotFound,    ///< no operand of that label
  IndexOutOfRange,    ///< inject or operand index past the end
  InvalidArgument,    ///< a null pointer or similar misuse
  TooLarge,           ///< PTX or a site over a ParseOptions size limit
  FileError,          ///< a file that cannot be read, written or replaced
  InvalidStub,        ///< a stub or program text that does not compile
};

/// A short stable name for a code, e.g. "unterminated-site".
const char *errorCodeName(ErrorCode Code);

/// An error with its place in the input (1-based; 0 when it has no place).
/// [[nodiscard]]: a failure dropped unread is a bug the compiler reports.
struct [[nodiscard]] Error {
  ErrorCode Code = ErrorCode::Success;
  std::string Message;
  unsigned Line = 0;
  unsigned Column = 0;
  /// The file the place is in, where the failing code knew it (a reader of
  /// several named files); empty: the caller's input.
  std::string File;

  static Error success() { return Error(); }
  static Error make(ErrorCode Code, std::string Message, unsigned Line = 0,
                    unsigned Column = 0) {
    Error E;
    E.Code = Code;
    E.Message = std::move(Message);
    E.Line = Line;
    E.Column = Column;
    return E;
  }
  /// True when this is a failure.
  explicit operator bool() const { return Code != ErrorCode::Success; }
  /// "FILE:LINE:COL: error: MESSAGE" (LINE:COL left out when unknown);
  /// FILE is this error's own File when it has one, else \p Input.
  std::string format(const std::string &Input) const;
  /// "FILE:LINE:COL: MESSAGE", less the parts this error does not know:
  /// for a message inside another (a Clang diagnostic, an exception).
  std::string located() const;
};

/// A value or the error that prevented it.
template <class T> class [[nodiscard]] Expected {
public:
  Expected(T Value) : Value(std::move(Value)) {}
  Expected(Error E) : Err(std::move(E)) {
    assert(Err && "success is not an error");
  }

  explicit operator bool() const { return Value.has_value(); }
  T &operator*() { return *Value; }
  const T &operator*() const { return *Value; }
  T *operator->() { return &*Value; }
  const T *operator->() const { return &*Value; }
  const Error &error() const { return Err; }
  /// Moves the value out; only valid when this holds one.
  T take() { return std::move(*Value); }

private:
  std::optional<T> Value;
  Error Err;
};

} // namespace ptxinject

#endif // PTXINJECT_SUPPORT_ERROR_H
