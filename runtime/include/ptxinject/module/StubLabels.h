//===- StubLabels.h - %{label} operand names in PTX stubs -------*- C++ -*-===//
//
// A stub may name an inject's operands by label, %{x}, instead of by stable
// register, %_x1: labels survive a change in operand order, registers do
// not. Every command and API that takes stubs resolves them the same way.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_MODULE_STUBLABELS_H
#define PTXINJECT_MODULE_STUBLABELS_H

#include "ptxinject/module/Module.h"
#include "ptxinject/support/Error.h"

#include <string>
#include <string_view>

namespace ptxinject::module {

/// Writes Stub to Out with every %{label} replaced by '%' and the stable
/// register of Target's operand with that label (%{x} -> %_x1). Text that
/// holds no '%{' is copied as is. An unknown label or a '%{' without its
/// '}' on the same line is an InvalidStub error whose Line and Column
/// (1-based) point into the stub.
Error resolveStubLabels(const Inject &Target, std::string_view Stub,
                        std::string &Out);

/// The earlier spelling, for code that passes the error in.
using StubLabelError = Error;
inline bool resolveStubLabels(const Inject &Target, std::string_view Stub,
                              std::string &Out, Error &Err) {
  Err = resolveStubLabels(Target, Stub, Out);
  return !Err;
}

} // namespace ptxinject::module

// The runtime's C++ API keeps its ptxinject:: spelling (docs/runtime.md).
namespace ptxinject {
using module::resolveStubLabels;
using module::StubLabelError;
} // namespace ptxinject

#endif
