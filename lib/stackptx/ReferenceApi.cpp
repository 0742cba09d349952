//===- ReferenceApi.cpp - stack_ptx.h on the native compiler --------------===//
//
// The reference library's C API (stack_ptx.h) as a translation layer: each
// call checks the program the way the reference does (an index out of range
// is its *_IDX_OUT_OF_BOUNDS error), rewrites the reference's instruction
// words, tables and limits into the native ones (stack_ptx_native.h) and
// compiles through the native compiler core, then writes the stub in the
// reference's order and spelling (ReferenceText.h): the native entry points
// and their text are not touched. The translation buffers are per thread
// and only grow, so a compile allocates nothing once they are warm. A too
// small buffer is left as the reference leaves it
// (../reference/ShortBuffer.h).
//
//===----------------------------------------------------------------------===//
#include "stack_ptx.h"
#include "stack_ptx_native.h"

#include "Core.h"
#include "ReferenceText.h"

#include "../reference/ShortBuffer.h"
#include "ptxinject/site/RegisterName.h"

#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace {

namespace detail = ptxinject::stackptx::detail;

static_assert(sizeof(StackPtxInstruction) == 8,
              "reference instructions are 8 bytes");
static_assert(sizeof(StackPtxFastInstruction) == 8,
              "native instructions are 8 bytes");

// Reference meta instruction -> native meta op (the orders differ: the
// reference has CLEAR before ROTATE and its constant is an instruction type).
const uint16_t MetaOpOf[STACK_PTX_META_INSTRUCTION_NUM_ENUMS] = {
    STACK_PTX_FAST_META_DUP,     STACK_PTX_FAST_META_YANK_DUP,
    STACK_PTX_FAST_META_SWAP,    STACK_PTX_FAST_META_SWAP_WITH,
    STACK_PTX_FAST_META_REPLACE, STACK_PTX_FAST_META_DROP,
    STACK_PTX_FAST_META_CLEAR,   STACK_PTX_FAST_META_ROTATE,
    STACK_PTX_FAST_META_REVERSE};

// The native tables built from one StackPtxStackInfo.
struct NativeSet {
  std::vector<StackPtxFastStackTypeInfo> Stacks;
  std::vector<StackPtxFastArgTypeInfo> Args;
  std::vector<StackPtxFastPtxInstructionInfo> Instructions;
  std::vector<StackPtxFastSpecialRegisterInfo> Specials;
  StackPtxFastInstructionSetInfo Info{};
};

// Per-thread buffers: the converted set, registers and programs.
struct Scratch {
  NativeSet Set;
  std::vector<StackPtxFastRegister> Registers;
  std::vector<StackPtxFastInstruction> Words; // main program, then each routine
  std::vector<size_t> RoutineStart;
  std::vector<const StackPtxFastInstruction *> Routines;
};

Scratch &scratch() {
  thread_local Scratch S;
  return S;
}

// Which literals a stack takes follows its register type, as the reference
// prints constants: f32, u32 and s32 stacks take them, others do not.
uint8_t constantKindOf(const char *RegType) {
  if (!RegType)
    return STACK_PTX_FAST_CONSTANT_NONE;
  if (!std::strcmp(RegType, "f32"))
    return STACK_PTX_FAST_CONSTANT_F32;
  if (!std::strcmp(RegType, "u32"))
    return STACK_PTX_FAST_CONSTANT_U32;
  if (!std::strcmp(RegType, "s32"))
    return STACK_PTX_FAST_CONSTANT_S32;
  return STACK_PTX_FAST_CONSTANT_NONE;
}

