// The reference-layout API and the native one compile the same program to
// the same statements once the native set follows the reference's rules
// (top_first: `x y sub` is y - x; reference_rules: replace's depth, drop's
// bound, returns counted): meta instructions (the reference's order, CLEAR
// before ROTATE, and its own meta-constant type), stores and loads,
// routines, special registers, constants of u32 and s32 stacks, and the
// execution limit as an argument. The native program is written with the
// native encoders; the reference one with the generated reference encoders.
// The reference API writes the reference's text (its order and spelling),
// the native API its own: the expected file holds both, the reference API's
// stubs as the reference library itself writes them (this source built
// against its stack_ptx.h gives the same file).
// RUN: %cc-stack %s -o %t %runtime-libs
// RUN: %t > %t.out
// RUN: diff %S/Inputs/stack-ptx-translate.expected %t.out
#include <stack_ptx.h>
#include <stack_ptx_default_info.h>
#include "generated/stack_ptx_descriptions.h"

#include <stack_ptx_native.h>
#include "stack_ptx_fast_generated_descriptions.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define F32 STACK_PTX_STACK_TYPE_F32
#define U32 STACK_PTX_STACK_TYPE_U32
#define NF32 STACK_PTX_FAST_STACK_TYPE_F32
#define NU32 STACK_PTX_FAST_STACK_TYPE_U32

static const StackPtxRegister registers[] = {
    {"a", STACK_PTX_STACK_TYPE_F32}, {"b", STACK_PTX_STACK_TYPE_F32},
    {"n", STACK_PTX_STACK_TYPE_U32}, {"out", STACK_PTX_STACK_TYPE_F32},
    {"out2", STACK_PTX_STACK_TYPE_U32}};
static const StackPtxFastRegister native_registers[] = {
    {"a", STACK_PTX_FAST_STACK_TYPE_F32}, {"b", STACK_PTX_FAST_STACK_TYPE_F32},
    {"n", STACK_PTX_FAST_STACK_TYPE_U32}, {"out", STACK_PTX_FAST_STACK_TYPE_F32},
    {"out2", STACK_PTX_FAST_STACK_TYPE_U32}};
static const size_t requests[] = {3, 4};

/* Program 0: dup, swap, rotate, clear, then more work. */
static const StackPtxInstruction ref0[] = {
    stack_ptx_encode_input(0), stack_ptx_encode_input(1), stack_ptx_encode_constant_f32(2.5f),
    stack_ptx_encode_meta_dup(F32), stack_ptx_encode_meta_rotate(F32),
    stack_ptx_encode_ptx_instruction_mul_ftz_f32, stack_ptx_encode_meta_swap(F32),
    stack_ptx_encode_ptx_instruction_sub_ftz_f32, stack_ptx_encode_input(2),
    stack_ptx_encode_constant_u32(7), stack_ptx_encode_meta_clear(U32),
    stack_ptx_encode_input(2), stack_ptx_encode_constant_u32(3),
    stack_ptx_encode_ptx_instruction_add_u32, stack_ptx_encode_return};
static const StackPtxFastInstruction nat0[] = {
    stack_ptx_fast_encode_input(0), stack_ptx_fast_encode_input(1),
    stack_ptx_fast_encode_constant_f32(2.5f), stack_ptx_fast_encode_meta_dup(NF32),
    stack_ptx_fast_encode_meta_rotate(NF32), stack_ptx_fast_encode_ptx_instruction_mul_ftz_f32,
    stack_ptx_fast_encode_meta_swap(NF32), stack_ptx_fast_encode_ptx_instruction_sub_ftz_f32,
    stack_ptx_fast_encode_input(2), stack_ptx_fast_encode_constant_u32(7),
    stack_ptx_fast_encode_meta_clear(NU32), stack_ptx_fast_encode_input(2),
    stack_ptx_fast_encode_constant_u32(3), stack_ptx_fast_encode_ptx_instruction_add_u32,
    stack_ptx_fast_encode_return};

