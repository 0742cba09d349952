//===- Equality.cpp - Deep equality of instruction sets -------------------===//
//
// Strings compare by content, NULL equal only to NULL; the C API's equality
// functions use the same sameString.
//
//===----------------------------------------------------------------------===//
#include "ByteCodec.h"

namespace ptxinject {
namespace serialize {

bool sameString(const char *X, const char *Y) {
  if (!X || !Y)
    return X == Y;
  return std::strcmp(X, Y) == 0;
}

bool equalStackInfo(const StackPtxFastInstructionSetInfo &X,
                    const StackPtxFastInstructionSetInfo &Y) {
  if (X.num_stack_types != Y.num_stack_types ||
      X.num_arg_types != Y.num_arg_types ||
      X.num_instructions != Y.num_instructions ||
      X.num_special_registers != Y.num_special_registers)
    return false;
  for (size_t I = 0; I < X.num_stack_types; ++I) {
    const StackPtxFastStackTypeInfo &A = X.stack_types[I],
                                    &B = Y.stack_types[I];
    if (!sameString(A.name, B.name) || !sameString(A.reg_type, B.reg_type) ||
        A.constant_kind != B.constant_kind)
      return false;
  }
  for (size_t I = 0; I < X.num_arg_types; ++I)
    if (!sameString(X.arg_types[I].name, Y.arg_types[I].name) ||
        X.arg_types[I].stack_idx != Y.arg_types[I].stack_idx ||
        X.arg_types[I].num_vec_elems != Y.arg_types[I].num_vec_elems)
      return false;
  for (size_t I = 0; I < X.num_instructions; ++I) {
    const StackPtxFastPtxInstructionInfo &A = X.instructions[I],
                                         &B = Y.instructions[I];
    if (!sameString(A.ptx, B.ptx) || !sameString(A.display, B.display) ||
        A.num_args != B.num_args || A.num_rets != B.num_rets ||
        A.aligned != B.aligned ||
        std::memcmp(A.args, B.args, sizeof A.args) != 0 ||
        std::memcmp(A.rets, B.rets, sizeof A.rets) != 0)
      return false;
  }
  for (size_t I = 0; I < X.num_special_registers; ++I)
    if (!sameString(X.special_registers[I].ptx, Y.special_registers[I].ptx) ||
        X.special_registers[I].arg_type != Y.special_registers[I].arg_type)
      return false;
  return true;
}

} // namespace serialize
} // namespace ptxinject