StackPtxResult convertSet(const StackPtxStackInfo &R, NativeSet &N) {
  if (!R.stack_literal_prefixes ||
      (R.num_ptx_instructions &&
       (!R.ptx_instruction_strings || !R.ptx_instruction_descriptors)) ||
      (R.num_special_registers &&
       (!R.special_register_strings || !R.special_register_descriptors)) ||
      (R.num_arg_types && !R.arg_type_info))
    return STACK_PTX_ERROR_INVALID_VALUE;
  if (R.num_stacks == 0 || R.num_stacks > 255 || R.num_arg_types > 255 ||
      R.num_ptx_instructions > 0xffff || R.num_special_registers > 0xffff)
    return STACK_PTX_ERROR_INVALID_VALUE;
  N.Stacks.resize(R.num_stacks);
  for (size_t S = 0; S < R.num_stacks; ++S) {
    const char *Type = R.stack_literal_prefixes[S];
    if (!Type)
      return STACK_PTX_ERROR_INVALID_VALUE;
    N.Stacks[S] = {Type, Type, constantKindOf(Type)};
  }
  N.Args.resize(R.num_arg_types);
  for (size_t A = 0; A < R.num_arg_types; ++A) {
    const StackPtxArgTypeInfo &T = R.arg_type_info[A];
    if (T.stack_idx >= R.num_stacks)
      return STACK_PTX_ERROR_STACK_IDX_OUT_OF_BOUNDS;
    if (T.num_vec_elems > STACK_PTX_FAST_MAX_VEC_ELEMS)
      return STACK_PTX_ERROR_INVALID_VALUE;
    N.Args[A] = {"", (uint8_t)T.stack_idx, (uint8_t)T.num_vec_elems};
  }
  N.Instructions.resize(R.num_ptx_instructions);
  for (size_t I = 0; I < R.num_ptx_instructions; ++I) {
    const StackPtxPtxInstructionDescriptor &D =
        R.ptx_instruction_descriptors[I];
    StackPtxFastPtxInstructionInfo &O = N.Instructions[I];
    O = StackPtxFastPtxInstructionInfo{};
    O.ptx = O.display = R.ptx_instruction_strings[I];
    if (!O.ptx)
      return STACK_PTX_ERROR_INVALID_VALUE;
    // Arguments and returns end at the first NONE (the arg type count).
    while (O.num_args < 4 && D.arg_types[O.num_args] < R.num_arg_types) {
      O.args[O.num_args] = (uint8_t)D.arg_types[O.num_args];
      ++O.num_args;
    }
    while (O.num_rets < 2 && D.ret_types[O.num_rets] < R.num_arg_types) {
      O.rets[O.num_rets] = (uint8_t)D.ret_types[O.num_rets];
      ++O.num_rets;
    }
    if (O.num_rets == 0)
      return STACK_PTX_ERROR_ARG_IDX_OUT_OF_BOUNDS;
    O.aligned = D.is_aligned ? 1 : 0;
    // The reference pops an instruction's operands from the top down and
    // leaves its first result on top: `x y sub` is y - x there.
    O.top_first = 1;
  }
  N.Specials.resize(R.num_special_registers);
  for (size_t S = 0; S < R.num_special_registers; ++S) {
    StackPtxArgIdx Arg = R.special_register_descriptors[S].arg_type_idx;
    if (Arg >= R.num_arg_types)
      return STACK_PTX_ERROR_ARG_IDX_OUT_OF_BOUNDS;
    if (!R.special_register_strings[S])
      return STACK_PTX_ERROR_INVALID_VALUE;
    N.Specials[S] = {R.special_register_strings[S], (uint8_t)Arg};
  }
  // The reference's meta instructions (replace's depth, drop's bound).
  N.Info = {N.Stacks.data(),   N.Stacks.size(),       N.Args.data(),
            N.Args.size(),     N.Instructions.data(), N.Instructions.size(),
            N.Specials.data(), N.Specials.size(),     1};
  return STACK_PTX_SUCCESS;
}

// The reference counts the program's own frame in max_frame_depth.
StackPtxFastCompilerInfo nativeLimits(const StackPtxCompilerInfo &R,
                                      size_t ExecutionLimit) {
  StackPtxFastCompilerInfo N{};
  N.max_ast_size = R.max_ast_size;
  N.stack_size = R.stack_size;
  N.store_size = R.store_size;
  N.max_frame_depth = R.max_frame_depth ? R.max_frame_depth - 1 : 0;
  N.execution_limit = ExecutionLimit;
  return N;
}

struct Context {
  const StackPtxCompilerInfo &Limits;
  const StackPtxStackInfo &Set;
  const StackPtxRegister *Registers;
  size_t NumRegisters;
  const StackPtxInstruction **Routines;
  size_t NumRoutines;
};

