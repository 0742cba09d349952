//===- TextArg.h - Borrowing text from Python objects -----------*- C++ -*-===//
//
// A view of the UTF-8 bytes of a str (or the bytes of a bytes/bytearray)
// without copying. The view is valid while the object is alive, which the
// caller guarantees by holding a reference across any GIL release.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_PYTHON_TEXTARG_H
#define PTXINJECT_PYTHON_TEXTARG_H

#include <nanobind/nanobind.h>

#include <string_view>

namespace ptxinject {
namespace python {

/// The text of Obj; raises TypeError for anything but str, bytes, bytearray.
inline std::string_view textOf(nanobind::handle Obj, const char *What) {
  PyObject *P = Obj.ptr();
  if (PyUnicode_Check(P)) {
    Py_ssize_t Size = 0;
    const char *Data = PyUnicode_AsUTF8AndSize(P, &Size);
    if (!Data)
      throw nanobind::python_error();
    return {Data, (size_t)Size};
  }
  if (PyBytes_Check(P))
    return {PyBytes_AS_STRING(P), (size_t)PyBytes_GET_SIZE(P)};
  if (PyByteArray_Check(P))
    return {PyByteArray_AS_STRING(P), (size_t)PyByteArray_GET_SIZE(P)};
  throw nanobind::type_error((std::string(What) +
                              " must be str or bytes, not " +
                              nanobind::type_name(Obj.type()).c_str())
                                 .c_str());
}

/// A Python str from UTF-8 bytes, invalid sequences replaced.
inline nanobind::object strOf(std::string_view Text) {
  return nanobind::steal(
      PyUnicode_DecodeUTF8(Text.data(), (Py_ssize_t)Text.size(), "replace"));
}

} // namespace python
} // namespace ptxinject

#endif
