//===- Site.cpp - The model of one inject site ----------------------------===//
#include "ptxinject/site/Site.h"

namespace ptxinject {

char operandKindLetter(OperandKind K) {
  switch (K) {
  case OperandKind::In:
    return 'i';
  case OperandKind::Mod:
    return 'm';
  case OperandKind::Out:
    return 'o';
  }
  return '?';
}

const char *operandKindName(OperandKind K) {
  switch (K) {
  case OperandKind::In:
    return "in";
  case OperandKind::Mod:
    return "mod";
  case OperandKind::Out:
    return "out";
  }
  return "?";
}

} // namespace ptxinject