StackPtxResult stackIdx(const Context &C, size_t S) {
  return S < C.Set.num_stacks ? STACK_PTX_SUCCESS
                              : STACK_PTX_ERROR_STACK_IDX_OUT_OF_BOUNDS;
}

// Checks one reference instruction and writes its native word.
StackPtxResult translate(const Context &C, const StackPtxInstruction &In,
                         StackPtxFastInstruction &Out) {
  Out = StackPtxFastInstruction{};
  uint32_t P = In.payload.u;
  switch (In.instruction_type) {
  case STACK_PTX_INSTRUCTION_TYPE_RETURN:
    Out.kind = STACK_PTX_FAST_INSTRUCTION_KIND_RETURN;
    return STACK_PTX_SUCCESS;
  case STACK_PTX_INSTRUCTION_TYPE_INPUT:
    if (!C.Registers || P >= C.NumRegisters)
      return STACK_PTX_ERROR_REGISTER_IDX_OUT_OF_BOUNDS;
    if (StackPtxResult R = stackIdx(C, C.Registers[P].stack_idx))
      return R;
    Out.kind = STACK_PTX_FAST_INSTRUCTION_KIND_INPUT;
    Out.idx = (uint16_t)P;
    return P > 0xffff ? STACK_PTX_ERROR_INPUT_IDX_OUT_OF_BOUNDS
                      : STACK_PTX_SUCCESS;
  case STACK_PTX_INSTRUCTION_TYPE_CONSTANT:
    if (StackPtxResult R = stackIdx(C, In.aux))
      return R;
    Out.kind = STACK_PTX_FAST_INSTRUCTION_KIND_CONSTANT;
    Out.stack_idx = (uint8_t)In.aux;
    Out.payload.u = P;
    return STACK_PTX_SUCCESS;
  case STACK_PTX_INSTRUCTION_TYPE_PTX:
    if (P >= C.Set.num_ptx_instructions)
      return STACK_PTX_ERROR_PTX_INSTRUCTION_IDX_OUT_OF_BOUNDS;
    Out.kind = STACK_PTX_FAST_INSTRUCTION_KIND_PTX;
    Out.idx = (uint16_t)P;
    return STACK_PTX_SUCCESS;
  case STACK_PTX_INSTRUCTION_TYPE_SPECIAL:
    if (P >= C.Set.num_special_registers)
      return STACK_PTX_ERROR_SPECIAL_REGISTER_IDX_OUT_OF_BOUNDS;
    Out.kind = STACK_PTX_FAST_INSTRUCTION_KIND_SPECIAL_REGISTER;
    Out.idx = (uint16_t)P;
    return STACK_PTX_SUCCESS;
  case STACK_PTX_INSTRUCTION_TYPE_META:
    if (P >= STACK_PTX_META_INSTRUCTION_NUM_ENUMS)
      return STACK_PTX_ERROR_META_INSTRUCTION_IDX_OUT_OF_BOUNDS;
    if (StackPtxResult R = stackIdx(C, In.aux))
      return R;
    Out.kind = STACK_PTX_FAST_INSTRUCTION_KIND_META;
    Out.stack_idx = (uint8_t)In.aux;
    Out.idx = MetaOpOf[P];
    return STACK_PTX_SUCCESS;
  case STACK_PTX_INSTRUCTION_TYPE_META_CONSTANT:
    Out.kind = STACK_PTX_FAST_INSTRUCTION_KIND_META;
    Out.idx = STACK_PTX_FAST_META_CONSTANT;
    Out.payload.u = P;
    return STACK_PTX_SUCCESS;
  case STACK_PTX_INSTRUCTION_TYPE_STORE:
    if (P >= C.Limits.store_size)
      return STACK_PTX_ERROR_STORE_IDX_OUT_OF_BOUNDS;
    if (StackPtxResult R = stackIdx(C, In.aux))
      return R;
    Out.kind = STACK_PTX_FAST_INSTRUCTION_KIND_STORE;
    Out.stack_idx = (uint8_t)In.aux;
    Out.idx = (uint16_t)P;
    return P > 0xffff ? STACK_PTX_ERROR_STORE_IDX_OUT_OF_BOUNDS
                      : STACK_PTX_SUCCESS;
  case STACK_PTX_INSTRUCTION_TYPE_LOAD:
    if (P >= C.Limits.store_size || P > 0xffff)
      return STACK_PTX_ERROR_LOAD_IDX_OUT_OF_BOUNDS;
    Out.kind = STACK_PTX_FAST_INSTRUCTION_KIND_LOAD;
    Out.idx = (uint16_t)P;
    return STACK_PTX_SUCCESS;
  case STACK_PTX_INSTRUCTION_TYPE_ROUTINE:
    if (!C.Routines || P >= C.NumRoutines || !C.Routines[P] || P > 0xffff)
      return STACK_PTX_ERROR_ROUTINES_IDX_OUT_OF_BOUNDS;
    Out.kind = STACK_PTX_FAST_INSTRUCTION_KIND_ROUTINE;
    Out.idx = (uint16_t)P;
    return STACK_PTX_SUCCESS;
  default: // NONE, the compiler-internal kinds, or bytes past a missing return
    return STACK_PTX_ERROR_BAD_INSTRUCTION_MAYBE_FORGOT_RETURN;
  }
}

