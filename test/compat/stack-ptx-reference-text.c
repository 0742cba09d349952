// stack_ptx_compile writes the reference library's stub text, character for
// character: its order (from the requests, the last one first, each
// instruction after its operands), its numbering of temporaries, a tab
// before every line, hexadecimal literals (0x00000007U for u32, 0xFFFFFFFD
// for s32, 0f40000000 for f32), '|' between two results, a vector operand or
// result on a line of its own, and an opcode two instructions share. The
// expected file is what the reference library itself prints for these
// programs, built from this same source against its stack_ptx.h.
// RUN: %cc-stack %s -o %t %runtime-libs
// RUN: %t > %t.out
// RUN: diff %S/Inputs/stack-ptx-reference-text.expected %t.out
#include <stack_ptx.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { F32, U32, S32, PRED, B64, NUM_STACKS };
enum { A_F32, A_U32, A_S32, A_PRED, A_B64, A_V2_U32, NUM_ARGS };
#define NONE NUM_ARGS

static const char *const stack_types[NUM_STACKS] = {"f32", "u32", "s32", "pred", "b64"};
static const StackPtxArgTypeInfo arg_types[NUM_ARGS] = {
    {F32, 0}, {U32, 0}, {S32, 0}, {PRED, 0}, {B64, 0}, {U32, 2}};

enum {
  ADD_F32,
  MUL_F32,
  SETP_TWO,
  SELP_F32,
  ADD_U32,
  ADD_S32,
  PACK_B64,
  UNPACK_B64,
  CVT_F32_S32,
  NUM_INSTRUCTIONS
};
static const char *const instruction_strings[NUM_INSTRUCTIONS] = {
    "add.f32",  "mul.f32", "setp.lt.s32", "selp.f32",      "add.u32",
    "add.s32",  "mov.b64", "mov.b64",     "cvt.rn.f32.s32"};
// The reference skips an instruction whose stacks hold fewer values than
// unique_stacks says it pops.
static const StackPtxPtxInstructionDescriptor descriptors[NUM_INSTRUCTIONS] = {
    {{A_F32, A_F32, NONE, NONE}, {A_F32, NONE}, 1, false, {{F32, 2}}},
    {{A_F32, A_F32, NONE, NONE}, {A_F32, NONE}, 1, false, {{F32, 2}}},
    {{A_S32, A_S32, NONE, NONE}, {A_PRED, A_PRED}, 1, false, {{S32, 2}}},
    {{A_F32, A_F32, A_PRED, NONE}, {A_F32, NONE}, 2, false, {{F32, 2}, {PRED, 1}}},
    {{A_U32, A_U32, NONE, NONE}, {A_U32, NONE}, 1, false, {{U32, 2}}},
    {{A_S32, A_S32, NONE, NONE}, {A_S32, NONE}, 1, false, {{S32, 2}}},
    {{A_V2_U32, NONE, NONE, NONE}, {A_B64, NONE}, 1, false, {{U32, 2}}},
    {{A_B64, NONE, NONE, NONE}, {A_V2_U32, NONE}, 1, false, {{B64, 1}}},
    {{A_S32, NONE, NONE, NONE}, {A_F32, NONE}, 1, false, {{S32, 1}}},
};
static const char *const special_strings[] = {"tid", "laneid"};
static const StackPtxSpecialRegisterDescriptor specials[] = {{A_V2_U32}, {A_U32}};

static const StackPtxStackInfo stack_info = {
    instruction_strings, descriptors, NUM_INSTRUCTIONS, special_strings, specials, 2,
    stack_types,         NUM_STACKS,  arg_types,        NUM_ARGS};
static const StackPtxCompilerInfo compiler_info = {100, 100, 16, 4, 8};

enum { REG_A, REG_B, REG_U, REG_V, REG_S, REG_O, REG_O2, REG_OU, REG_OS, NUM_REGISTERS };
static const StackPtxRegister registers[NUM_REGISTERS] = {
    {"a", F32}, {"b", F32}, {"u", U32},  {"v", U32}, {"s", S32},
    {"o", F32}, {"o2", F32}, {"ou", U32}, {"os", S32}};

