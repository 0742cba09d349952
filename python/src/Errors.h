//===- Errors.h - The one exception type of the Python package -*- C++ -*-===//
//
// Every failure the package reports is a ptxinject.Error carrying a code
// (a short stable name such as "unterminated-site"), the message, and the
// line and column in the input it is about (0 when it has no place). C++
// code throws BindingError; a translator turns it into that exception.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_PYTHON_ERRORS_H
#define PTXINJECT_PYTHON_ERRORS_H

#include "ptxinject/module/RuntimeError.h"

#include <nanobind/nanobind.h>

#include <exception>
#include <string>

namespace ptxinject {
namespace python {

struct BindingError : std::exception {
  std::string Code;
  std::string Message;
  unsigned Line = 0;
  unsigned Column = 0;
  std::string File; // the file the place is in, when the error names one

  BindingError(std::string Code, std::string Message, unsigned Line = 0,
               unsigned Column = 0, std::string File = {})
      : Code(std::move(Code)), Message(std::move(Message)), Line(Line),
        Column(Column), File(std::move(File)) {}
  const char *what() const noexcept override { return Message.c_str(); }
};

/// Throws the runtime error as a BindingError (nothing when E is success).
void throwIfError(const Error &E);

/// Defines ptxinject._core.Error and registers the translator.
void bindErrors(nanobind::module_ &M);

} // namespace python
} // namespace ptxinject

#endif