// Appends one return-terminated program to Words.
StackPtxResult translateProgram(const Context &C,
                                const StackPtxInstruction *Program,
                                std::vector<StackPtxFastInstruction> &Words) {
  for (size_t I = 0;; ++I) {
    Words.emplace_back();
    if (StackPtxResult R = translate(C, Program[I], Words.back()))
      return R;
    if (Program[I].instruction_type == STACK_PTX_INSTRUCTION_TYPE_RETURN)
      return STACK_PTX_SUCCESS;
  }
}

StackPtxResult resultOf(StackPtxFastResult R) {
  switch (R) {
  case STACK_PTX_FAST_SUCCESS:
    return STACK_PTX_SUCCESS;
  case STACK_PTX_FAST_ERROR_INSUFFICIENT_BUFFER:
    return STACK_PTX_ERROR_INSUFFICIENT_BUFFER;
  case STACK_PTX_FAST_ERROR_INSUFFICIENT_WORKSPACE:
    return STACK_PTX_ERROR_INSUFFICIENT_WORKSPACE;
  case STACK_PTX_FAST_ERROR_INVALID_ARGUMENT:
  case STACK_PTX_FAST_ERROR_INVALID_INSTRUCTION_SET:
    return STACK_PTX_ERROR_INVALID_VALUE;
  case STACK_PTX_FAST_ERROR_INVALID_REGISTER:
    return STACK_PTX_ERROR_REGISTER_IDX_OUT_OF_BOUNDS;
  default:
    return STACK_PTX_ERROR_INTERNAL;
  }
}

} // namespace

