/*===- stack_ptx.h - Stack PTX C API (reference-compatible) -----*- C -*-===*
 *
 * The C API of the reference Stack PTX library, 1.1.x: the same types, type
 * layouts, enum values and function signatures, so host code written for it
 * compiles and links against this project unchanged. The calls translate
 * each program to this project's native instruction words and compile it
 * through the native compiler (stack_ptx_native.h, the faster entry points).
 *
 * The instruction encoders and the instruction tables come from a header
 * generated from a JSON description (gen_stack_ptx_header.py --lang ref;
 * the build ships one for the default description as
 * generated/stack_ptx_descriptions.h). STACK_PTX_IMPLEMENTATION may be
 * defined before including this header, as the reference's single-header
 * build asks; the implementation lives in the library either way.
 *
 *===----------------------------------------------------------------------===*/
#ifndef STACK_PTX_H_INCLUDE
#define STACK_PTX_H_INCLUDE

#define STACK_PTX_VERSION_MAJOR 1
#define STACK_PTX_VERSION_MINOR 1
#define STACK_PTX_VERSION_PATCH 1
#define STACK_PTX_VERSION_STRING "1.1.1"
#define STACK_PTX_VERSION                                                      \
  (STACK_PTX_VERSION_MAJOR * 10000 + STACK_PTX_VERSION_MINOR * 100 +           \
   STACK_PTX_VERSION_PATCH)

#ifdef __cplusplus
#define STACK_PTX_PUBLIC_DEC extern "C"
#define STACK_PTX_PUBLIC_DEF extern "C"
#else
#define STACK_PTX_PUBLIC_DEC extern
#define STACK_PTX_PUBLIC_DEF
#endif

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Instructions are 8 bytes: the structs below are packed. */
#define STACK_PTX_PACKED __attribute__((packed))

typedef enum {
  STACK_PTX_SUCCESS = 0,
  STACK_PTX_ERROR_INTERNAL = 1,
  STACK_PTX_ERROR_WRONG_TYPE_DISPATCH = 2,
  STACK_PTX_ERROR_INSUFFICIENT_BUFFER = 3,
  STACK_PTX_ERROR_INVALID_VALUE = 4,
  STACK_PTX_ERROR_INSUFFICIENT_AST_SIZE = 5,
  STACK_PTX_ERROR_INSUFFICIENT_AST_VISIT_SIZE = 6,
  /* An instruction type that is not one of the public kinds (a program or
     routine without its return reads past its end). */
  STACK_PTX_ERROR_BAD_INSTRUCTION_MAYBE_FORGOT_RETURN = 7,
  STACK_PTX_ERROR_INSUFFICIENT_WORKSPACE = 8,
  STACK_PTX_ERROR_PTX_INSTRUCTION_IDX_OUT_OF_BOUNDS = 9,
  STACK_PTX_ERROR_META_INSTRUCTION_IDX_OUT_OF_BOUNDS = 10,
  STACK_PTX_ERROR_INPUT_IDX_OUT_OF_BOUNDS = 11,
  STACK_PTX_ERROR_REGISTER_IDX_OUT_OF_BOUNDS = 12,
  STACK_PTX_ERROR_SPECIAL_REGISTER_IDX_OUT_OF_BOUNDS = 13,
  STACK_PTX_ERROR_STACK_IDX_OUT_OF_BOUNDS = 14,
  STACK_PTX_ERROR_ARG_IDX_OUT_OF_BOUNDS = 15,
  STACK_PTX_ERROR_ROUTINES_IDX_OUT_OF_BOUNDS = 16,
  STACK_PTX_ERROR_STORE_IDX_OUT_OF_BOUNDS = 17,
  STACK_PTX_ERROR_LOAD_IDX_OUT_OF_BOUNDS = 18,
  STACK_PTX_RESULT_NUM_ELEMS = 19
} StackPtxResult;

