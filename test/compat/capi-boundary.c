// Every pointer/count pair and every enum is checked at the C boundary: a
// NULL array with a non-zero count, a special register with no PTX name and a
// result code out of range are errors or a fallback string, never a crash or
// undefined behaviour (the sanitizer build runs this file too). AST PTX
// programs and routines are read up to their return, never as unbounded spans.
// RUN: %cc-stack %s -I%include -o %t %runtime-libs
// Each defect runs on its own, so each fails on its own without its fix.
// RUN: %t stack | FileCheck %s --match-full-lines --check-prefix=STACK
// RUN: %t enums | FileCheck %s --match-full-lines --check-prefix=ENUMS
// RUN: %t ast | FileCheck %s --match-full-lines --check-prefix=AST
// STACK:      stack compile, routines NULL: STACK_PTX_FAST_ERROR_INVALID_ARGUMENT
// STACK-NEXT: stack compile, registers NULL: STACK_PTX_FAST_ERROR_INVALID_ARGUMENT
// STACK-NEXT: stack compile, requests NULL: STACK_PTX_FAST_ERROR_INVALID_ARGUMENT
// STACK-NEXT: compiler compile, routines NULL: STACK_PTX_FAST_ERROR_INVALID_ARGUMENT
// RUN: %t sreg | FileCheck %s --match-full-lines --check-prefix=SREG
// SREG:       special register without ptx, compile: STACK_PTX_FAST_ERROR_INVALID_INSTRUCTION_SET
// SREG:       special register without ptx, compiler: STACK_PTX_FAST_ERROR_INVALID_INSTRUCTION_SET
// ENUMS:      stack result 1000: STACK_PTX_FAST_ERROR_INVALID_RESULT_ENUM
// ENUMS-NEXT: stack result -1: STACK_PTX_FAST_ERROR_INVALID_RESULT_ENUM
// ENUMS-NEXT: ast result 1000: AST_PTX_FAST_ERROR_INVALID_RESULT_ENUM
// ENUMS-NEXT: inject result 1000: PTX_INJECT_ERROR_INVALID_RESULT_ENUM
// AST:        ast routine call: AST_PTX_FAST_SUCCESS value 12
// AST-NEXT:  ast routine call stub: AST_PTX_FAST_SUCCESS
// AST-NEXT:  ast routines NULL: AST_PTX_FAST_ERROR_INVALID_ARGUMENT
// The former names of the native headers, which users still include, forward
// to ast_ptx_native.h, stack_ptx_native.h and stack_ptx_native_default_info.h.
#include <ast_ptx_fast.h>
#include <ptx_inject_runtime.h>
#include <stack_ptx_fast.h>
#include <stack_ptx_fast_default_info.h>
#include "ast_ptx_fast_instructions.h"
#include "stack_ptx_fast_generated_descriptions.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Prints the result name up to the first ':' (the rest is advice). */
static void show(const char *what, const char *name) {
  printf("%s: %.*s\n", what, (int)strcspn(name, ":"), name);
}

static const StackPtxFastRegister registers[] = {
    {.name = "x", .stack_idx = STACK_PTX_FAST_STACK_TYPE_U32},
};
static const StackPtxFastInstruction push_tid_x[] = {
    stack_ptx_fast_encode_special_register_tid_x,
    stack_ptx_fast_encode_return,
};
static const size_t requests[] = {0};

static void stack_checks(void) {
  const StackPtxFastInstructionSetInfo *set = &stack_ptx_fast_generated_instruction_set;
  const StackPtxFastCompilerInfo *info = &stack_ptx_fast_default_compiler_info;
  size_t workspace_size = 0;
  stackPtxFastCheck(stack_ptx_fast_compile_workspace_size(info, set, &workspace_size));
  void *workspace = malloc(workspace_size);
  char stub[512];
  size_t required = 0;

  show("stack compile, routines NULL",
       stack_ptx_fast_result_to_string(stack_ptx_fast_compile(
           info, set, push_tid_x, registers, 1, NULL, 3, requests, 1, workspace,
           workspace_size, stub, sizeof stub, &required)));
  show("stack compile, registers NULL",
       stack_ptx_fast_result_to_string(stack_ptx_fast_compile(
           info, set, push_tid_x, NULL, 1, NULL, 0, requests, 1, workspace, workspace_size,
           stub, sizeof stub, &required)));
  show("stack compile, requests NULL",
       stack_ptx_fast_result_to_string(stack_ptx_fast_compile(
           info, set, push_tid_x, registers, 1, NULL, 0, NULL, 1, workspace, workspace_size,
           stub, sizeof stub, &required)));

  StackPtxFastCompiler *compiler = NULL;
  stackPtxFastCheck(stack_ptx_fast_compiler_create(info, set, &compiler));
  show("compiler compile, routines NULL",
       stack_ptx_fast_result_to_string(stack_ptx_fast_compiler_compile(
           compiler, push_tid_x, registers, 1, NULL, 2, requests, 1, workspace,
           workspace_size, stub, sizeof stub, &required)));
  stack_ptx_fast_compiler_destroy(compiler);
  free(workspace);
}

