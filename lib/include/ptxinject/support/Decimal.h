//===- Decimal.h - Numbers as the project's files write them ----*- C++ -*-===//
//
// The files the project writes and reads back (cache entries, manifest.tsv)
// print numbers one way: decimal digits, no sign, no leading zero. A reader
// that takes only that spelling cannot be fooled into two readings of one
// field. Header-only, for the LLVM-free core and the runtime alike.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_SUPPORT_DECIMAL_H
#define PTXINJECT_SUPPORT_DECIMAL_H

#include <cstddef>
#include <string_view>

namespace ptxinject {

/// Out is the number Text spells as std::to_string writes a size_t: 1 to 18
/// digits, no leading zero (but "0"), nothing else. False otherwise.
inline bool parseCanonicalDecimal(std::string_view Text, std::size_t &Out) {
  if (Text.empty() || Text.size() > 18 || (Text.size() > 1 && Text[0] == '0'))
    return false;
  Out = 0;
  for (char C : Text) {
    if (C < '0' || C > '9')
      return false;
    Out = Out * 10 + static_cast<std::size_t>(C - '0');
  }
  return true;
}

} // namespace ptxinject

#endif // PTXINJECT_SUPPORT_DECIMAL_H
