//===- ReadDescription.h - A Stack PTX description read for a check -------===//
//
// The description tests check the error text users read ("LINE:COL:
// message"); this reads a description as pass/fail with that text, so each
// check states the text it expects.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_TEST_UNIT_READDESCRIPTION_H
#define PTXINJECT_TEST_UNIT_READDESCRIPTION_H

#include "ptxinject/stackptx/StackPtx.h"

#include <string>
#include <string_view>

namespace ptxinject::test {

/// InstructionSet::fromJson into Out; on failure Error is "LINE:COL: ...".
inline bool readSet(std::string_view Text,
                    ptxinject::stackptx::InstructionSet &Out,
                    std::string &Error) {
  ptxinject::Expected<ptxinject::stackptx::InstructionSet> Set =
      ptxinject::stackptx::InstructionSet::fromJson(Text);
  Error = Set ? std::string() : Set.error().located();
  if (Set)
    Out = Set.take();
  return static_cast<bool>(Set);
}

} // namespace ptxinject::test

#endif // PTXINJECT_TEST_UNIT_READDESCRIPTION_H
