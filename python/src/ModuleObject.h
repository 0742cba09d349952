//===- ModuleObject.h - The Module as the Python object holds - -*- C++ -*-===//
//
// A parsed Module plus what Python needs to know about its text: whether it
// is ASCII, in which case render() writes straight into a new str's buffer
// instead of rendering, then decoding and copying.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_PYTHON_MODULEOBJECT_H
#define PTXINJECT_PYTHON_MODULEOBJECT_H

#include "ptxinject/module/Module.h"

namespace ptxinject {
namespace python {

struct ModuleObject : Module {
  bool Ascii = false;
  ModuleObject(Module M, bool Ascii) : Module(std::move(M)), Ascii(Ascii) {}
};

} // namespace python
} // namespace ptxinject

#endif
