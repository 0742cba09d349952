//===- RegisterName.h - Bare PTX register names -----------------*- C++ -*-===//
//
// Stack PTX and AST PTX take register names bare ("x") and write them with
// PTX's register sigil (%x). A name with its own '%' ("%x") would be written
// %%x, which only ptxas refuses, far from the call; every API that takes a
// name checks it with isBareRegisterName once per call instead.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_SITE_REGISTERNAME_H
#define PTXINJECT_SITE_REGISTERNAME_H

#include <string>
#include <string_view>

namespace ptxinject {

/// Whether \p Name, written after '%', is a PTX register name: one or more
/// letters, digits, '_' and '$' (PTX's "%" followsym+).
inline bool isBareRegisterName(std::string_view Name) {
  if (Name.empty())
    return false;
  for (char C : Name)
    if (!((C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z') ||
          (C >= '0' && C <= '9') || C == '_' || C == '$'))
      return false;
  return true;
}

/// The same for a C string, without measuring it first.
inline bool isBareRegisterName(const char *Name) {
  if (!Name || !*Name)
    return false;
  for (; *Name; ++Name) {
    char C = *Name;
    if (!((C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z') ||
          (C >= '0' && C <= '9') || C == '_' || C == '$'))
      return false;
  }
  return true;
}

/// Why \p Name is refused, naming the bare name to give instead:
/// "register name '%x' is not a bare PTX name: give 'x' (the stub writes
/// %x)".
inline std::string bareRegisterNameError(std::string_view Name) {
  std::string Message =
      "register name '" + std::string(Name) + "' is not a bare PTX name";
  std::string_view Bare = Name;
  while (!Bare.empty() && Bare.front() == '%')
    Bare.remove_prefix(1);
  if (Bare.size() != Name.size() && isBareRegisterName(Bare))
    return Message + ": give '" + std::string(Bare) + "' (the stub writes %" +
           std::string(Bare) + ")";
  return Message +
         " (letters, digits, '_' and '$'): give the bare name, as 'x' for %x";
}

} // namespace ptxinject

#endif
