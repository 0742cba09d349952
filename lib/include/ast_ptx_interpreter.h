/*===- ast_ptx_interpreter.h - AST PTX programs run on the CPU --*- C -*-===*
 *
 * The reference library's f32 CPU interpreter for AST PTX instruction
 * arrays (its tools/ast_ptx_interpreter.h): the same entry point, limits and
 * result codes, so a program can be checked on the CPU before or beside its
 * PTX. Instruction indices are those of ast_ptx_instructions.h; each
 * instruction is evaluated by this project's PTX evaluator (the one the
 * native AST PTX and Stack PTX interpreters use).
 *
 *===----------------------------------------------------------------------===*/
#ifndef AST_PTX_INTERPRETER_H_INCLUDE
#define AST_PTX_INTERPRETER_H_INCLUDE

#include "ast_ptx.h"
#include "ast_ptx_instructions.h"

#include <math.h>

/* The interpreter's limits, as the reference names them. They are fixed in
   the library: defining them before this header changes nothing. */
#ifndef AST_PTX_STACK_DEPTH
#define AST_PTX_STACK_DEPTH 256u
#endif
#ifndef AST_PTX_ROUTINE_DEPTH
#define AST_PTX_ROUTINE_DEPTH 8u
#endif
#ifndef AST_PTX_MAX_INSTRUCTIONS
#define AST_PTX_MAX_INSTRUCTIONS 65536u
#endif
#ifndef AST_PTX_MAX_INSTRUCTION_ARGS
#define AST_PTX_MAX_INSTRUCTION_ARGS 4u
#endif

/* Runs instructions (postorder, ended by a return) with inputs[i] for input
   i and stores its one value in *output_ret. A PTX instruction or routine
   call pops aux values (its argument count, at most 4) and pushes one; a
   routine's routine_arg i reads the i-th value its call popped, and calls
   nest at most 8 deep. Every frame must end with exactly one more value than
   it started with. Errors, as the reference reports them:
   AST_PTX_ERROR_INVALID_VALUE (NULL instructions or output_ret, NULL inputs
   with num_inputs != 0, a frame that returns no or several values),
   ..._INPUT_IDX_OUT_OF_BOUNDS, ..._ROUTINE_ARG_IDX_OUT_OF_BOUNDS,
   ..._ROUTINE_IDX_OUT_OF_BOUNDS, ..._ROUTINE_DEPTH_EXCEEDED,
   ..._TOO_MANY_ARGS (aux above 4 or not the instruction's arity),
   ..._UNSUPPORTED_INSTRUCTION (an index past the catalog),
   ..._STACK_UNDERFLOW, ..._STACK_OVERFLOW (256 values, or more than
   AST_PTX_FAST_MAX_WORK instructions run in all, a bound the reference
   lacks: routines calling routines many times each) and
   ..._BAD_INSTRUCTION_MAYBE_FORGOT_RETURN (no return within 65536
   instructions, or an instruction of no known type). */
AST_PTX_PUBLIC_DEC AstPtxResult
ast_ptx_interpret(const AstPtxInstruction *instructions,
                  const AstPtxInstruction *const *routines, size_t num_routines,
                  const float *inputs, size_t num_inputs, float *output_ret);

#endif /* AST_PTX_INTERPRETER_H_INCLUDE */
