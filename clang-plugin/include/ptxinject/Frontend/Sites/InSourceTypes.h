//===- InSourceTypes.h - Type tokens declared in the source -----*- C++ -*-===//
//
// A type token can be declared in the source the way the reference system
// does, `#define PTX_TYPE_INFO_DOG PTX_TYPES_DESC(f32, f32, f, ID)`, which is
// also what the header's macros use when no front end runs. This reads such a
// definition from the preprocessor's macro table, so the rewriter and the
// plugin resolve the same tokens as plain nvcc does.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_FRONTEND_INSOURCETYPES_H
#define PTXINJECT_FRONTEND_INSOURCETYPES_H

#include "ptxinject/site/TypeTable.h"

#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace ptxinject {
namespace frontend {

/// What the source says about one type token.
struct InSourceType {
  enum class State { Absent, Declared, Malformed } Is = State::Absent;
  /// When Declared: the entry, named by the token as written; it lives as
  /// long as the process (sites keep pointers to their types).
  const TypeInfo *Type = nullptr;
  /// When Malformed: why, to append to an error message.
  std::string Problem;
};

/// Looks up PTX_TYPE_INFO_<Token> in PP's current macro table. Declared when
/// its body is PTX_TYPES_DESC(register type, mov postfix, constraint letter,
/// bind kind ID | U16 | U32 | PRED); Malformed when the macro exists with any
/// other body.
InSourceType findInSourceType(clang::Preprocessor &PP,
                              llvm::StringRef TypeToken);

} // namespace frontend
} // namespace ptxinject

#endif
