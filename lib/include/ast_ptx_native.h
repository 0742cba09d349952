/*===- ast_ptx_native.h - Native C API of the AST PTX compiler -----*- C -*-===*
 *
 * AST PTX compiles a postorder expression tree with one f32 result into a
 * PTX stub. Leaves are inputs, f32 constants and routine arguments; inner
 * nodes are PTX instructions of a given arity (all operands f32) and routine
 * calls, which expand the routine's own postorder array with the popped
 * values as its arguments. Malformed programs are errors, never crashes.
 *
 *===----------------------------------------------------------------------===*/
#ifndef AST_PTX_FAST_H
#define AST_PTX_FAST_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum AstPtxFastResult {
  AST_PTX_FAST_SUCCESS = 0,
  AST_PTX_FAST_ERROR_INSUFFICIENT_BUFFER = 1,
  AST_PTX_FAST_ERROR_INVALID_ARGUMENT =
      2, /* a NULL pointer, or a register name not bare */
  AST_PTX_FAST_ERROR_STACK_UNDERFLOW =
      3, /* a node has fewer operands than its arity */
  AST_PTX_FAST_ERROR_ARITY_MISMATCH =
      4, /* an instruction's arity is 0 or above 4 */
  AST_PTX_FAST_ERROR_UNKNOWN_INSTRUCTION = 5,
  AST_PTX_FAST_ERROR_UNKNOWN_INPUT = 6,
  AST_PTX_FAST_ERROR_UNKNOWN_ROUTINE = 7,
  AST_PTX_FAST_ERROR_BAD_ROUTINE_ARG =
      8, /* routine arg outside a routine or past its args */
  AST_PTX_FAST_ERROR_RECURSION_TOO_DEEP = 9,
  AST_PTX_FAST_ERROR_WRONG_RESULT_COUNT =
      10, /* return with other than one value */
  AST_PTX_FAST_ERROR_NO_RETURN = 11,
  AST_PTX_FAST_ERROR_UNKNOWN_KIND = 12,
  AST_PTX_FAST_ERROR_TOO_LARGE = 13,
  AST_PTX_FAST_RESULT_NUM_ENUMS
} AstPtxFastResult;

const char *ast_ptx_fast_result_to_string(AstPtxFastResult result);

typedef enum AstPtxFastInstructionKind {
  AST_PTX_FAST_INSTRUCTION_KIND_RETURN = 0,
  AST_PTX_FAST_INSTRUCTION_KIND_INPUT = 1,
  AST_PTX_FAST_INSTRUCTION_KIND_CONSTANT = 2,
  AST_PTX_FAST_INSTRUCTION_KIND_PTX = 3,
  AST_PTX_FAST_INSTRUCTION_KIND_ROUTINE = 4,
  AST_PTX_FAST_INSTRUCTION_KIND_ROUTINE_ARG = 5,
  AST_PTX_FAST_INSTRUCTION_KIND_NUM_ENUMS
} AstPtxFastInstructionKind;

typedef struct AstPtxFastInstruction {
  uint8_t kind;
  uint8_t reserved;
  uint16_t idx; /* input, instruction, routine or routine argument index */
  union {
    uint32_t u;
    float f;
  } payload; /* constant value */
} AstPtxFastInstruction;

#ifdef __cplusplus
static_assert(sizeof(AstPtxFastInstruction) == 8,
              "AST instructions are 8 bytes");
} /* extern "C" */
constexpr AstPtxFastInstruction
ast_ptx_fast_make_instruction(unsigned kind, unsigned idx, uint32_t payload) {
  AstPtxFastInstruction I{};
  I.kind = (uint8_t)kind;
  I.idx = (uint16_t)idx;
  I.payload.u = payload;
  return I;
}
#define AST_PTX_INSTRUCTION(kind, idx)                                         \
  ast_ptx_fast_make_instruction((kind), (idx), 0)
