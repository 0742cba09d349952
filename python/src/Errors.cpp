//===- Errors.cpp - The one exception type of the Python package ----------===//
#include "Errors.h"

namespace nb = nanobind;

namespace ptxinject {
namespace python {

namespace {
// Owned by the module for the life of the interpreter.
PyObject *ErrorType = nullptr;
} // namespace

void throwIfError(const Error &E) {
  if (E)
    throw BindingError(errorCodeName(E.Code), E.Message, E.Line, E.Column,
                       E.File);
}

void bindErrors(nb::module_ &M) {
  ErrorType = PyErr_NewExceptionWithDoc(
      "ptxinject._core.Error",
      "A failure reported by ptxinject.\n\n"
      "Attributes:\n"
      "    code: short stable name of the failure, e.g. 'unterminated-site'\n"
      "    message: what went wrong and what to do\n"
      "    line, column: 1-based place in the input (0 when it has none)\n"
      "    file: the file that place is in, when the error names one (else "
      "None)",
      PyExc_ValueError, nullptr);
  M.attr("Error") = nb::handle(ErrorType);
  nb::register_exception_translator([](const std::exception_ptr &P, void *) {
    try {
      std::rethrow_exception(P);
    } catch (const BindingError &E) {
      // "FILE:LINE:COL: MESSAGE", as the tools print it, less what is unknown.
      std::string Place = E.File;
      if (E.Line)
        Place += (Place.empty() ? "" : ":") + std::to_string(E.Line) + ":" +
                 std::to_string(E.Column);
      std::string Text = Place.empty() ? E.Message : Place + ": " + E.Message;
      // Messages may quote bytes of bad input: never fail on decoding them.
      nb::object Str = nb::steal(PyUnicode_DecodeUTF8(
          Text.data(), (Py_ssize_t)Text.size(), "replace"));
      nb::object Exc = nb::steal(PyObject_CallOneArg(ErrorType, Str.ptr()));
      if (!Exc.is_valid())
        return; // the call set its own exception
      Exc.attr("code") = nb::str(E.Code.data(), E.Code.size());
      Exc.attr("message") = nb::steal(PyUnicode_DecodeUTF8(
          E.Message.data(), (Py_ssize_t)E.Message.size(), "replace"));
      Exc.attr("line") = E.Line;
      Exc.attr("column") = E.Column;
      Exc.attr("file") = E.File.empty() ? nb::object(nb::none())
                                        : nb::object(nb::str(E.File.c_str()));
      PyErr_SetObject(ErrorType, Exc.ptr());
    }
  });
}

} // namespace python
} // namespace ptxinject
