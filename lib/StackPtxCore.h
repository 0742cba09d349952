//===- StackPtxCore.h - Stack PTX compiler core (private) -------*- C++ -*-===//
//
// The compile steps shared by the C and C++ APIs: run the program into a
// value graph held in the caller's workspace, mark live values, number
// temporaries, then write the stub. Writing is separate from compiling so
// the C API can report the size and write later without compiling twice.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_LIB_STACKPTXCORE_H
#define PTXINJECT_LIB_STACKPTXCORE_H

#include "ptxinject/StackPtx.h"

namespace ptxinject {
namespace stackptx {
namespace detail {

/// Where routine bodies come from: spans (C++) or return-terminated arrays
/// (C, with Sizes == nullptr).
struct RoutineTable {
  const Program *Spans = nullptr;
  const StackPtxInstruction *const *Arrays = nullptr;
  size_t Count = 0;
  Program get(size_t I) const {
    if (Spans)
      return Spans[I];
    return Program(Arrays[I], SIZE_MAX);
  }
};

size_t workspaceBytes(const StackPtxCompilerInfo &Limits,
                      const StackPtxInstructionSetInfo &Set);

/// Compiles into Workspace. On success the workspace holds everything the
/// writers below need (the register names are read again when writing).
StackPtxResult compileToWorkspace(const StackPtxCompilerInfo &Limits,
                                  const StackPtxInstructionSetInfo &Set, Program Main,
                                  const StackPtxRegister *Registers, size_t NumRegisters,
                                  const RoutineTable &Routines, const size_t *Requests,
                                  size_t NumRequests, void *Workspace, size_t WorkspaceSize);

/// True when Workspace holds a compiled program.
bool hasCompiledProgram(const void *Workspace, size_t WorkspaceSize);
/// An upper bound on the stub length, known right after compiling.
size_t outputBound(const void *Workspace);
/// The exact stub length (formats without writing).
size_t outputSize(const void *Workspace);
/// Writes the stub (no NUL) to Out, which must hold outputBound() bytes;
/// returns its length.
size_t writeOutput(const void *Workspace, char *Out);

} // namespace detail
} // namespace stackptx
} // namespace ptxinject

#endif
