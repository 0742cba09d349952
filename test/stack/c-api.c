// The seed's C example, compiled as C99 against stack_ptx_native.h and the
// headers generated from the default description: measure, allocate, compile.
// RUN: %cc-stack %s -o %t %runtime-libs
// RUN: %t | FileCheck %s --match-full-lines
// CHECK:      {
// CHECK-NEXT: .reg .f32 %_s0_<2>;
// CHECK-NEXT: mul.ftz.f32 %_s0_0, %x, %y;
// CHECK-NEXT: add.ftz.f32 %_s0_1, %_s0_0, 0f3F800000;
// CHECK-NEXT: mov.f32 %z, %_s0_1;
// CHECK-NEXT: }
// CHECK-NEXT: routines: 0f40000000 doubled twice
// The compiler handle gives the same stubs.
// CHECK-NEXT: handle: same stub, routines same
#include <stack_ptx_native.h>
#include <stack_ptx_native_default_info.h>
#include "stack_ptx_fast_generated_descriptions.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { REG_X, REG_Y, REG_Z, REG_COUNT };

static const StackPtxFastRegister registers[] = {
    [REG_X] = {.name = "x", .stack_idx = STACK_PTX_FAST_STACK_TYPE_F32},
    [REG_Y] = {.name = "y", .stack_idx = STACK_PTX_FAST_STACK_TYPE_F32},
    [REG_Z] = {.name = "z", .stack_idx = STACK_PTX_FAST_STACK_TYPE_F32},
};

static const StackPtxFastInstruction instructions[] = {
    stack_ptx_fast_encode_input(REG_X),
    stack_ptx_fast_encode_input(REG_Y),
    stack_ptx_fast_encode_ptx_instruction_mul_ftz_f32,
    stack_ptx_fast_encode_constant_f32(1.0f),
    stack_ptx_fast_encode_ptx_instruction_add_ftz_f32,
    stack_ptx_fast_encode_return,
};

static const StackPtxFastInstruction doubler[] = {
    stack_ptx_fast_encode_meta_dup(STACK_PTX_FAST_STACK_TYPE_F32),
    stack_ptx_fast_encode_ptx_instruction_add_ftz_f32,
    stack_ptx_fast_encode_return,
};
static const StackPtxFastInstruction twice[] = {
    stack_ptx_fast_encode_constant_f32(2.0f),
    stack_ptx_fast_encode_routine(0),
    stack_ptx_fast_encode_routine(0),
    stack_ptx_fast_encode_return,
};

static const size_t requests[] = {REG_Z};

int main(void) {
  const StackPtxFastInstructionSetInfo *set = &stack_ptx_fast_generated_instruction_set;
  size_t workspace_size = 0;
  stackPtxFastCheck(stack_ptx_fast_compile_workspace_size(&stack_ptx_fast_default_compiler_info, set,
                                                 &workspace_size));
  void *workspace = malloc(workspace_size);
  size_t required = 0;
  stackPtxFastCheck(stack_ptx_fast_compile(&stack_ptx_fast_default_compiler_info, set, instructions,
                                  registers, REG_COUNT, NULL, 0, requests, 1, workspace,
                                  workspace_size, NULL, 0, &required));
  char *buffer = malloc(required + 1);
  size_t written = 0;
  stackPtxFastCheck(stack_ptx_fast_write_output(workspace, workspace_size, buffer, required + 1,
                                       &written));
  printf("%s\n", buffer);

  const StackPtxFastInstruction *routines[] = {doubler};
  char stub[512];
  stackPtxFastCheck(stack_ptx_fast_compile(&stack_ptx_fast_default_compiler_info, set, twice, registers,
                                  REG_COUNT, routines, 1, requests, 1, workspace,
                                  workspace_size, stub, sizeof stub, &required));
  printf("routines: %s doubled %s\n", strstr(stub, "0f40000000") ? "0f40000000" : "?",
         strstr(stub, "%_s0_1, %_s0_0, %_s0_0") ? "twice" : "?");

  StackPtxFastCompiler *compiler = NULL;
  stackPtxFastCheck(stack_ptx_fast_compiler_create(&stack_ptx_fast_default_compiler_info, set, &compiler));
  char again[512];
  stackPtxFastCheck(stack_ptx_fast_compiler_compile(compiler, instructions, registers, REG_COUNT, NULL,
                                           0, requests, 1, workspace, workspace_size, again,
                                           sizeof again, &required));
  int same = strcmp(again, buffer) == 0;
  char routine_stub[512];
  stackPtxFastCheck(stack_ptx_fast_compiler_compile(compiler, twice, registers, REG_COUNT, routines, 1,
                                           requests, 1, workspace, workspace_size,
                                           routine_stub, sizeof routine_stub, &required));
  printf("handle: %s stub, routines %s\n", same ? "same" : "different",
         strcmp(routine_stub, stub) == 0 ? "same" : "different");
  stack_ptx_fast_compiler_destroy(compiler);
  free(buffer);
  free(workspace);
  return 0;
}
