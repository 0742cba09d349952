//===- Site.h - The model of one inject site --------------------*- C++ -*-===//
//
// An inject site as the front end sees it: a name and typed operands. The
// front end fills it from the AST; the asm emitter turns it into inline asm.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_SITE_H
#define PTXINJECT_SITE_H

#include "ptxinject/site/TypeTable.h"

#include <string>
#include <vector>

namespace ptxinject {

enum class OperandKind { In, Mod, Out };

/// The marker letter of a kind: 'i', 'm' or 'o'.
char operandKindLetter(OperandKind K);
/// "in", "mod" or "out".
const char *operandKindName(OperandKind K);

struct SiteOperand {
  OperandKind Kind = OperandKind::In;
  std::string Label; ///< name users look the operand up by
  const TypeInfo *Type = nullptr;
};

struct Site {
  std::string Name;
  std::vector<SiteOperand> Operands; ///< in source order
};

} // namespace ptxinject

#endif