static void special_register_checks(void) {
  const StackPtxFastInstructionSetInfo *set = &stack_ptx_fast_generated_instruction_set;
  const StackPtxFastCompilerInfo *info = &stack_ptx_fast_default_compiler_info;
  size_t workspace_size = 0;
  stackPtxFastCheck(stack_ptx_fast_compile_workspace_size(info, set, &workspace_size));
  void *workspace = malloc(workspace_size);
  char stub[512];
  size_t required = 0;
  StackPtxFastCompiler *compiler = NULL;

  /* A caller-built set: the default one with every special register's PTX
     name missing. */
  StackPtxFastSpecialRegisterInfo *sregs =
      malloc(set->num_special_registers * sizeof *sregs);
  memcpy(sregs, set->special_registers, set->num_special_registers * sizeof *sregs);
  for (size_t i = 0; i < set->num_special_registers; ++i)
    sregs[i].ptx = NULL;
  StackPtxFastInstructionSetInfo broken = *set;
  broken.special_registers = sregs;
  show("special register without ptx, compile",
       stack_ptx_fast_result_to_string(stack_ptx_fast_compile(
           info, &broken, push_tid_x, registers, 1, NULL, 0, requests, 1, workspace,
           workspace_size, stub, sizeof stub, &required)));
  compiler = NULL;
  show("special register without ptx, compiler",
       stack_ptx_fast_result_to_string(stack_ptx_fast_compiler_create(info, &broken, &compiler)));
  stack_ptx_fast_compiler_destroy(compiler);
  free(sregs);
  free(workspace);
}

static void result_string_checks(void) {
  /* C lets an enum object hold any int; the library must not assume the
     value is one of the enumerators. */
  StackPtxFastResult stack_result = (StackPtxFastResult)1000;
  show("stack result 1000", stack_ptx_fast_result_to_string(stack_result));
  stack_result = (StackPtxFastResult)-1;
  show("stack result -1", stack_ptx_fast_result_to_string(stack_result));
  AstPtxFastResult ast_result = (AstPtxFastResult)1000;
  show("ast result 1000", ast_ptx_fast_result_to_string(ast_result));
  PtxInjectResult inject_result = (PtxInjectResult)1000;
  show("inject result 1000", ptx_inject_result_to_string(inject_result));
}

static void ast_checks(void) {
  const char *const inputs[] = {"a", "b"};
  static const AstPtxFastInstruction square_plus_one[] = {
      ast_ptx_fast_encode_routine_arg(0),
      ast_ptx_fast_encode_routine_arg(0),
      ast_ptx_fast_encode_ptx_instruction_mul_ftz_f32,
      ast_ptx_fast_encode_routine_arg(1),
      ast_ptx_fast_encode_ptx_instruction_add_ftz_f32,
      ast_ptx_fast_encode_return,
  };
  static const AstPtxFastInstruction program[] = {
      ast_ptx_fast_encode_input(0),
      ast_ptx_fast_encode_input(1),
      ast_ptx_fast_encode_routine(0),
      ast_ptx_fast_encode_return,
  };
  const AstPtxFastInstruction *const routines[] = {square_plus_one};
  const float values[] = {3.0f, 3.0f};
  float value = 0;
  AstPtxFastResult r = ast_ptx_fast_interpret(values, 2, ast_ptx_fast_instruction_names,
                                     ast_ptx_fast_instruction_num_args, AST_PTX_FAST_INSTRUCTION_NUM_ENUMS,
                                     routines, 1, program, &value);
  printf("ast routine call: %s value %g\n", ast_ptx_fast_result_to_string(r), value);
  char stub[512];
  size_t required = 0;
  r = ast_ptx_fast_compile("out", inputs, 2, ast_ptx_fast_instruction_names,
                      ast_ptx_fast_instruction_num_args, AST_PTX_FAST_INSTRUCTION_NUM_ENUMS, routines, 1,
                      program, stub, sizeof stub, &required);
  printf("ast routine call stub: %s\n", ast_ptx_fast_result_to_string(r));
  r = ast_ptx_fast_compile("out", inputs, 2, ast_ptx_fast_instruction_names,
                      ast_ptx_fast_instruction_num_args, AST_PTX_FAST_INSTRUCTION_NUM_ENUMS, NULL, 1,
                      program, stub, sizeof stub, &required);
  printf("ast routines NULL: %s\n", ast_ptx_fast_result_to_string(r));
}

int main(int argc, char **argv) {
  const char *part = argc > 1 ? argv[1] : "";
  if (!strcmp(part, "stack"))
    stack_checks();
  else if (!strcmp(part, "sreg"))
    special_register_checks();
  else if (!strcmp(part, "enums"))
    result_string_checks();
  else if (!strcmp(part, "ast"))
    ast_checks();
  else
    return 2;
  return 0;
}