typedef enum {
  STACK_PTX_INSTRUCTION_TYPE_NONE,
  STACK_PTX_INSTRUCTION_TYPE_PTX,
  STACK_PTX_INSTRUCTION_TYPE_CONSTANT,
  STACK_PTX_INSTRUCTION_TYPE_INPUT,
  STACK_PTX_INSTRUCTION_TYPE_SPECIAL,
  STACK_PTX_INSTRUCTION_TYPE_META,
  STACK_PTX_INSTRUCTION_TYPE_META_CONSTANT,
  STACK_PTX_INSTRUCTION_TYPE_ROUTINE,
  STACK_PTX_INSTRUCTION_TYPE_REGISTER, /* internal to the compiler */
  STACK_PTX_INSTRUCTION_TYPE_AST_IDX,  /* internal to the compiler */
  STACK_PTX_INSTRUCTION_TYPE_RETURN,
  STACK_PTX_INSTRUCTION_TYPE_STORE,
  STACK_PTX_INSTRUCTION_TYPE_LOAD,
  STACK_PTX_INSTRUCTION_TYPE_NUM_ENUMS
} StackPtxInstructionType;

/* Meta instructions work on the stack named by the instruction's aux field;
   YANK_DUP, SWAP_WITH, REPLACE and DROP take their depth or count from the
   meta stack (pushed by meta constants). */
typedef enum {
  STACK_PTX_META_INSTRUCTION_DUP,
  STACK_PTX_META_INSTRUCTION_YANK_DUP,
  STACK_PTX_META_INSTRUCTION_SWAP,
  STACK_PTX_META_INSTRUCTION_SWAP_WITH,
  STACK_PTX_META_INSTRUCTION_REPLACE,
  STACK_PTX_META_INSTRUCTION_DROP,
  STACK_PTX_META_INSTRUCTION_CLEAR,
  STACK_PTX_META_INSTRUCTION_ROTATE,
  STACK_PTX_META_INSTRUCTION_REVERSE,
  STACK_PTX_META_INSTRUCTION_NUM_ENUMS
} StackPtxMetaInstruction;

typedef uint32_t StackPtxRegisterCounter;
typedef uint32_t StackPtxMetaConstant;
typedef uint32_t StackPtxAstIdx;
typedef uint16_t StackPtxStackIdx;
typedef uint16_t StackPtxArgIdx;
typedef uint32_t StackPtxIdx;

typedef union STACK_PTX_PACKED {
  uint32_t u;
  int32_t s;
  float f;
  StackPtxMetaConstant meta_constant;
  StackPtxRegisterCounter reg;
  StackPtxAstIdx ast_idx;
} StackPtxPayload;

/* aux: the stack of a constant, meta instruction or store. payload: the
   index of an input, PTX instruction, special register, meta instruction,
   routine or store slot, or a constant's bits. */
typedef struct STACK_PTX_PACKED {
  uint16_t instruction_type;
  uint16_t aux;
  StackPtxPayload payload;
} StackPtxInstruction;

/* num_vec_elems != 0: the operand is written as a braced vector. */
typedef struct STACK_PTX_PACKED {
  StackPtxStackIdx stack_idx;
  uint16_t num_vec_elems;
} StackPtxArgTypeInfo;

typedef struct STACK_PTX_PACKED {
  StackPtxStackIdx stack_idx;
  uint16_t num_values;
} StackPtxPtxInstructionStackRequirement;

/* Unused argument and return slots hold the arg type count (the generated
   STACK_PTX_ARG_TYPE_NONE). */
typedef struct STACK_PTX_PACKED {
  StackPtxArgIdx arg_types[4];
  StackPtxArgIdx ret_types[2];
  uint16_t num_unique_stacks;
  bool is_aligned;
  StackPtxPtxInstructionStackRequirement unique_stacks[4];
} StackPtxPtxInstructionDescriptor;

