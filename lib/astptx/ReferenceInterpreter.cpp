//===- ReferenceInterpreter.cpp - ast_ptx_interpret on the CPU
//-------------===//
//
// The reference's AST PTX CPU interpreter (ast_ptx_interpreter.h): frames
// walked as the reference walks them, so its result codes come out for the
// same programs, and each PTX instruction evaluated by eval::evaluateOpcode,
// the evaluator behind the native AST PTX and Stack PTX interpreters. The
// instruction catalog is the generated ast_ptx_instructions.h users compile
// their programs against.
//
//===----------------------------------------------------------------------===//
#include "ast_ptx_interpreter.h"
#include "ast_ptx_native.h"

#include "ptxinject/eval/PtxEval.h"

#include <cstring>

namespace {

constexpr size_t StackDepth = AST_PTX_STACK_DEPTH;
constexpr size_t RoutineDepth = AST_PTX_ROUTINE_DEPTH;
constexpr size_t MaxInstructions = AST_PTX_MAX_INSTRUCTIONS;
constexpr size_t MaxArgs = AST_PTX_MAX_INSTRUCTION_ARGS;
// The reference walks every call in full, so 8 nested levels of routines
// that call the next many times would run for ever; like the native
// interpreter, stop after this many instructions in all.
constexpr size_t MaxWork = AST_PTX_FAST_MAX_WORK;

uint32_t bitsOf(float F) {
  uint32_t B;
  std::memcpy(&B, &F, sizeof B);
  return B;
}

float floatOf(uint32_t B) {
  float F;
  std::memcpy(&F, &B, sizeof F);
  return F;
}

struct Machine {
  const AstPtxInstruction *const *Routines;
  size_t NumRoutines;
  const float *Inputs;
  size_t NumInputs;
  float Stack[StackDepth];
  size_t Size = 0;
  size_t Work = 0;

  AstPtxResult push(float V) {
    if (Size >= StackDepth)
      return AST_PTX_ERROR_STACK_OVERFLOW;
    Stack[Size++] = V;
    return AST_PTX_SUCCESS;
  }

  AstPtxResult instruction(const AstPtxInstruction &I) {
    size_t N = I.aux;
    if (N > MaxArgs)
      return AST_PTX_ERROR_TOO_MANY_ARGS;
    if (Size < N)
      return AST_PTX_ERROR_STACK_UNDERFLOW;
    if (I.payload.idx >= AST_PTX_PTX_INSTRUCTION_NUM_ENUMS)
      return AST_PTX_ERROR_UNSUPPORTED_INSTRUCTION;
    if (N != ast_ptx_ptx_instruction_num_args[I.payload.idx])
      return AST_PTX_ERROR_TOO_MANY_ARGS;
    uint32_t Args[MaxArgs], Result = 0;
    size_t First = Size - N;
    for (size_t K = 0; K < N; ++K)
      Args[K] = bitsOf(Stack[First + K]);
    if (!ptxinject::eval::evaluateOpcode(
            ast_ptx_ptx_instruction_names[I.payload.idx], Args, unsigned(N),
            &Result, 1))
      return AST_PTX_ERROR_UNSUPPORTED_INSTRUCTION;
    Size = First;
    return push(floatOf(Result));
  }

  AstPtxResult frame(const AstPtxInstruction *P, const float *Args,
                     size_t NumArgs, size_t Depth) {
    const size_t Base = Size;
    for (size_t K = 0; K < MaxInstructions; ++K) {
      if (++Work > MaxWork)
        return AST_PTX_ERROR_STACK_OVERFLOW;
      const AstPtxInstruction I = P[K];
      AstPtxResult R = AST_PTX_SUCCESS;
      switch (I.instruction_type) {
      case AST_PTX_INSTRUCTION_TYPE_INPUT:
        if (I.payload.idx >= NumInputs)
          return AST_PTX_ERROR_INPUT_IDX_OUT_OF_BOUNDS;
        R = push(Inputs[I.payload.idx]);
        break;
      case AST_PTX_INSTRUCTION_TYPE_CONSTANT:
        R = push(I.payload.f);
        break;
      case AST_PTX_INSTRUCTION_TYPE_ROUTINE_ARG:
        if (!Args || I.payload.idx >= NumArgs)
          return AST_PTX_ERROR_ROUTINE_ARG_IDX_OUT_OF_BOUNDS;
        R = push(Args[I.payload.idx]);
        break;
      case AST_PTX_INSTRUCTION_TYPE_PTX_INSTRUCTION:
        R = instruction(I);
        break;
      case AST_PTX_INSTRUCTION_TYPE_ROUTINE:
        R = call(I, Depth);
        break;
      case AST_PTX_INSTRUCTION_TYPE_RETURN:
        return Size == Base + 1 ? AST_PTX_SUCCESS : AST_PTX_ERROR_INVALID_VALUE;
      default: // NONE, REGISTER (the compiler's own) or bytes past the end
        return AST_PTX_ERROR_BAD_INSTRUCTION_MAYBE_FORGOT_RETURN;
      }
      if (R != AST_PTX_SUCCESS)
        return R;
    }
    return AST_PTX_ERROR_BAD_INSTRUCTION_MAYBE_FORGOT_RETURN;
  }

  /// A call pops its aux values into the callee's routine arguments.
  AstPtxResult call(const AstPtxInstruction &I, size_t Depth) {
    size_t N = I.aux;
    if (N > MaxArgs)
      return AST_PTX_ERROR_TOO_MANY_ARGS;
    AstPtxIdx Idx = I.payload.idx;
    if (!Routines || Idx >= NumRoutines || !Routines[Idx])
      return AST_PTX_ERROR_ROUTINE_IDX_OUT_OF_BOUNDS;
    if (Depth + 1 > RoutineDepth)
      return AST_PTX_ERROR_ROUTINE_DEPTH_EXCEEDED;
    if (Size < N)
      return AST_PTX_ERROR_STACK_UNDERFLOW;
    float Args[MaxArgs];
    Size -= N;
    for (size_t K = 0; K < N; ++K)
      Args[K] = Stack[Size + K];
    return frame(Routines[Idx], Args, N, Depth + 1);
  }
};

} // namespace

extern "C" AstPtxResult
ast_ptx_interpret(const AstPtxInstruction *Instructions,
                  const AstPtxInstruction *const *Routines, size_t NumRoutines,
                  const float *Inputs, size_t NumInputs, float *Output) {
  if (!Instructions || !Output || (!Inputs && NumInputs))
    return AST_PTX_ERROR_INVALID_VALUE;
  Machine M{Routines, NumRoutines, Inputs, NumInputs, {}, 0, 0};
  if (AstPtxResult R = M.frame(Instructions, nullptr, 0, 0))
    return R;
  if (M.Size != 1)
    return AST_PTX_ERROR_INVALID_VALUE;
  *Output = M.Stack[0];
  return AST_PTX_SUCCESS;
}