extern "C" {

const char *stack_ptx_result_to_string(StackPtxResult Result) {
  switch (Result) {
#define STACK_PTX_RESULT_NAME(N)                                               \
  case N:                                                                      \
    return #N;
    STACK_PTX_RESULT_NAME(STACK_PTX_SUCCESS)
    STACK_PTX_RESULT_NAME(STACK_PTX_ERROR_INTERNAL)
    STACK_PTX_RESULT_NAME(STACK_PTX_ERROR_WRONG_TYPE_DISPATCH)
    STACK_PTX_RESULT_NAME(STACK_PTX_ERROR_INSUFFICIENT_BUFFER)
    STACK_PTX_RESULT_NAME(STACK_PTX_ERROR_INVALID_VALUE)
    STACK_PTX_RESULT_NAME(STACK_PTX_ERROR_INSUFFICIENT_AST_SIZE)
    STACK_PTX_RESULT_NAME(STACK_PTX_ERROR_INSUFFICIENT_AST_VISIT_SIZE)
    STACK_PTX_RESULT_NAME(STACK_PTX_ERROR_BAD_INSTRUCTION_MAYBE_FORGOT_RETURN)
    STACK_PTX_RESULT_NAME(STACK_PTX_ERROR_INSUFFICIENT_WORKSPACE)
    STACK_PTX_RESULT_NAME(STACK_PTX_ERROR_PTX_INSTRUCTION_IDX_OUT_OF_BOUNDS)
    STACK_PTX_RESULT_NAME(STACK_PTX_ERROR_META_INSTRUCTION_IDX_OUT_OF_BOUNDS)
    STACK_PTX_RESULT_NAME(STACK_PTX_ERROR_INPUT_IDX_OUT_OF_BOUNDS)
    STACK_PTX_RESULT_NAME(STACK_PTX_ERROR_REGISTER_IDX_OUT_OF_BOUNDS)
    STACK_PTX_RESULT_NAME(STACK_PTX_ERROR_SPECIAL_REGISTER_IDX_OUT_OF_BOUNDS)
    STACK_PTX_RESULT_NAME(STACK_PTX_ERROR_STACK_IDX_OUT_OF_BOUNDS)
    STACK_PTX_RESULT_NAME(STACK_PTX_ERROR_ARG_IDX_OUT_OF_BOUNDS)
    STACK_PTX_RESULT_NAME(STACK_PTX_ERROR_ROUTINES_IDX_OUT_OF_BOUNDS)
    STACK_PTX_RESULT_NAME(STACK_PTX_ERROR_STORE_IDX_OUT_OF_BOUNDS)
    STACK_PTX_RESULT_NAME(STACK_PTX_ERROR_LOAD_IDX_OUT_OF_BOUNDS)
#undef STACK_PTX_RESULT_NAME
  default:
    return "STACK_PTX_ERROR_INVALID_RESULT_ENUM";
  }
}

StackPtxResult
stack_ptx_compile_workspace_size(const StackPtxCompilerInfo *CompilerInfo,
                                 const StackPtxStackInfo *StackInfo,
                                 size_t *WorkspaceSize) {
  if (!CompilerInfo || !StackInfo || !WorkspaceSize)
    return STACK_PTX_ERROR_INVALID_VALUE;
  try {
    Scratch &S = scratch();
    if (StackPtxResult R = convertSet(*StackInfo, S.Set))
      return R;
    StackPtxFastCompilerInfo Limits = nativeLimits(*CompilerInfo, 0);
    return resultOf(stack_ptx_fast_compile_workspace_size(&Limits, &S.Set.Info,
                                                          WorkspaceSize));
  } catch (...) {
    return STACK_PTX_ERROR_INTERNAL;
  }
}

StackPtxResult
stack_ptx_compile(const StackPtxCompilerInfo *CompilerInfo,
                  const StackPtxStackInfo *StackInfo,
                  const StackPtxInstruction *Instructions,
                  const StackPtxRegister *Registers, size_t NumRegisters,
                  const StackPtxInstruction **Routines, size_t NumRoutines,
                  const size_t *Requests, size_t NumRequests,
                  size_t ExecutionLimit, void *Workspace, size_t WorkspaceSize,
                  char *Buffer, size_t BufferSize, size_t *BytesWritten) {
  if (!CompilerInfo || !StackInfo || !Workspace || !BytesWritten)
    return STACK_PTX_ERROR_INVALID_VALUE;
  try {
    Scratch &S = scratch();
    if (StackPtxResult R = convertSet(*StackInfo, S.Set))
      return R;
    StackPtxFastCompilerInfo Limits =
        nativeLimits(*CompilerInfo, ExecutionLimit);
    size_t Needed = 0;
    stack_ptx_fast_compile_workspace_size(&Limits, &S.Set.Info, &Needed);
    if (WorkspaceSize < Needed)
      return STACK_PTX_ERROR_INSUFFICIENT_WORKSPACE;
    *BytesWritten = 0;
    // No frame, not even the program's own: the reference runs nothing and
    // writes the empty stub (its NUL still needs a byte).
    if (CompilerInfo->max_frame_depth == 0) {
      if (!Buffer)
        return STACK_PTX_SUCCESS;
      if (BufferSize == 0)
        return STACK_PTX_ERROR_INSUFFICIENT_BUFFER;
      Buffer[0] = '\0';
      return STACK_PTX_SUCCESS;
    }
    // Only now, as the reference: with no frame it reads no program, so a
    // null one is no error there.
    if (!Instructions || (NumRegisters && !Registers) ||
        (NumRequests && !Requests))
      return STACK_PTX_ERROR_INVALID_VALUE;

    S.Registers.resize(NumRegisters);
    for (size_t I = 0; I < NumRegisters; ++I) {
      // A name is bare ("x" for %x); "%x" would be written %%x. A NULL
      // name is no error until the program reads or requests the register
      // (checked below), as in the reference, which never looks at it.
      if (Registers[I].name &&
          !ptxinject::isBareRegisterName(Registers[I].name))
        return STACK_PTX_ERROR_INVALID_VALUE;
      if (Registers[I].stack_idx >= StackInfo->num_stacks)
        return STACK_PTX_ERROR_STACK_IDX_OUT_OF_BOUNDS;
      S.Registers[I] = {Registers[I].name ? Registers[I].name : "_unnamed",
                        Registers[I].stack_idx};
    }
    for (size_t I = 0; I < NumRequests; ++I) {
      if (Requests[I] >= NumRegisters)
        return STACK_PTX_ERROR_REGISTER_IDX_OUT_OF_BOUNDS;
      if (!Registers[Requests[I]].name)
        return STACK_PTX_ERROR_INVALID_VALUE;
    }

    Context C{*CompilerInfo,
              *StackInfo,
              Registers,
              NumRegisters,
              NumRoutines ? Routines : nullptr,
              NumRoutines};
    S.Words.clear();
    if (StackPtxResult R = translateProgram(C, Instructions, S.Words))
      return R;
    S.RoutineStart.assign(NumRoutines, SIZE_MAX);
    for (size_t I = 0; I < NumRoutines; ++I) {
      if (!Routines[I])
        continue; // calling it is the error, as in the reference
      S.RoutineStart[I] = S.Words.size();
      if (StackPtxResult R = translateProgram(C, Routines[I], S.Words))
        return R;
    }
    // A register without a name must not be read (its input would print
    // as nothing the assembler takes).
    for (const StackPtxFastInstruction &W : S.Words)
      if (W.kind == STACK_PTX_FAST_INSTRUCTION_KIND_INPUT &&
          W.idx < NumRegisters && !Registers[W.idx].name)
        return STACK_PTX_ERROR_INVALID_VALUE;
    // A NULL routine is never called (translate rejects the call); the
    // native compiler still gets a valid, empty one.
    static const StackPtxFastInstruction EmptyRoutine{};
    S.Routines.assign(NumRoutines, &EmptyRoutine);
    for (size_t I = 0; I < NumRoutines; ++I)
      if (S.RoutineStart[I] != SIZE_MAX)
        S.Routines[I] = S.Words.data() + S.RoutineStart[I];

    detail::RoutineTable Table;
    Table.Arrays = NumRoutines ? S.Routines.data() : nullptr;
    Table.Count = NumRoutines;
    StackPtxFastResult R = detail::compileToWorkspace(
        Limits, S.Set.Info,
        ptxinject::stackptx::Program(S.Words.data(), SIZE_MAX),
        S.Registers.data(), NumRegisters, Table, Requests, NumRequests,
        Workspace, WorkspaceSize);
    if (R != STACK_PTX_FAST_SUCCESS)
      return resultOf(R);
    thread_local detail::ReferenceStub Stub;
    detail::writeReferenceStub(Workspace,
                               ptxinject::stackptx::ReferenceTemps::StackIndex,
                               /*WithPieces=*/false, Stub);
    size_t Length = Stub.Head.size() + Stub.Body.size();
    if (!Buffer) {
      *BytesWritten = Length;
      return STACK_PTX_SUCCESS;
    }
    if (BufferSize > Length) {
      std::memcpy(Buffer, Stub.Head.data(), Stub.Head.size());
      std::memcpy(Buffer + Stub.Head.size(), Stub.Body.data(),
                  Stub.Body.size());
      Buffer[Length] = '\0';
      *BytesWritten = Length;
      return STACK_PTX_SUCCESS;
    }
    // The reference prints the body first, a printf at a time, and stops
    // at the first that does not fit: where each ends, from a second write.
    detail::writeReferenceStub(Workspace,
                               ptxinject::stackptx::ReferenceTemps::StackIndex,
                               /*WithPieces=*/true, Stub);
    *BytesWritten = ptxinject::reference::leaveShortBuffer(
        Stub.Body, Stub.PieceEnds,
        ptxinject::reference::FitRule::EndWithinBuffer, Buffer, BufferSize);
    return STACK_PTX_ERROR_INSUFFICIENT_BUFFER;
  } catch (...) {
    return STACK_PTX_ERROR_INTERNAL;
  }
}

} // extern "C"
