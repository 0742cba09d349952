//===- StubLabels.h - %{label} operand names in PTX stubs -------*- C++ -*-===//
//
// A stub may name an inject's operands by label, %{x}, instead of by stable
// register, %_x1: labels survive a change in operand order, registers do
// not. The runtime resolves labels against a parsed module's inject; the
// front end, baking a stub into CUDA source, against a site. Both go
// through this one resolver.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_SITE_STUBLABELS_H
#define PTXINJECT_SITE_STUBLABELS_H

#include "ptxinject/support/Error.h"

#include <string>
#include <string_view>
#include <vector>

namespace ptxinject {

/// One operand as a stub may name it: its label and its stable register
/// ("_x1", without the '%').
struct LabeledRegister {
  std::string_view Label;
  std::string_view Register;
};

/// Writes Stub to Out with every %{label} replaced by '%' and the register
/// of the operand with that label. Text that holds no '%{' is copied as is.
/// An unknown label or a '%{' without its '}' on the same line is an
/// InvalidStub error whose Line and Column (1-based) point into the stub;
/// InjectName names the inject in the message.
Error resolveStubLabels(std::string_view Stub, std::string_view InjectName,
                        const std::vector<LabeledRegister> &Operands,
                        std::string &Out);

} // namespace ptxinject

#endif
