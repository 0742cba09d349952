//===- ReferenceApi.cpp - ast_ptx.h on the native AST PTX compiler --------===//
//
// ast_ptx_compile of the reference library: checks each instruction as the
// reference does (argument counts in aux, index ranges, routine depth 8),
// rewrites the words into the native ones (ast_ptx_native.h) and compiles
// through ast_ptx_fast_compile. A too small buffer is left as the reference
// leaves it (../reference/ShortBuffer.h): the stub's text is the reference's,
// byte for byte, so the partial text and the count are too.
//
//===----------------------------------------------------------------------===//
#include "ast_ptx.h"
#include "ast_ptx_native.h"

#include "../reference/ShortBuffer.h"

#include <string>
#include <string_view>
#include <vector>

namespace {

constexpr size_t MaxArgs = 4, MaxRoutineDepth = 8, MaxInstructions = 65536;

struct Input {
  size_t NumInputs;
  const char *const *Names;
  const uint16_t *NumArgs;
  size_t NumEnums;
  const AstPtxInstruction *const *Routines;
  size_t NumRoutines;
};

AstPtxResult translate(const Input &In, const AstPtxInstruction &I,
                       bool InRoutine, AstPtxFastInstruction &Out) {
  Out = AstPtxFastInstruction{};
  uint32_t Idx = I.payload.idx;
  switch (I.instruction_type) {
  case AST_PTX_INSTRUCTION_TYPE_RETURN:
    Out.kind = AST_PTX_FAST_INSTRUCTION_KIND_RETURN;
    return AST_PTX_SUCCESS;
  case AST_PTX_INSTRUCTION_TYPE_INPUT:
    if (Idx >= In.NumInputs || Idx > 0xffff)
      return AST_PTX_ERROR_INPUT_IDX_OUT_OF_BOUNDS;
    Out.kind = AST_PTX_FAST_INSTRUCTION_KIND_INPUT;
    Out.idx = (uint16_t)Idx;
    return AST_PTX_SUCCESS;
  case AST_PTX_INSTRUCTION_TYPE_CONSTANT:
    Out.kind = AST_PTX_FAST_INSTRUCTION_KIND_CONSTANT;
    Out.payload.f = I.payload.f;
    return AST_PTX_SUCCESS;
  case AST_PTX_INSTRUCTION_TYPE_ROUTINE_ARG:
    if (!InRoutine || Idx >= MaxArgs)
      return AST_PTX_ERROR_ROUTINE_ARG_IDX_OUT_OF_BOUNDS;
    Out.kind = AST_PTX_FAST_INSTRUCTION_KIND_ROUTINE_ARG;
    Out.idx = (uint16_t)Idx;
    return AST_PTX_SUCCESS;
  case AST_PTX_INSTRUCTION_TYPE_PTX_INSTRUCTION:
    if (I.aux > MaxArgs)
      return AST_PTX_ERROR_TOO_MANY_ARGS;
    if (!In.Names || Idx >= In.NumEnums || !In.Names[Idx])
      return AST_PTX_ERROR_PTX_INSTRUCTION_IDX_OUT_OF_BOUNDS;
    if (!In.NumArgs || I.aux != In.NumArgs[Idx])
      return AST_PTX_ERROR_INVALID_VALUE;
    Out.kind = AST_PTX_FAST_INSTRUCTION_KIND_PTX;
    Out.idx = (uint16_t)Idx;
    return AST_PTX_SUCCESS;
  case AST_PTX_INSTRUCTION_TYPE_ROUTINE:
    if (I.aux > MaxArgs)
      return AST_PTX_ERROR_TOO_MANY_ARGS;
    if (!In.Routines || Idx >= In.NumRoutines || !In.Routines[Idx] ||
        Idx > 0xffff)
      return AST_PTX_ERROR_ROUTINE_IDX_OUT_OF_BOUNDS;
    Out.kind = AST_PTX_FAST_INSTRUCTION_KIND_ROUTINE;
    Out.idx = (uint16_t)Idx;
    return AST_PTX_SUCCESS;
  default: // NONE, REGISTER (internal) or bytes past a missing return
    return AST_PTX_ERROR_BAD_INSTRUCTION_MAYBE_FORGOT_RETURN;
  }
}

AstPtxResult translateProgram(const Input &In, const AstPtxInstruction *P,
                              bool InRoutine,
                              std::vector<AstPtxFastInstruction> &Words) {
  for (size_t I = 0; I < MaxInstructions; ++I) {
    Words.emplace_back();
    if (AstPtxResult R = translate(In, P[I], InRoutine, Words.back()))
      return R;
    if (P[I].instruction_type == AST_PTX_INSTRUCTION_TYPE_RETURN)
      return AST_PTX_SUCCESS;
  }
  return AST_PTX_ERROR_BAD_INSTRUCTION_MAYBE_FORGOT_RETURN;
}

// Calls nest at most MaxRoutineDepth deep (a cycle always exceeds it).
bool depthExceeded(const Input &In, const AstPtxInstruction *P, size_t Depth) {
  for (size_t I = 0; I < MaxInstructions &&
                     P[I].instruction_type != AST_PTX_INSTRUCTION_TYPE_RETURN;
       ++I) {
    if (P[I].instruction_type != AST_PTX_INSTRUCTION_TYPE_ROUTINE)
      continue;
    if (Depth + 1 > MaxRoutineDepth)
      return true;
    if (depthExceeded(In, In.Routines[P[I].payload.idx], Depth + 1))
      return true;
  }
  return false;
}

AstPtxResult resultOf(AstPtxFastResult R) {
  switch (R) {
  case AST_PTX_FAST_SUCCESS:
    return AST_PTX_SUCCESS;
  case AST_PTX_FAST_ERROR_INSUFFICIENT_BUFFER:
    return AST_PTX_ERROR_INSUFFICIENT_BUFFER;
  case AST_PTX_FAST_ERROR_STACK_UNDERFLOW:
    return AST_PTX_ERROR_STACK_UNDERFLOW;
  case AST_PTX_FAST_ERROR_ARITY_MISMATCH:
    return AST_PTX_ERROR_TOO_MANY_ARGS;
  case AST_PTX_FAST_ERROR_UNKNOWN_INSTRUCTION:
    return AST_PTX_ERROR_PTX_INSTRUCTION_IDX_OUT_OF_BOUNDS;
  case AST_PTX_FAST_ERROR_UNKNOWN_INPUT:
    return AST_PTX_ERROR_INPUT_IDX_OUT_OF_BOUNDS;
  case AST_PTX_FAST_ERROR_UNKNOWN_ROUTINE:
    return AST_PTX_ERROR_ROUTINE_IDX_OUT_OF_BOUNDS;
  case AST_PTX_FAST_ERROR_BAD_ROUTINE_ARG:
    return AST_PTX_ERROR_ROUTINE_ARG_IDX_OUT_OF_BOUNDS;
  case AST_PTX_FAST_ERROR_RECURSION_TOO_DEEP:
    return AST_PTX_ERROR_ROUTINE_DEPTH_EXCEEDED;
  case AST_PTX_FAST_ERROR_NO_RETURN:
  case AST_PTX_FAST_ERROR_UNKNOWN_KIND:
    return AST_PTX_ERROR_BAD_INSTRUCTION_MAYBE_FORGOT_RETURN;
  case AST_PTX_FAST_ERROR_TOO_LARGE:
    return AST_PTX_ERROR_STACK_OVERFLOW;
  case AST_PTX_FAST_ERROR_INVALID_ARGUMENT:
  case AST_PTX_FAST_ERROR_WRONG_RESULT_COUNT:
    return AST_PTX_ERROR_INVALID_VALUE;
  default:
    return AST_PTX_ERROR_INTERNAL;
  }
}

// Where the reference's printf calls end in a stub's body: per instruction
// "NAME %astN", then ", " and each operand, then ";\n"; for the output
// "mov.f32 %OUT, ", its value and ";\n"; then the closing "}".
const std::vector<size_t> &pieceEnds(std::string_view Body,
                                     std::string_view Output) {
  thread_local std::string Mov;
  Mov.assign("mov.f32 %").append(Output).append(", ");
  return ptxinject::reference::printfEnds(
      Body, /*Every=*/true,
      [&](size_t At, size_t LineEnd, std::vector<size_t> &Ends) {
        // The output's copy, the last statement, prints its head whole.
        if (Body.find(";\n", LineEnd + 2) == std::string_view::npos &&
            Body.substr(At, Mov.size()) == Mov) {
          Ends.push_back(At + Mov.size());
          return At + Mov.size();
        }
        return At;
      });
}

} // namespace