static StackPtxInstruction word(uint16_t type, uint16_t aux, uint32_t payload) {
  StackPtxInstruction w;
  memset(&w, 0, sizeof w);
  w.instruction_type = type;
  w.aux = aux;
  w.payload.u = payload;
  return w;
}
#define IN(r) word(STACK_PTX_INSTRUCTION_TYPE_INPUT, 0, (r))
#define PTX(i) word(STACK_PTX_INSTRUCTION_TYPE_PTX, 0, (i))
#define SPECIAL(i) word(STACK_PTX_INSTRUCTION_TYPE_SPECIAL, 0, (i))
#define META(op, stack) word(STACK_PTX_INSTRUCTION_TYPE_META, (stack), (op))
#define RETURN word(STACK_PTX_INSTRUCTION_TYPE_RETURN, 0, 0)
static StackPtxInstruction constant(uint16_t stack, uint32_t bits) {
  return word(STACK_PTX_INSTRUCTION_TYPE_CONSTANT, stack, bits);
}
static StackPtxInstruction constant_f32(float value) {
  uint32_t bits;
  memcpy(&bits, &value, sizeof bits);
  return constant(F32, bits);
}

static void compile(const char *name, const StackPtxInstruction *program,
                    const size_t *requests, size_t num_requests) {
  size_t workspace_size = 0, length = 0, written = 0;
  if (stack_ptx_compile_workspace_size(&compiler_info, &stack_info, &workspace_size))
    abort();
  void *workspace = malloc(workspace_size);
  StackPtxResult r = stack_ptx_compile(&compiler_info, &stack_info, program, registers,
                                       NUM_REGISTERS, NULL, 0, requests, num_requests, 100,
                                       workspace, workspace_size, NULL, 0, &length);
  char *buffer = malloc(length + 1);
  if (r == STACK_PTX_SUCCESS)
    r = stack_ptx_compile(&compiler_info, &stack_info, program, registers, NUM_REGISTERS,
                          NULL, 0, requests, num_requests, 100, workspace, workspace_size,
                          buffer, length + 1, &written);
  printf("== %s: %s %zu %zu\n%s\n", name, stack_ptx_result_to_string(r), length, written,
         r == STACK_PTX_SUCCESS ? buffer : "");
  free(buffer);
  free(workspace);
}

int main(void) {
  {
    // Literals of each kind; a value used twice (dup) is printed once; the
    // last request's value is printed first.
    StackPtxInstruction p[] = {IN(REG_A), constant_f32(2.0f), PTX(MUL_F32),
                               META(STACK_PTX_META_INSTRUCTION_DUP, F32), PTX(ADD_F32),
                               constant(U32, 7), IN(REG_U), PTX(ADD_U32),
                               constant(S32, (uint32_t)-3), IN(REG_S), PTX(ADD_S32),
                               RETURN};
    size_t requests[] = {REG_O, REG_OU, REG_OS};
    compile("literals", p, requests, 3);
  }
  {
    // Two results, each read by a select.
    StackPtxInstruction p[] = {IN(REG_S), constant(S32, 5), PTX(SETP_TWO), IN(REG_A),
                               IN(REG_B), PTX(SELP_F32), IN(REG_B), PTX(SELP_F32),
                               RETURN};
    size_t requests[] = {REG_O};
    compile("two-results", p, requests, 1);
  }
  {
    // A vector operand and a vector result, under one opcode; a vector
    // special register and a scalar one.
    StackPtxInstruction p[] = {IN(REG_U),  IN(REG_V),  PTX(PACK_B64),   PTX(UNPACK_B64),
                               PTX(ADD_U32), SPECIAL(0), PTX(ADD_U32),  SPECIAL(1),
                               PTX(ADD_U32), PTX(ADD_U32), RETURN};
    size_t requests[] = {REG_OU};
    compile("vectors", p, requests, 1);
  }
  {
    // Operands built in another order than the reference prints them, and
    // two requests from one stack.
    StackPtxInstruction p[] = {IN(REG_S),  PTX(CVT_F32_S32), IN(REG_A), IN(REG_B),
                               PTX(MUL_F32), IN(REG_S), constant(S32, 1), PTX(ADD_S32),
                               PTX(CVT_F32_S32), PTX(ADD_F32), PTX(ADD_F32), IN(REG_B),
                               RETURN};
    size_t requests[] = {REG_O, REG_O2};
    compile("order", p, requests, 2);
  }
  return 0;
}
