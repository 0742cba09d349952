/*===- stack_ptx_native.h - Native C API of the Stack PTX compiler -*- C -*-===*
 *
 * Stack PTX turns a sequence of fixed-size 8-byte instructions, run on a
 * typed stack machine, into a PTX stub. Any instruction sequence compiles to
 * valid PTX: an instruction whose operands are missing is skipped. The
 * instruction set (stack types, arg types, PTX instructions, special
 * registers) is data: a StackPtxFastInstructionSetInfo, either loaded from a
 *JSON description at run time or taken from a header generated from one.
 *
 * The header is C99 and C++ compatible. Compiling allocates nothing: the
 * caller provides the workspace (see stack_ptx_fast_compile_workspace_size).
 *
 *===----------------------------------------------------------------------===*/
#ifndef STACK_PTX_FAST_H
#define STACK_PTX_FAST_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Results ----------------------------------------------------------- */

typedef enum StackPtxFastResult {
  STACK_PTX_FAST_SUCCESS = 0,
  /* The output buffer is too small; the required size was reported and the
     compiled program stays in the workspace for stack_ptx_fast_write_output. */
  STACK_PTX_FAST_ERROR_INSUFFICIENT_BUFFER = 1,
  /* The workspace is smaller than stack_ptx_fast_compile_workspace_size says.
   */
  STACK_PTX_FAST_ERROR_INSUFFICIENT_WORKSPACE = 2,
  /* A required pointer argument is NULL. */
  STACK_PTX_FAST_ERROR_INVALID_ARGUMENT = 3,
  /* The instruction set tables are inconsistent (an index out of range). */
  STACK_PTX_FAST_ERROR_INVALID_INSTRUCTION_SET = 4,
  /* A request names a register index >= num_registers, a register's
     stack_idx is not a stack type of the instruction set, or its name is
     not bare (letters, digits, '_', '$': "x" for %x, not "%x"). */
  STACK_PTX_FAST_ERROR_INVALID_REGISTER = 5,
  /* The workspace holds no compiled program (stack_ptx_fast_write_output). */
  STACK_PTX_FAST_ERROR_NOTHING_COMPILED = 6,
  /* A JSON description could not be read. */
  STACK_PTX_FAST_ERROR_INVALID_DESCRIPTION = 7,
  /* Memory for a compiler could not be allocated
     (stack_ptx_fast_compiler_create). */
  STACK_PTX_FAST_ERROR_OUT_OF_MEMORY = 8,
  STACK_PTX_FAST_RESULT_NUM_ENUMS
} StackPtxFastResult;

const char *stack_ptx_fast_result_to_string(StackPtxFastResult result);

/* ---- Instructions: fixed 8 bytes --------------------------------------- */

typedef enum StackPtxFastInstructionKind {
  STACK_PTX_FAST_INSTRUCTION_KIND_RETURN = 0, /* all-zero bytes end a program */
  STACK_PTX_FAST_INSTRUCTION_KIND_INPUT = 1,
  STACK_PTX_FAST_INSTRUCTION_KIND_CONSTANT = 2,
  STACK_PTX_FAST_INSTRUCTION_KIND_PTX = 3,
  STACK_PTX_FAST_INSTRUCTION_KIND_SPECIAL_REGISTER = 4,
  STACK_PTX_FAST_INSTRUCTION_KIND_META = 5,
  STACK_PTX_FAST_INSTRUCTION_KIND_STORE = 6,
  STACK_PTX_FAST_INSTRUCTION_KIND_LOAD = 7,
  STACK_PTX_FAST_INSTRUCTION_KIND_ROUTINE = 8,
  STACK_PTX_FAST_INSTRUCTION_KIND_NUM_ENUMS
} StackPtxFastInstructionKind;

