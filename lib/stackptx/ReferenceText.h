//===- ReferenceText.h - A stub as the reference writes it ------*- C++ -*-===//
//
// The reference library (mm-ptx) prints a stub in another order and
// spelling than Write.cpp: it walks the value graph from the requests, the
// last request first, printing an instruction after its operands (in the
// order they are printed) and numbering temporaries as it prints them; every
// line starts with a tab; integer literals are hexadecimal; the results of a
// two-result instruction are joined by '|'; a vector operand or result starts
// a line of its own. Its declarations are put in front of the body once the
// body is known. The Stack PTX reference API (ReferenceApi.cpp) and the
// mm_ptx Python layer write their stubs with it; the native writers stay as
// they are.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_STACKPTX_REFERENCETEXT_H
#define PTXINJECT_STACKPTX_REFERENCETEXT_H

#include "ptxinject/stackptx/StackPtx.h"

#include <cstddef>
#include <string>
#include <vector>

namespace ptxinject {
namespace stackptx {
namespace detail {

/// A stub in the reference's text: Head + Body is the whole stub.
struct ReferenceStub {
  std::string Head; // the opening brace and the register declarations
  std::string Body; // the statements and the closing brace
  /// Where each of the reference's printf calls ends in Body, ascending (for
  /// what a too small buffer holds, ../reference/ShortBuffer.h), when asked
  /// for. Calls that print nothing are left out.
  std::vector<size_t> PieceEnds;
};

/// Writes the program compiled in Workspace (compileToWorkspace succeeded)
/// as the reference writes it, replacing Out's contents; with WithPieces,
/// notes its printf calls' ends too.
void writeReferenceStub(const void *Workspace, ReferenceTemps Temps,
                        bool WithPieces, ReferenceStub &Out);

} // namespace detail
} // namespace stackptx
} // namespace ptxinject

#endif
