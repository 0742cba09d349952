//===- ProgramArg.h - Programs and registers ------------------ -*- C++ -*-===//
//
// Stack PTX programs arrive as text, as a NumPy array of 8-byte instruction
// words, or as a sequence of ints (ptxinject.stack.Instruction is an int).
// Arrays are borrowed, never copied; the caller holds them across any GIL
// release.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_PYTHON_PROGRAMARG_H
#define PTXINJECT_PYTHON_PROGRAMARG_H

#include "ptxinject/stackptx/StackPtx.h"

#include <nanobind/nanobind.h>

#include <string>
#include <vector>

namespace ptxinject {
namespace python {

/// Registers as the compilers take them, with the names they point to.
struct RegisterList {
  std::vector<std::string> Names;
  std::vector<StackPtxFastRegister> Registers;
  void build(); // points Registers at Names
};

/// Reads [(name, stack type), ...]; stack types by name or index.
RegisterList toRegisters(nanobind::handle Seq,
                         const stackptx::InstructionSet &Set);

/// Reads requests: register indices or names.
std::vector<size_t> toRequests(nanobind::handle Seq, const RegisterList &Regs);

/// A program as a span over Storage or over the array's own memory.
stackptx::Program toProgram(nanobind::handle Obj,
                            const stackptx::InstructionSet &Set,
                            const RegisterList &Regs,
                            std::vector<StackPtxFastInstruction> &Storage);

/// Many programs: the rows of a 2-D word array (a zero word, return, ends a
/// shorter one), or a sequence of programs as toProgram reads them (held in
/// Storage).
std::vector<stackptx::Program>
toPrograms(nanobind::handle Objs, const stackptx::InstructionSet &Set,
           const RegisterList &Regs,
           std::vector<std::vector<StackPtxFastInstruction>> &Storage);

/// An InstructionSet, a path to a description JSON, or None (built-in).
stackptx::InstructionSet instructionSetOf(nanobind::handle Arg);

/// 8-byte words of a C-contiguous uint64/int64 array of 1 or 2 dimensions;
/// false when Obj is no such array.
bool wordsOfArray(nanobind::handle Obj, const uint64_t *&Data, size_t &Rows,
                  size_t &Cols);

} // namespace python
} // namespace ptxinject

#endif