/* Program 1: meta constants with yank_dup and drop; a special register. */
static const StackPtxInstruction ref1[] = {
    stack_ptx_encode_input(0), stack_ptx_encode_input(1), stack_ptx_encode_constant_f32(-1.0f),
    stack_ptx_encode_meta_constant(2), stack_ptx_encode_meta_yank_dup(F32),
    stack_ptx_encode_meta_constant(1), stack_ptx_encode_meta_drop(F32),
    stack_ptx_encode_ptx_instruction_add_ftz_f32, stack_ptx_encode_special_register_tid_x,
    stack_ptx_encode_meta_reverse(F32), stack_ptx_encode_return};
static const StackPtxFastInstruction nat1[] = {
    stack_ptx_fast_encode_input(0), stack_ptx_fast_encode_input(1),
    stack_ptx_fast_encode_constant_f32(-1.0f), stack_ptx_fast_encode_meta_constant(2),
    stack_ptx_fast_encode_meta_yank_dup(NF32), stack_ptx_fast_encode_meta_constant(1),
    stack_ptx_fast_encode_meta_drop(NF32), stack_ptx_fast_encode_ptx_instruction_add_ftz_f32,
    stack_ptx_fast_encode_special_register_tid_x, stack_ptx_fast_encode_meta_reverse(NF32),
    stack_ptx_fast_encode_return};

/* Program 2: store and load, swap_with and replace. */
static const StackPtxInstruction ref2[] = {
    stack_ptx_encode_input(0), stack_ptx_encode_store(F32, 3), stack_ptx_encode_input(1),
    stack_ptx_encode_load(3), stack_ptx_encode_load(3), stack_ptx_encode_meta_constant(2),
    stack_ptx_encode_meta_swap_with(F32), stack_ptx_encode_ptx_instruction_fma_rn_ftz_f32,
    stack_ptx_encode_input(1), stack_ptx_encode_input(0), stack_ptx_encode_meta_constant(1),
    stack_ptx_encode_meta_replace(F32), stack_ptx_encode_ptx_instruction_add_ftz_f32,
    stack_ptx_encode_return};
static const StackPtxFastInstruction nat2[] = {
    stack_ptx_fast_encode_input(0), stack_ptx_fast_encode_store(NF32, 3),
    stack_ptx_fast_encode_input(1), stack_ptx_fast_encode_load(3), stack_ptx_fast_encode_load(3),
    stack_ptx_fast_encode_meta_constant(2), stack_ptx_fast_encode_meta_swap_with(NF32),
    stack_ptx_fast_encode_ptx_instruction_fma_rn_ftz_f32, stack_ptx_fast_encode_input(1),
    stack_ptx_fast_encode_input(0), stack_ptx_fast_encode_meta_constant(1), stack_ptx_fast_encode_meta_replace(NF32),
    stack_ptx_fast_encode_ptx_instruction_add_ftz_f32, stack_ptx_fast_encode_return};

/* Program 3: routines (one calling the other) under a short execution limit. */
static const StackPtxInstruction ref_square[] = {
    stack_ptx_encode_meta_dup(F32), stack_ptx_encode_ptx_instruction_mul_ftz_f32,
    stack_ptx_encode_return};
static const StackPtxInstruction ref_quad[] = {
    stack_ptx_encode_routine(0), stack_ptx_encode_routine(0), stack_ptx_encode_return};
static const StackPtxInstruction ref3[] = {
    stack_ptx_encode_input(0), stack_ptx_encode_routine(1), stack_ptx_encode_input(1),
    stack_ptx_encode_ptx_instruction_add_ftz_f32, stack_ptx_encode_routine(1),
    stack_ptx_encode_routine(1), stack_ptx_encode_return};
static const StackPtxFastInstruction nat_square[] = {
    stack_ptx_fast_encode_meta_dup(NF32), stack_ptx_fast_encode_ptx_instruction_mul_ftz_f32,
    stack_ptx_fast_encode_return};
static const StackPtxFastInstruction nat_quad[] = {
    stack_ptx_fast_encode_routine(0), stack_ptx_fast_encode_routine(0),
    stack_ptx_fast_encode_return};