extern "C" AstPtxResult
ast_ptx_compile(const char *Output, const char *const *Inputs, size_t NumInputs,
                const char *const *Names, const uint16_t *NumArgs,
                size_t NumEnums, const AstPtxInstruction *const *Routines,
                size_t NumRoutines, const AstPtxInstruction *Instructions,
                char *Buffer, size_t BufferSize, size_t *BytesWritten) {
  // As the reference: the count and the buffer are cleared before anything
  // is checked, bytes_written may be NULL, and a NULL input array is an
  // empty one (reading an input from it is INPUT_IDX_OUT_OF_BOUNDS).
  size_t Unused = 0;
  if (!BytesWritten)
    BytesWritten = &Unused;
  *BytesWritten = 0;
  if (Buffer && BufferSize)
    Buffer[0] = '\0';
  if (!Output || !Instructions)
    return AST_PTX_ERROR_INVALID_VALUE;
  if (!Inputs)
    NumInputs = 0;
  try {
    Input In{
        NumInputs,  Names, NumArgs, NumEnums, NumRoutines ? Routines : nullptr,
        NumRoutines};
    thread_local std::vector<AstPtxFastInstruction> Words;
    thread_local std::vector<size_t> Start;
    thread_local std::vector<const AstPtxFastInstruction *> NativeRoutines;
    thread_local std::vector<size_t> Arity;
    Words.clear();
    if (AstPtxResult R = translateProgram(In, Instructions, false, Words))
      return R;
    Start.assign(NumRoutines, SIZE_MAX);
    for (size_t I = 0; I < NumRoutines; ++I) {
      if (!Routines[I])
        continue; // calling it is the error
      Start[I] = Words.size();
      if (AstPtxResult R = translateProgram(In, Routines[I], true, Words))
        return R;
    }
    if (depthExceeded(In, Instructions, 0))
      return AST_PTX_ERROR_ROUTINE_DEPTH_EXCEEDED;
    static const AstPtxFastInstruction EmptyRoutine{};
    NativeRoutines.assign(NumRoutines, &EmptyRoutine);
    for (size_t I = 0; I < NumRoutines; ++I)
      if (Start[I] != SIZE_MAX)
        NativeRoutines[I] = Words.data() + Start[I];
    Arity.resize(NumEnums);
    for (size_t I = 0; I < NumEnums; ++I)
      Arity[I] = NumArgs ? NumArgs[I] : 0;
    auto Compile = [&](char *Into, size_t Size) {
      return ast_ptx_fast_compile(
          Output, Inputs, NumInputs, Names, Arity.data(), NumEnums,
          NumRoutines ? NativeRoutines.data() : nullptr, NumRoutines,
          Words.data(), Into, Size, BytesWritten);
    };
    AstPtxFastResult R = Compile(Buffer, BufferSize);
    if (R == AST_PTX_FAST_ERROR_INSUFFICIENT_BUFFER && Buffer) {
      // The reference's partial text and count, from the whole stub.
      thread_local std::string Stub;
      Stub.resize(*BytesWritten + 1);
      if (Compile(Stub.data(), Stub.size()) != AST_PTX_FAST_SUCCESS)
        return AST_PTX_ERROR_INTERNAL;
      std::string_view Text(Stub.data(), *BytesWritten);
      std::string_view Body =
          Text.substr(ptxinject::reference::bodyStart(Text));
      *BytesWritten = ptxinject::reference::leaveShortBuffer(
          Body, pieceEnds(Body, Output),
          ptxinject::reference::FitRule::RoomForNul, Buffer, BufferSize);
    }
    return resultOf(R);
  } catch (...) {
    return AST_PTX_ERROR_INTERNAL;
  }
}