#define ast_ptx_fast_encode_constant(value)                                    \
  ast_ptx_fast_make_instruction(AST_PTX_FAST_INSTRUCTION_KIND_CONSTANT, 0,     \
                                __builtin_bit_cast(uint32_t, (float)(value)))
extern "C" {
#else
typedef char ast_ptx_fast_instruction_is_8_bytes
    [sizeof(AstPtxFastInstruction) == 8 ? 1 : -1];
#define AST_PTX_INSTRUCTION(k, i)                                              \
  {.kind = (uint8_t)(k),                                                       \
   .reserved = 0,                                                              \
   .idx = (uint16_t)(i),                                                       \
   .payload = {.u = 0}}
#define ast_ptx_fast_encode_constant(value)                                    \
  {                                                                            \
    .kind = (uint8_t)AST_PTX_FAST_INSTRUCTION_KIND_CONSTANT, .reserved = 0,    \
    .idx = 0, .payload = {                                                     \
      .f = (float)(value)                                                      \
    }                                                                          \
  }
#endif

#define ast_ptx_fast_encode_return                                             \
  AST_PTX_INSTRUCTION(AST_PTX_FAST_INSTRUCTION_KIND_RETURN, 0)
#define ast_ptx_fast_encode_input(idx)                                         \
  AST_PTX_INSTRUCTION(AST_PTX_FAST_INSTRUCTION_KIND_INPUT, (idx))
#define ast_ptx_fast_encode_ptx_instruction(idx)                               \
  AST_PTX_INSTRUCTION(AST_PTX_FAST_INSTRUCTION_KIND_PTX, (idx))
#define ast_ptx_fast_encode_routine(idx)                                       \
  AST_PTX_INSTRUCTION(AST_PTX_FAST_INSTRUCTION_KIND_ROUTINE, (idx))
#define ast_ptx_fast_encode_routine_arg(idx)                                   \
  AST_PTX_INSTRUCTION(AST_PTX_FAST_INSTRUCTION_KIND_ROUTINE_ARG, (idx))

/* Routines nest at most this deep (recursion is an error, not a hang). */
#define AST_PTX_FAST_MAX_ROUTINE_DEPTH 16
/* Programs, routines included, expand to at most this many nodes. */
#define AST_PTX_FAST_MAX_NODES 65536
/* Compile and interpret walk at most this many instructions, routine bodies
   counted once per call (calls that make no node still cost work). */
#define AST_PTX_FAST_MAX_WORK 4194304

/* Compiles program (ended by ast_ptx_fast_encode_return) into a stub that moves
   its value into %output_register. instruction_names[i] is the opcode of
   instruction enum i and instruction_num_args[i] its arity. A routine takes
   as many arguments as one more than the largest routine_arg index in its
   body. buffer == NULL measures only; *required_size gets the stub length
   without the NUL, and a smaller buffer gives
   AST_PTX_FAST_ERROR_INSUFFICIENT_BUFFER. Register names are bare ("x" is
   written %x): one that is not letters, digits, '_' and '$' ("%x", "") is
   AST_PTX_FAST_ERROR_INVALID_ARGUMENT. */
AstPtxFastResult ast_ptx_fast_compile(
    const char *output_register, const char *const *input_registers,
    size_t num_inputs, const char *const *instruction_names,
    const size_t *instruction_num_args, size_t num_instruction_enums,
    const AstPtxFastInstruction *const *routines, size_t num_routines,
    const AstPtxFastInstruction *program, char *buffer, size_t buffer_size,
    size_t *required_size);

/* Evaluates program on the CPU with input_values[i] for input i. */
AstPtxFastResult ast_ptx_fast_interpret(
    const float *input_values, size_t num_inputs,
    const char *const *instruction_names, const size_t *instruction_num_args,
    size_t num_instruction_enums, const AstPtxFastInstruction *const *routines,
    size_t num_routines, const AstPtxFastInstruction *program, float *result);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* AST_PTX_FAST_H */