typedef struct STACK_PTX_PACKED {
  StackPtxArgIdx arg_type_idx;
} StackPtxSpecialRegisterDescriptor;

typedef struct {
  size_t max_ast_size;
  size_t max_ast_to_visit_stack_depth;
  size_t stack_size;
  size_t max_frame_depth; /* frames including the program's own: 1 allows no
                             routine call */
  size_t store_size;
} StackPtxCompilerInfo;

/* stack_literal_prefixes[s] is stack s's PTX register type ("f32", "u32",
   "pred", "b32"); f32, u32 and s32 stacks take constants. */
typedef struct {
  const char *const *ptx_instruction_strings;
  const StackPtxPtxInstructionDescriptor *ptx_instruction_descriptors;
  size_t num_ptx_instructions;
  const char *const *special_register_strings;
  const StackPtxSpecialRegisterDescriptor *special_register_descriptors;
  size_t num_special_registers;
  const char *const *stack_literal_prefixes;
  size_t num_stacks;
  const StackPtxArgTypeInfo *arg_type_info;
  size_t num_arg_types;
} StackPtxStackInfo;

/* name is bare: "x" is written %x. A name that is not letters, digits, '_'
   and '$' ("%x", "") is STACK_PTX_ERROR_INVALID_VALUE. */
typedef struct {
  const char *name;
  StackPtxStackIdx stack_idx;
} StackPtxRegister;

/* "STACK_PTX_ERROR_INVALID_RESULT_ENUM" for a value out of range. */
STACK_PTX_PUBLIC_DEC const char *
stack_ptx_result_to_string(StackPtxResult result);

STACK_PTX_PUBLIC_DEC StackPtxResult stack_ptx_compile_workspace_size(
    const StackPtxCompilerInfo *compiler_info_ref,
    const StackPtxStackInfo *stack_info_ref, size_t *workspace_in_bytes_out);

/* Runs instructions (and the routines they call) for at most
   execution_limit instructions, pops one value per request into that
   register and writes the PTX stub, in the reference's text byte for byte
   (its order of statements, numbering, tabs and hexadecimal literals; the
   native API keeps its own). buffer == NULL measures:
   *buffer_bytes_written_ret gets the stub length without its NUL; a buffer
   of that length + 1 then receives it. A smaller one is
   STACK_PTX_ERROR_INSUFFICIENT_BUFFER and is left as the reference leaves
   it: the stub's body (after "{" and the .reg lines, which the reference
   writes last) as far as it fits with a NUL, and as the count the body's
   length up to the end of the printf that did not fit, or the whole body's
   when only the declarations do not fit; 0 bytes are not written. An index
   out of range (input or request register, PTX instruction, special
   register, meta instruction, stack, store or load slot, routine) is its
   *_IDX_OUT_OF_BOUNDS error. */
STACK_PTX_PUBLIC_DEC StackPtxResult stack_ptx_compile(
    const StackPtxCompilerInfo *compiler_info_ref,
    const StackPtxStackInfo *stack_info_ref,
    const StackPtxInstruction *instructions, const StackPtxRegister *registers,
    size_t num_registers, const StackPtxInstruction **routines,
    size_t num_routines, const size_t *requests, size_t num_requests,
    size_t execution_limit, void *workspace, size_t workspace_in_bytes,
    char *buffer, size_t buffer_size, size_t *buffer_bytes_written_ret);

#endif /* STACK_PTX_H_INCLUDE */

/* What the reference's implementation section includes, for host code that
 * defines STACK_PTX_IMPLEMENTATION and then uses printf, malloc or strlen
 * (the implementation is in the library). */
#if defined(STACK_PTX_IMPLEMENTATION) && !defined(STACK_PTX_IMPLEMENTATION_ONCE)
#define STACK_PTX_IMPLEMENTATION_ONCE
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef STACK_PTX_DEBUG
#include <assert.h>
#endif
#endif
