//===- StackPtxText.h - Text form of Stack PTX programs ---------*- C++ -*-===//
//
// A human-readable form of Stack PTX programs, one word per instruction
// (`x y add.ftz.f32 1.0 add.ftz.f32`), for the command-line tool, tests and
// debugging. docs/stack-ptx.md describes the words.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_STACKPTXTEXT_H
#define PTXINJECT_STACKPTXTEXT_H

#include "ptxinject/stackptx/StackPtx.h"
#include "ptxinject/support/Error.h"

#include <string>
#include <string_view>
#include <vector>

namespace ptxinject {
namespace stackptx {

/// Parses Text into Out (a trailing return is appended). Input words are
/// the names of Registers. The first bad word is an InvalidStub error at
/// its line and column (1-based); Out is then empty.
Error parseProgram(std::string_view Text, const InstructionSet &Set,
                   Span<StackPtxFastRegister> Registers,
                   std::vector<StackPtxFastInstruction> &Out);

/// The earlier spelling, for code that passes the error in.
using TextError = Error;
inline bool parseProgram(std::string_view Text, const InstructionSet &Set,
                         Span<StackPtxFastRegister> Registers,
                         std::vector<StackPtxFastInstruction> &Out,
                         Error &Err) {
  Err = parseProgram(Text, Set, Registers, Out);
  return !Err;
}

/// Prints Prog in the form parseProgram reads (up to its first return).
std::string printProgram(Program Prog, const InstructionSet &Set,
                         Span<StackPtxFastRegister> Registers);

} // namespace stackptx
} // namespace ptxinject

#endif
