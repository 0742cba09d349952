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

#include <string>
#include <string_view>
#include <vector>

namespace ptxinject {
namespace stackptx {

struct TextError {
  unsigned Line = 0, Column = 0; // 1-based
  std::string Message;
};

/// Parses Text into Out (a trailing return is appended). Input words are
/// the names of Registers. Returns false with Err set on the first bad word.
bool parseProgram(std::string_view Text, const InstructionSet &Set,
                  Span<StackPtxFastRegister> Registers,
                  std::vector<StackPtxFastInstruction> &Out, TextError &Err);

/// Prints Prog in the form parseProgram reads (up to its first return).
std::string printProgram(Program Prog, const InstructionSet &Set,
                         Span<StackPtxFastRegister> Registers);

} // namespace stackptx
} // namespace ptxinject

#endif