static const StackPtxFastInstruction nat3[] = {
    stack_ptx_fast_encode_input(0), stack_ptx_fast_encode_routine(1),
    stack_ptx_fast_encode_input(1), stack_ptx_fast_encode_ptx_instruction_add_ftz_f32,
    stack_ptx_fast_encode_routine(1), stack_ptx_fast_encode_routine(1),
    stack_ptx_fast_encode_return};

static char ref_out[1 << 16], nat_out[1 << 16];

/* The generated native set under the reference's rules. */
static StackPtxFastPtxInstructionInfo top_first_instructions[1024];
static StackPtxFastInstructionSetInfo top_first_set;

static void make_top_first_set(void) {
  top_first_set = stack_ptx_fast_generated_instruction_set;
  if (top_first_set.num_instructions > sizeof top_first_instructions / sizeof *top_first_instructions)
    abort();
  for (size_t i = 0; i < top_first_set.num_instructions; ++i) {
    top_first_instructions[i] = top_first_set.instructions[i];
    top_first_instructions[i].top_first = 1;
  }
  top_first_set.instructions = top_first_instructions;
  top_first_set.reference_rules = 1;
}

static int compare(int k, const StackPtxInstruction *ref, const StackPtxFastInstruction *nat,
                   const StackPtxInstruction **ref_routines,
                   const StackPtxFastInstruction *const *nat_routines, size_t num_routines,
                   size_t execution_limit) {
  size_t ws = 0, nws = 0, written = 0, nwritten = 0;
  if (stack_ptx_compile_workspace_size(&compiler_info, &stack_ptx_stack_info, &ws))
    return 1;
  void *w = malloc(ws);
  StackPtxResult r = stack_ptx_compile(&compiler_info, &stack_ptx_stack_info, ref, registers, 5,
                                       ref_routines, num_routines, requests, 2, execution_limit,
                                       w, ws, ref_out, sizeof ref_out, &written);
  free(w);
  /* The same limits in native terms: the reference counts the program's own
     frame in max_frame_depth. */
  StackPtxFastCompilerInfo limits = {compiler_info.max_ast_size, compiler_info.stack_size,
                                     compiler_info.store_size, compiler_info.max_frame_depth - 1,
                                     execution_limit};
  if (stack_ptx_fast_compile_workspace_size(&limits, &top_first_set,
                                            &nws))
    return 1;
  w = malloc(nws);
  StackPtxFastResult nr = stack_ptx_fast_compile(
      &limits, &top_first_set, nat, native_registers, 5,
      nat_routines, num_routines, requests, 2, w, nws, nat_out, sizeof nat_out, &nwritten);
  free(w);
  if (r != STACK_PTX_SUCCESS || nr != STACK_PTX_FAST_SUCCESS) {
    printf("program %d: %s / %s\n", k, stack_ptx_result_to_string(r),
           stack_ptx_fast_result_to_string(nr));
    return 1;
  }
  printf("== program %d, reference API (%zu bytes):\n%s\n", k, written, ref_out);
  printf("== program %d, native API (%zu bytes):\n%s\n", k, nwritten, nat_out);
  return 0;
}

int main(void) {
  const StackPtxInstruction *ref_routines[] = {ref_square, ref_quad};
  const StackPtxFastInstruction *const nat_routines[] = {nat_square, nat_quad};
  int failed = 0;
  make_top_first_set();
  failed |= compare(0, ref0, nat0, NULL, NULL, 0, 100);
  failed |= compare(1, ref1, nat1, NULL, NULL, 0, 100);
  failed |= compare(2, ref2, nat2, NULL, NULL, 0, 100);
  failed |= compare(3, ref3, nat3, ref_routines, nat_routines, 2, 20);
  StackPtxRegister reg;
  printf("sizeof(StackPtxInstruction) %zu, StackPtxArgTypeInfo %zu, StackPtxRegister stack_idx "
         "%zu bytes\n",
         sizeof(StackPtxInstruction), sizeof(StackPtxArgTypeInfo), sizeof reg.stack_idx);
  return failed;
}
