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

#include <string>
#include <string_view>

namespace ptxinject {

/// Why a stub's labels could not be resolved; Line and Column are 1-based
/// and point into the stub.
struct StubLabelError {
  std::string Message;
  unsigned Line = 0, Column = 0;
};

/// Writes Stub to Out with every %{label} replaced by '%' and the stable
/// register of Target's operand with that label (%{x} -> %_x1). Text that
/// holds no '%{' is copied as is. Returns false with Err on an unknown
/// label or a '%{' without its '}' on the same line.
bool resolveStubLabels(const Inject &Target, std::string_view Stub,
                       std::string &Out, StubLabelError &Err);

} // namespace ptxinject

#endif
