//===- Error.cpp - Names and formatting of located errors ----------------===//
#include "ptxinject/support/Error.h"

using namespace ptxinject;

const char *ptxinject::errorCodeName(ErrorCode Code) {
  switch (Code) {
  case ErrorCode::Success:
    return "success";
  case ErrorCode::EmptyInput:
    return "empty-input";
  case ErrorCode::InvalidEncoding:
    return "invalid-encoding";
  case ErrorCode::UnterminatedSite:
    return "unterminated-site";
  case ErrorCode::UnmatchedEnd:
    return "unmatched-end";
  case ErrorCode::NestedSite:
    return "nested-site";
  case ErrorCode::MalformedMarker:
    return "malformed-marker";
  case ErrorCode::NameTooLong:
    return "name-too-long";
  case ErrorCode::MalformedOperand:
    return "malformed-operand";
  case ErrorCode::UnknownKind:
    return "unknown-kind";
  case ErrorCode::UnknownType:
    return "unknown-type";
  case ErrorCode::DuplicateOperand:
    return "duplicate-operand";
  case ErrorCode::MixedDialects:
    return "mixed-dialects";
  case ErrorCode::InconsistentSites:
    return "inconsistent-sites";
  case ErrorCode::TooManySites:
    return "too-many-sites";
  case ErrorCode::WrongStubCount:
    return "wrong-stub-count";
  case ErrorCode::InsufficientBuffer:
    return "insufficient-buffer";
  case ErrorCode::InjectNotFound:
    return "inject-not-found";
  case ErrorCode::OperandNotFound:
    return "operand-not-found";
  case ErrorCode::IndexOutOfRange:
    return "index-out-of-range";
  case ErrorCode::InvalidArgument:
    return "invalid-argument";
  case ErrorCode::TooLarge:
    return "too-large";
  case ErrorCode::FileError:
    return "file-error";
  case ErrorCode::InvalidStub:
    return "invalid-stub";
  }
  return "unknown-error";
}

std::string Error::format(const std::string &Input) const {
  std::string Out = File.empty() ? Input : File;
  if (Line) {
    Out +=
        ':' + std::to_string(Line) + ':' + std::to_string(Column ? Column : 1);
  }
  Out += ": error: ";
  Out += Message;
  return Out;
}

std::string Error::located() const {
  std::string Place = File;
  if (Line)
    Place += (Place.empty() ? "" : ":") + std::to_string(Line) + ':' +
             std::to_string(Column);
  return Place.empty() ? Message : Place + ": " + Message;
}