typedef enum StackPtxFastMetaOp {
  STACK_PTX_FAST_META_CONSTANT = 0,
  STACK_PTX_FAST_META_DUP = 1,
  STACK_PTX_FAST_META_YANK_DUP = 2,
  STACK_PTX_FAST_META_SWAP = 3,
  STACK_PTX_FAST_META_SWAP_WITH = 4,
  STACK_PTX_FAST_META_REPLACE = 5,
  STACK_PTX_FAST_META_DROP = 6,
  STACK_PTX_FAST_META_ROTATE = 7,
  STACK_PTX_FAST_META_REVERSE = 8,
  STACK_PTX_FAST_META_CLEAR = 9,
  STACK_PTX_FAST_META_NUM_ENUMS
} StackPtxFastMetaOp;

/* kind: a StackPtxFastInstructionKind. stack_idx: the stack type a constant,
   meta or store works on. idx: input register, PTX instruction, special
   register, meta op, store/load slot or routine index. payload: constant
   bits or meta constant. Unknown kinds and out-of-range indices are
   skipped, so any 8 bytes are a valid instruction. */
typedef struct StackPtxFastInstruction {
  uint8_t kind;
  uint8_t stack_idx;
  uint16_t idx;
  union {
    uint32_t u;
    int32_t s;
    float f;
  } payload;
} StackPtxFastInstruction;

#ifdef __cplusplus
static_assert(sizeof(StackPtxFastInstruction) == 8, "instructions are 8 bytes");
#else
typedef char stack_ptx_fast_instruction_is_8_bytes
    [sizeof(StackPtxFastInstruction) == 8 ? 1 : -1];
#endif

/* Encoders. In C these are brace initializers for instruction arrays; in
   C++ they are constant expressions. */
#ifdef __cplusplus
} /* extern "C" */
constexpr StackPtxFastInstruction
stack_ptx_fast_make_instruction(unsigned kind, unsigned stack_idx, unsigned idx,
                                uint32_t payload) {
  StackPtxFastInstruction I{};
  I.kind = (uint8_t)kind;
  I.stack_idx = (uint8_t)stack_idx;
  I.idx = (uint16_t)idx;
  I.payload.u = payload;
  return I;
}
constexpr StackPtxFastInstruction
stack_ptx_fast_make_f32_constant(unsigned stack_idx, float value) {
  return stack_ptx_fast_make_instruction(
      STACK_PTX_FAST_INSTRUCTION_KIND_CONSTANT, stack_idx, 0,
      __builtin_bit_cast(uint32_t, value));
}
#define STACK_PTX_FAST_INSTRUCTION(kind, stack_idx, idx, payload)              \
  stack_ptx_fast_make_instruction((kind), (stack_idx), (idx),                  \
                                  (uint32_t)(payload))
#define STACK_PTX_FAST_F32_CONSTANT(stack_idx, value)                          \
  stack_ptx_fast_make_f32_constant((stack_idx), (float)(value))
