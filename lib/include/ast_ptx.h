/*===- ast_ptx.h - AST PTX C API (reference-compatible) ---------*- C -*-===*
 *
 * The reference AST PTX library's C API: the same types, layouts, result
 * values and ast_ptx_compile signature. Each call checks the program as the
 * reference does, translates it to this project's native instruction words
 * (ast_ptx_native.h) and compiles it natively. The encoders and the f32
 * instruction tables come from ast_ptx_instructions.h (generated,
 * gen_stack_ptx_header.py --lang ast-ref).
 *
 *===----------------------------------------------------------------------===*/
#ifndef AST_PTX_H_INCLUDE
#define AST_PTX_H_INCLUDE

#define AST_PTX_VERSION_MAJOR 0
#define AST_PTX_VERSION_MINOR 1
#define AST_PTX_VERSION_PATCH 0
#define AST_PTX_VERSION_STRING "0.1.0"
#define AST_PTX_VERSION                                                        \
  (AST_PTX_VERSION_MAJOR * 10000 + AST_PTX_VERSION_MINOR * 100 +               \
   AST_PTX_VERSION_PATCH)

#ifdef __cplusplus
#define AST_PTX_PUBLIC_DEC extern "C"
#define AST_PTX_PUBLIC_DEF extern "C"
#else
#define AST_PTX_PUBLIC_DEC extern
#define AST_PTX_PUBLIC_DEF
#endif

#include <stddef.h>
#include <stdint.h>

#ifndef AST_PTX_PACKED
#if defined(_MSC_VER)
#define AST_PTX_PACKED
#else
#define AST_PTX_PACKED __attribute__((packed))
#endif
#endif

typedef uint32_t AstPtxIdx;

typedef enum {
  AST_PTX_SUCCESS = 0,
  AST_PTX_ERROR_INTERNAL = 1,
  AST_PTX_ERROR_INSUFFICIENT_BUFFER = 2,
  AST_PTX_ERROR_INVALID_VALUE = 3,
  AST_PTX_ERROR_BAD_INSTRUCTION_MAYBE_FORGOT_RETURN = 4,
  AST_PTX_ERROR_INPUT_IDX_OUT_OF_BOUNDS = 5,
  AST_PTX_ERROR_PTX_INSTRUCTION_IDX_OUT_OF_BOUNDS = 6,
  AST_PTX_ERROR_STACK_OVERFLOW = 7,
  AST_PTX_ERROR_STACK_UNDERFLOW = 8,
  AST_PTX_ERROR_TOO_MANY_ARGS = 9,
  AST_PTX_ERROR_UNSUPPORTED_INSTRUCTION = 10,
  AST_PTX_ERROR_ROUTINE_IDX_OUT_OF_BOUNDS = 11,
  AST_PTX_ERROR_ROUTINE_ARG_IDX_OUT_OF_BOUNDS = 12,
  AST_PTX_ERROR_ROUTINE_DEPTH_EXCEEDED = 13,
  AST_PTX_RESULT_NUM_ENUMS = 14
} AstPtxResult;

typedef enum {
  AST_PTX_INSTRUCTION_TYPE_NONE = 0,
  AST_PTX_INSTRUCTION_TYPE_INPUT = 1,
  AST_PTX_INSTRUCTION_TYPE_CONSTANT = 2,
  AST_PTX_INSTRUCTION_TYPE_PTX_INSTRUCTION = 3, /* aux: its argument count */
  AST_PTX_INSTRUCTION_TYPE_ROUTINE = 4,         /* aux: its argument count */
  AST_PTX_INSTRUCTION_TYPE_RETURN = 5,
  AST_PTX_INSTRUCTION_TYPE_ROUTINE_ARG = 6,
  AST_PTX_INSTRUCTION_TYPE_REGISTER = 7, /* internal to the compiler */
  AST_PTX_INSTRUCTION_TYPE_NUM_ENUMS = 8
} AstPtxInstructionType;

typedef union AST_PTX_PACKED {
  float f;
  AstPtxIdx idx;
} AstPtxPayload;

typedef struct AST_PTX_PACKED {
  uint16_t instruction_type;
  uint16_t aux;
  AstPtxPayload payload;
} AstPtxInstruction;

/* Compiles instructions (ended by a return, leaving one value) into
   %output_register_name. Measure and allocate as the reference:
   buffer == NULL measures, *buffer_bytes_written_ret gets the stub length
   without its NUL; a buffer of that length + 1 then receives the stub and
   its NUL. A smaller buffer (just the length too) is
   AST_PTX_ERROR_INSUFFICIENT_BUFFER and is left as the reference leaves it:
   the stub's body (after "{" and the .reg line, which the reference writes
   last) as far as it fits with a NUL, and as the count the body's length up
   to the end of the printf that did not fit, or the whole body's when only
   the declarations do not fit; 0 bytes are not written.
   buffer_bytes_written_ret may be NULL; it is set to 0, and a non-empty
   buffer to "", before any check. A NULL
   input_register_names holds no inputs. Routines nest at most 8 deep; an
   instruction's aux must equal ptx_instruction_num_args of its index.
   Register names are bare ("x" is written %x): one that is not letters,
   digits, '_' and '$' ("%x", "") is AST_PTX_ERROR_INVALID_VALUE. */
AST_PTX_PUBLIC_DEC AstPtxResult ast_ptx_compile(
    const char *output_register_name, const char *const *input_register_names,
    size_t num_input_registers, const char *const *ptx_instruction_names,
    const uint16_t *ptx_instruction_num_args, size_t num_ptx_instructions,
    const AstPtxInstruction *const *routines, size_t num_routines,
    const AstPtxInstruction *instructions, char *buffer, size_t buffer_size,
    size_t *buffer_bytes_written_ret);

#endif /* AST_PTX_H_INCLUDE */
