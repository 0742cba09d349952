// The seed's AST PTX example in C99: measure, allocate, compile; then a
// malformed program is an error code, not a crash.
// RUN: %cc-stack %s -o %t %runtime-libs
// RUN: %t | FileCheck %s --match-full-lines
// CHECK:      {
// CHECK-NEXT: .reg .f32 %ast<2>;
// CHECK-NEXT: mul.ftz.f32 %ast0, %x, %y;
// CHECK-NEXT: add.ftz.f32 %ast1, %ast0, 0f3f800000;
// CHECK-NEXT: mov.f32 %z, %ast1;
// CHECK-NEXT: }
// CHECK-NEXT: value 7
// CHECK-NEXT: underflow: AST_PTX_FAST_ERROR_STACK_UNDERFLOW
#include <ast_ptx_native.h>
#include "ast_ptx_fast_instructions.h"

#include <stdio.h>
#include <stdlib.h>

enum { INPUT_X, INPUT_Y, INPUT_COUNT };

int main(void) {
  const char output_register_name[] = "z";
  const char *const input_register_names[INPUT_COUNT] = {
      [INPUT_X] = "x",
      [INPUT_Y] = "y",
  };
  static const AstPtxFastInstruction program[] = {
      ast_ptx_fast_encode_input(INPUT_X),
      ast_ptx_fast_encode_input(INPUT_Y),
      ast_ptx_fast_encode_ptx_instruction_mul_ftz_f32,
      ast_ptx_fast_encode_constant(1.0f),
      ast_ptx_fast_encode_ptx_instruction_add_ftz_f32,
      ast_ptx_fast_encode_return,
  };
  size_t required = 0;
  AstPtxFastResult r = ast_ptx_fast_compile(output_register_name, input_register_names, INPUT_COUNT,
                                   ast_ptx_fast_instruction_names, ast_ptx_fast_instruction_num_args,
                                   AST_PTX_FAST_INSTRUCTION_NUM_ENUMS, NULL, 0, program, NULL, 0,
                                   &required);
  if (r != AST_PTX_FAST_SUCCESS)
    return 1;
  char *buffer = malloc(required + 1);
  r = ast_ptx_fast_compile(output_register_name, input_register_names, INPUT_COUNT,
                      ast_ptx_fast_instruction_names, ast_ptx_fast_instruction_num_args,
                      AST_PTX_FAST_INSTRUCTION_NUM_ENUMS, NULL, 0, program, buffer, required + 1,
                      &required);
  if (r != AST_PTX_FAST_SUCCESS)
    return 1;
  printf("%s\n", buffer);
  float inputs[INPUT_COUNT] = {2.0f, 3.0f}, value = 0;
  ast_ptx_fast_interpret(inputs, INPUT_COUNT, ast_ptx_fast_instruction_names, ast_ptx_fast_instruction_num_args,
                    AST_PTX_FAST_INSTRUCTION_NUM_ENUMS, NULL, 0, program, &value);
  printf("value %g\n", value);
  static const AstPtxFastInstruction bad[] = {ast_ptx_fast_encode_input(INPUT_X),
                                          ast_ptx_fast_encode_ptx_instruction_add_ftz_f32,
                                          ast_ptx_fast_encode_return};
  r = ast_ptx_fast_compile(output_register_name, input_register_names, INPUT_COUNT,
                      ast_ptx_fast_instruction_names, ast_ptx_fast_instruction_num_args,
                      AST_PTX_FAST_INSTRUCTION_NUM_ENUMS, NULL, 0, bad, NULL, 0, &required);
  printf("underflow: %s\n", ast_ptx_fast_result_to_string(r));
  free(buffer);
  return 0;
}
