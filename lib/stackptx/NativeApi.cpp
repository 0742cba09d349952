//===- NativeApi.cpp - Native C API of the Stack PTX compiler -------------===//
//
// The functions declared in stack_ptx_native.h. Compiling measures and, when
// the buffer is large enough, writes in the same pass; a short buffer keeps
// the compiled program in the workspace for stack_ptx_fast_write_output.
//
//===----------------------------------------------------------------------===//
#include "Core.h"

#include <cstring>
#include <memory>
#include <new>

using namespace ptxinject::stackptx;

struct StackPtxFastCompiler {
  StackPtxFastCompilerInfo Limits;
  const StackPtxFastInstructionSetInfo *Set;
  std::shared_ptr<const detail::DecodedSet> Decoded;
};

namespace {

/// Writes the compiled stub and a NUL when Buffer holds them; Length is the
/// stub's length either way. A buffer with room for the writer's bound is
/// written in one pass, without measuring first.
StackPtxFastResult writeStub(const void *Workspace, char *Buffer,
                             size_t BufferSize, size_t &Length) {
  if (BufferSize > detail::outputBound(Workspace)) {
    Length = detail::writeOutput(Workspace, Buffer);
    Buffer[Length] = '\0';
    return STACK_PTX_FAST_SUCCESS;
  }
  Length = detail::outputSize(Workspace);
  if (BufferSize <= Length) {
    if (BufferSize)
      Buffer[0] = '\0';
    return STACK_PTX_FAST_ERROR_INSUFFICIENT_BUFFER;
  }
  detail::writeOutputExact(Workspace, Buffer);
  Buffer[Length] = '\0';
  return STACK_PTX_FAST_SUCCESS;
}

/// stack_ptx_fast_compile and stack_ptx_fast_compiler_compile: compile, then
/// measure and write in one pass when the buffer is large enough.
StackPtxFastResult
compileAndWrite(const StackPtxFastCompilerInfo &Info,
                const StackPtxFastInstructionSetInfo &Set,
                const detail::DecodedSet *Decoded,
                const StackPtxFastInstruction *Instructions,
                const StackPtxFastRegister *Registers, size_t NumRegisters,
                const StackPtxFastInstruction *const *Routines,
                size_t NumRoutines, const size_t *Requests, size_t NumRequests,
                void *Workspace, size_t WorkspaceSize, char *Buffer,
                size_t BufferSize, size_t *RequiredSize) {
  // Every array the caller counts must exist; a NULL array with a count of
  // zero is fine (C callers pass NULL, 0 for "none").
  if (!Instructions || !RequiredSize || (NumRoutines && !Routines) ||
      (NumRegisters && !Registers) || (NumRequests && !Requests))
    return STACK_PTX_FAST_ERROR_INVALID_ARGUMENT;
  for (size_t R = 0; R < NumRoutines; ++R)
    if (!Routines[R])
      return STACK_PTX_FAST_ERROR_INVALID_ARGUMENT;
  detail::RoutineTable Table;
  Table.Arrays = Routines;
  Table.Count = NumRoutines;
  StackPtxFastResult R = detail::compileToWorkspace(
      Info, Set, Program(Instructions, SIZE_MAX), Registers, NumRegisters,
      Table, Requests, NumRequests, Workspace, WorkspaceSize, Decoded);
  if (R != STACK_PTX_FAST_SUCCESS)
    return R;
  if (!Buffer) {
    *RequiredSize = detail::outputSize(Workspace);
    return STACK_PTX_FAST_SUCCESS;
  }
  return writeStub(Workspace, Buffer, BufferSize, *RequiredSize);
}

} // namespace