extern "C" {
#else
#define STACK_PTX_FAST_INSTRUCTION(k, s, i, p)                                 \
  {                                                                            \
    .kind = (uint8_t)(k), .stack_idx = (uint8_t)(s), .idx = (uint16_t)(i),     \
    .payload = {                                                               \
      .u = (uint32_t)(p)                                                       \
    }                                                                          \
  }
#define STACK_PTX_FAST_F32_CONSTANT(s, v)                                      \
  {                                                                            \
    .kind = (uint8_t)STACK_PTX_FAST_INSTRUCTION_KIND_CONSTANT,                 \
    .stack_idx = (uint8_t)(s), .idx = 0, .payload = {                          \
      .f = (float)(v)                                                          \
    }                                                                          \
  }
#endif

#define stack_ptx_fast_encode_return                                           \
  STACK_PTX_FAST_INSTRUCTION(STACK_PTX_FAST_INSTRUCTION_KIND_RETURN, 0, 0, 0)
#define stack_ptx_fast_encode_input(reg_idx)                                   \
  STACK_PTX_FAST_INSTRUCTION(STACK_PTX_FAST_INSTRUCTION_KIND_INPUT, 0,         \
                             (reg_idx), 0)
#define stack_ptx_fast_encode_constant_bits(stack_idx, bits)                   \
  STACK_PTX_FAST_INSTRUCTION(STACK_PTX_FAST_INSTRUCTION_KIND_CONSTANT,         \
                             (stack_idx), 0, (bits))
#define stack_ptx_fast_encode_ptx_instruction(instr_idx)                       \
  STACK_PTX_FAST_INSTRUCTION(STACK_PTX_FAST_INSTRUCTION_KIND_PTX, 0,           \
                             (instr_idx), 0)
#define stack_ptx_fast_encode_special_register(sreg_idx)                       \
  STACK_PTX_FAST_INSTRUCTION(STACK_PTX_FAST_INSTRUCTION_KIND_SPECIAL_REGISTER, \
                             0, (sreg_idx), 0)
#define stack_ptx_fast_encode_meta(op, stack_idx)                              \
  STACK_PTX_FAST_INSTRUCTION(STACK_PTX_FAST_INSTRUCTION_KIND_META,             \
                             (stack_idx), (op), 0)
#define stack_ptx_fast_encode_meta_constant(value)                             \
  STACK_PTX_FAST_INSTRUCTION(STACK_PTX_FAST_INSTRUCTION_KIND_META, 0,          \
                             STACK_PTX_FAST_META_CONSTANT, (value))
#define stack_ptx_fast_encode_meta_dup(stack_idx)                              \
  stack_ptx_fast_encode_meta(STACK_PTX_FAST_META_DUP, stack_idx)
#define stack_ptx_fast_encode_meta_yank_dup(stack_idx)                         \
  stack_ptx_fast_encode_meta(STACK_PTX_FAST_META_YANK_DUP, stack_idx)
#define stack_ptx_fast_encode_meta_swap(stack_idx)                             \
  stack_ptx_fast_encode_meta(STACK_PTX_FAST_META_SWAP, stack_idx)
#define stack_ptx_fast_encode_meta_swap_with(stack_idx)                        \
  stack_ptx_fast_encode_meta(STACK_PTX_FAST_META_SWAP_WITH, stack_idx)
#define stack_ptx_fast_encode_meta_replace(stack_idx)                          \
  stack_ptx_fast_encode_meta(STACK_PTX_FAST_META_REPLACE, stack_idx)
#define stack_ptx_fast_encode_meta_drop(stack_idx)                             \
  stack_ptx_fast_encode_meta(STACK_PTX_FAST_META_DROP, stack_idx)
#define stack_ptx_fast_encode_meta_rotate(stack_idx)                           \
  stack_ptx_fast_encode_meta(STACK_PTX_FAST_META_ROTATE, stack_idx)
#define stack_ptx_fast_encode_meta_reverse(stack_idx)                          \
  stack_ptx_fast_encode_meta(STACK_PTX_FAST_META_REVERSE, stack_idx)
#define stack_ptx_fast_encode_meta_clear(stack_idx)                            \
  stack_ptx_fast_encode_meta(STACK_PTX_FAST_META_CLEAR, stack_idx)
#define stack_ptx_fast_encode_store(stack_idx, slot)                           \
  STACK_PTX_FAST_INSTRUCTION(STACK_PTX_FAST_INSTRUCTION_KIND_STORE,            \
                             (stack_idx), (slot), 0)
#define stack_ptx_fast_encode_load(slot)                                       \
  STACK_PTX_FAST_INSTRUCTION(STACK_PTX_FAST_INSTRUCTION_KIND_LOAD, 0, (slot), 0)
#define stack_ptx_fast_encode_routine(routine_idx)                             \
  STACK_PTX_FAST_INSTRUCTION(STACK_PTX_FAST_INSTRUCTION_KIND_ROUTINE, 0,       \
                             (routine_idx), 0)

/* ---- Instruction set tables -------------------------------------------- */

typedef enum StackPtxFastConstantKind {
  STACK_PTX_FAST_CONSTANT_NONE = 0, /* the stack type has no literals */
  STACK_PTX_FAST_CONSTANT_F32 = 1,  /* printed as 0fXXXXXXXX */
  STACK_PTX_FAST_CONSTANT_U32 = 2,  /* printed in decimal */
  STACK_PTX_FAST_CONSTANT_S32 = 3   /* printed in signed decimal */
} StackPtxFastConstantKind;

typedef struct StackPtxFastStackTypeInfo {
  const char *name;      /* "F32" */
  const char *reg_type;  /* PTX register type: "f32", "pred", "b16" */
  uint8_t constant_kind; /* a StackPtxFastConstantKind */
} StackPtxFastStackTypeInfo;

typedef struct StackPtxFastArgTypeInfo {
  const char *name;      /* "V4_F32" */
  uint8_t stack_idx;     /* the stack its values live on */
  uint8_t num_vec_elems; /* 0: scalar operand; 1..4: braced vector */
} StackPtxFastArgTypeInfo;

#define STACK_PTX_FAST_MAX_ARGS 4
#define STACK_PTX_FAST_MAX_RETS 2
#define STACK_PTX_FAST_MAX_VEC_ELEMS 4

typedef struct StackPtxFastPtxInstructionInfo {
  const char *ptx;     /* opcode written to the stub: "add.ftz.f32" */
  const char *display; /* unique name for encoders and text: "add.philox" */
  uint8_t num_args;
  uint8_t num_rets;
  uint8_t args[STACK_PTX_FAST_MAX_ARGS]; /* arg type indices */
  uint8_t rets[STACK_PTX_FAST_MAX_RETS];
  uint8_t aligned; /* warp-collective (.aligned) instruction */
  /* 0 (native): operands are the stack's top values deepest first, so
     `x y sub` is x - y, and the first result ends deepest. 1: the top is the
     first operand and the first result ends on top (`x y sub` is y - x), the
     reference library's order; its stack_ptx.h API sets it. */
  uint8_t top_first;
} StackPtxFastPtxInstructionInfo;

typedef struct StackPtxFastSpecialRegisterInfo {
  const char *ptx;  /* "tid.x" (the stub writes %tid.x) */
  uint8_t arg_type; /* vector arg types push .x .y .z .w */
} StackPtxFastSpecialRegisterInfo;

typedef struct StackPtxFastInstructionSetInfo {
  const StackPtxFastStackTypeInfo *stack_types;
  size_t num_stack_types;
  const StackPtxFastArgTypeInfo *arg_types;
  size_t num_arg_types;
  const StackPtxFastPtxInstructionInfo *instructions;
  size_t num_instructions;
  const StackPtxFastSpecialRegisterInfo *special_registers;
  size_t num_special_registers;
  /* 0 (native): replace's depth counts below the top it pops, and a
     routine's return is not counted against the execution limit. 1: the
     reference library's rules: replace's depth counts from the top before
     the pop (0 drops the top), drop never empties the stack, swap_with and
     replace do nothing on a full stack, and every return a routine executes
     counts as one instruction. Its stack_ptx.h API sets it. */
  uint8_t reference_rules;
} StackPtxFastInstructionSetInfo;

/* An instruction set loaded from a JSON description (the
   stack_ptx_descriptions.json format). */
typedef struct StackPtxFastInstructionSet StackPtxFastInstructionSet;

/* Parses json_text (json_size bytes). On failure, writes a message with
   line:column into error (if not NULL) and returns
   STACK_PTX_FAST_ERROR_INVALID_DESCRIPTION. */
StackPtxFastResult
stack_ptx_fast_instruction_set_create(const char *json_text, size_t json_size,
                                      StackPtxFastInstructionSet **out,
                                      char *error, size_t error_size);
/* The built-in default description (data/stack_ptx_descriptions.json). */
const StackPtxFastInstructionSet *stack_ptx_fast_instruction_set_default(void);
const StackPtxFastInstructionSetInfo *
stack_ptx_fast_instruction_set_info(const StackPtxFastInstructionSet *set);
void stack_ptx_fast_instruction_set_destroy(StackPtxFastInstructionSet *set);

/* ---- Compiling --------------------------------------------------------- */

/* A register the stub reads (input) or writes (request). name is bare: "x"
   becomes %x in the stub. A name that is not letters, digits, '_' and '$'
   ("%x", "", "a.b") is STACK_PTX_FAST_ERROR_INVALID_REGISTER. */
typedef struct StackPtxFastRegister {
  const char *name;
  size_t stack_idx;
} StackPtxFastRegister;

/* Limits that size the workspace. An instruction that would exceed one is
   skipped, like one whose operands are missing. */
typedef struct StackPtxFastCompilerInfo {
  size_t max_ast_size;    /* values the program may create */
  size_t stack_size;      /* depth of each stack, and of the meta stack */
  size_t store_size;      /* store/load slots */
  size_t max_frame_depth; /* routine nesting; 0 forbids routine calls */
  size_t execution_limit; /* instructions executed, routines included */
} StackPtxFastCompilerInfo;

StackPtxFastResult stack_ptx_fast_compile_workspace_size(
    const StackPtxFastCompilerInfo *compiler_info,
    const StackPtxFastInstructionSetInfo *set, size_t *workspace_size);

/* Runs instructions (ended by stack_ptx_fast_encode_return), then pops one
   value per request into that register, and writes the stub with dead code
   removed. *required_size receives the stub length (without the NUL).
   buffer == NULL measures only. A non-NULL buffer smaller than
   *required_size + 1 gives STACK_PTX_FAST_ERROR_INSUFFICIENT_BUFFER; the
   program stays compiled in the workspace, so stack_ptx_fast_write_output can
   write it into a larger buffer without compiling again. routines[i] is a
   return-terminated instruction array. */
StackPtxFastResult stack_ptx_fast_compile(
    const StackPtxFastCompilerInfo *compiler_info,
    const StackPtxFastInstructionSetInfo *set,
    const StackPtxFastInstruction *instructions,
    const StackPtxFastRegister *registers, size_t num_registers,
    const StackPtxFastInstruction *const *routines, size_t num_routines,
    const size_t *requests, size_t num_requests, void *workspace,
    size_t workspace_size, char *buffer, size_t buffer_size,
    size_t *required_size);

/* Writes the stub of the last stack_ptx_fast_compile on this workspace. The
   registers passed to that compile must still be alive. */
StackPtxFastResult stack_ptx_fast_write_output(const void *workspace,
                                               size_t workspace_size,
                                               char *buffer, size_t buffer_size,
                                               size_t *bytes_written);

/* A compiler for one instruction set and set of limits. Creating it decodes
   the whole set once (the only allocation), and every compile through it
   then runs the table-driven path of the C++ Compiler, several times faster
   than stack_ptx_fast_compile, which must look the set up again on each call.
   The set's tables must stay alive and unchanged while the compiler exists.
   One compiler may serve many threads, each with its own workspace. */
typedef struct StackPtxFastCompiler StackPtxFastCompiler;

StackPtxFastResult
stack_ptx_fast_compiler_create(const StackPtxFastCompilerInfo *compiler_info,
                               const StackPtxFastInstructionSetInfo *set,
                               StackPtxFastCompiler **compiler);
/* NULL is accepted. */
void stack_ptx_fast_compiler_destroy(StackPtxFastCompiler *compiler);

/* stack_ptx_fast_compile with the compiler's set and limits; the workspace is
   sized by stack_ptx_fast_compile_workspace_size for them, and
   stack_ptx_fast_write_output works on it as after stack_ptx_fast_compile. */
StackPtxFastResult stack_ptx_fast_compiler_compile(
    const StackPtxFastCompiler *compiler,
    const StackPtxFastInstruction *instructions,
    const StackPtxFastRegister *registers, size_t num_registers,
    const StackPtxFastInstruction *const *routines, size_t num_routines,
    const size_t *requests, size_t num_requests, void *workspace,
    size_t workspace_size, char *buffer, size_t buffer_size,
    size_t *required_size);

#define stackPtxFastCheck(call)                                                \
  do {                                                                         \
    StackPtxFastResult stack_ptx_fast_check_result_ = (call);                  \
    if (stack_ptx_fast_check_result_ != STACK_PTX_FAST_SUCCESS) {              \
      fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #call,     \
              stack_ptx_fast_result_to_string(stack_ptx_fast_check_result_));  \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* STACK_PTX_FAST_H */