extern "C" {

const char *stack_ptx_fast_result_to_string(StackPtxFastResult Result) {
  // A C caller may pass any int in the enum; read the bits, not the enum, so
  // an out-of-range value is a fallback string rather than undefined behaviour.
  static_assert(sizeof(StackPtxFastResult) == sizeof(int),
                "C enums are int-sized");
  int Raw;
  std::memcpy(&Raw, &Result, sizeof Raw);
  switch (Raw) {
  case STACK_PTX_FAST_SUCCESS:
    return "STACK_PTX_FAST_SUCCESS";
  case STACK_PTX_FAST_ERROR_INSUFFICIENT_BUFFER:
    return "STACK_PTX_FAST_ERROR_INSUFFICIENT_BUFFER: the output buffer is too "
           "small; "
           "allocate the reported size + 1";
  case STACK_PTX_FAST_ERROR_INSUFFICIENT_WORKSPACE:
    return "STACK_PTX_FAST_ERROR_INSUFFICIENT_WORKSPACE: allocate the size "
           "stack_ptx_fast_compile_workspace_size reports";
  case STACK_PTX_FAST_ERROR_INVALID_ARGUMENT:
    return "STACK_PTX_FAST_ERROR_INVALID_ARGUMENT: a required pointer is NULL";
  case STACK_PTX_FAST_ERROR_INVALID_INSTRUCTION_SET:
    return "STACK_PTX_FAST_ERROR_INVALID_INSTRUCTION_SET: the instruction set "
           "tables are "
           "inconsistent";
  case STACK_PTX_FAST_ERROR_INVALID_REGISTER:
    return "STACK_PTX_FAST_ERROR_INVALID_REGISTER: a request index is past the "
           "registers, or "
           "a register has an unknown stack_idx, no name, or a name that is "
           "not a bare PTX "
           "name: give the bare name ('x', which the stub writes as %x, not "
           "'%x')";
  case STACK_PTX_FAST_ERROR_NOTHING_COMPILED:
    return "STACK_PTX_FAST_ERROR_NOTHING_COMPILED: call stack_ptx_fast_compile "
           "on this workspace "
           "first";
  case STACK_PTX_FAST_ERROR_INVALID_DESCRIPTION:
    return "STACK_PTX_FAST_ERROR_INVALID_DESCRIPTION: the JSON description is "
           "malformed";
  case STACK_PTX_FAST_ERROR_OUT_OF_MEMORY:
    return "STACK_PTX_FAST_ERROR_OUT_OF_MEMORY: the compiler's tables could "
           "not be allocated";
  default:
    return "STACK_PTX_FAST_ERROR_INVALID_RESULT_ENUM: not a StackPtxFastResult "
           "value";
  }
}

StackPtxFastResult
stack_ptx_fast_compile_workspace_size(const StackPtxFastCompilerInfo *Info,
                                      const StackPtxFastInstructionSetInfo *Set,
                                      size_t *WorkspaceSize) {
  if (!Info || !Set || !WorkspaceSize)
    return STACK_PTX_FAST_ERROR_INVALID_ARGUMENT;
  *WorkspaceSize = detail::workspaceBytes(*Info, *Set);
  return STACK_PTX_FAST_SUCCESS;
}

StackPtxFastResult stack_ptx_fast_compile(
    const StackPtxFastCompilerInfo *Info,
    const StackPtxFastInstructionSetInfo *Set,
    const StackPtxFastInstruction *Instructions,
    const StackPtxFastRegister *Registers, size_t NumRegisters,
    const StackPtxFastInstruction *const *Routines, size_t NumRoutines,
    const size_t *Requests, size_t NumRequests, void *Workspace,
    size_t WorkspaceSize, char *Buffer, size_t BufferSize,
    size_t *RequiredSize) {
  if (!Info || !Set)
    return STACK_PTX_FAST_ERROR_INVALID_ARGUMENT;
  return compileAndWrite(*Info, *Set, nullptr, Instructions, Registers,
                         NumRegisters, Routines, NumRoutines, Requests,
                         NumRequests, Workspace, WorkspaceSize, Buffer,
                         BufferSize, RequiredSize);
}

StackPtxFastResult
stack_ptx_fast_compiler_create(const StackPtxFastCompilerInfo *Info,
                               const StackPtxFastInstructionSetInfo *Set,
                               StackPtxFastCompiler **Compiler) {
  if (!Compiler)
    return STACK_PTX_FAST_ERROR_INVALID_ARGUMENT;
  *Compiler = nullptr;
  if (!Info || !Set)
    return STACK_PTX_FAST_ERROR_INVALID_ARGUMENT;
  if (!detail::isUsableSet(*Set))
    return STACK_PTX_FAST_ERROR_INVALID_INSTRUCTION_SET;
  try {
    *Compiler =
        new StackPtxFastCompiler{*Info, Set, detail::decodeSet(*Set, *Info)};
  } catch (const std::bad_alloc &) {
    return STACK_PTX_FAST_ERROR_OUT_OF_MEMORY;
  }
  return STACK_PTX_FAST_SUCCESS;
}

void stack_ptx_fast_compiler_destroy(StackPtxFastCompiler *Compiler) {
  delete Compiler;
}

StackPtxFastResult stack_ptx_fast_compiler_compile(
    const StackPtxFastCompiler *Compiler,
    const StackPtxFastInstruction *Instructions,
    const StackPtxFastRegister *Registers, size_t NumRegisters,
    const StackPtxFastInstruction *const *Routines, size_t NumRoutines,
    const size_t *Requests, size_t NumRequests, void *Workspace,
    size_t WorkspaceSize, char *Buffer, size_t BufferSize,
    size_t *RequiredSize) {
  if (!Compiler)
    return STACK_PTX_FAST_ERROR_INVALID_ARGUMENT;
  return compileAndWrite(
      Compiler->Limits, *Compiler->Set, Compiler->Decoded.get(), Instructions,
      Registers, NumRegisters, Routines, NumRoutines, Requests, NumRequests,
      Workspace, WorkspaceSize, Buffer, BufferSize, RequiredSize);
}

StackPtxFastResult stack_ptx_fast_write_output(const void *Workspace,
                                               size_t WorkspaceSize,
                                               char *Buffer, size_t BufferSize,
                                               size_t *BytesWritten) {
  if (!Workspace || !Buffer || !BytesWritten)
    return STACK_PTX_FAST_ERROR_INVALID_ARGUMENT;
  if (!detail::hasCompiledProgram(Workspace, WorkspaceSize))
    return STACK_PTX_FAST_ERROR_NOTHING_COMPILED;
  size_t Length = 0;
  StackPtxFastResult R = writeStub(Workspace, Buffer, BufferSize, Length);
  if (R == STACK_PTX_FAST_SUCCESS)
    *BytesWritten = Length;
  return R;
}

} // extern "C"
