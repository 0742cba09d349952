// Host code written the way the reference's documentation shows it: the
// reference headers (stack_ptx.h, stack_ptx_default_info.h and the generated
// generated/stack_ptx_descriptions.h), encoders by name, and
// stack_ptx_compile called twice, to measure and then to compile. The stub
// is the reference library's own text for this program (the expected file:
// this source built against the reference's stack_ptx.h prints it).
// RUN: %cc-stack %s -o %t %runtime-libs
// RUN: %t > %t.ref
// RUN: diff %S/Inputs/stack-ptx-compile.expected %t.ref
// The C++ API (through the ptxinject tool) writes the same statements in its
// own spelling, without the reference's tabs. The reference takes an
// instruction's operands from the top of the stack down, the native compiler
// deepest first: the native program that equals the reference's
// `x y mul 1.0 add` is `1.0 y x mul add`.
// RUN: %ptxinject stack --input x --input y --request z '1.0 y x mul.ftz.f32 add.ftz.f32' > %t.cpp
// RUN: sed 's/^\t//' %t.ref | diff %t.cpp -
#define STACK_PTX_IMPLEMENTATION
#include <stack_ptx.h>
#include <stack_ptx_default_info.h>
#include "generated/stack_ptx_descriptions.h"

#include <stdio.h>
#include <stdlib.h>

#define stackPtxCheck(call)                                                            \
  do {                                                                                 \
    StackPtxResult result_ = (call);                                                   \
    if (result_ != STACK_PTX_SUCCESS) {                                                \
      fprintf(stderr, "%s failed: %s\n", #call, stack_ptx_result_to_string(result_));  \
      exit(1);                                                                         \
    }                                                                                  \
  } while (0)

enum { REG_X, REG_Y, REG_Z, REG_NUM };

static const StackPtxRegister registers[] = {
    [REG_X] = {.name = "x", .stack_idx = STACK_PTX_STACK_TYPE_F32},
    [REG_Y] = {.name = "y", .stack_idx = STACK_PTX_STACK_TYPE_F32},
    [REG_Z] = {.name = "z", .stack_idx = STACK_PTX_STACK_TYPE_F32},
};

static const StackPtxInstruction instructions[] = {
    stack_ptx_encode_input(REG_X),
    stack_ptx_encode_input(REG_Y),
    stack_ptx_encode_ptx_instruction_mul_ftz_f32,
    stack_ptx_encode_constant_f32(1.0f),
    stack_ptx_encode_ptx_instruction_add_ftz_f32,
    stack_ptx_encode_return,
};

static const size_t requests[] = {REG_Z};

int main(void) {
  size_t workspace_size = 0;
  stackPtxCheck(stack_ptx_compile_workspace_size(&compiler_info, &stack_ptx_stack_info,
                                                 &workspace_size));
  void *workspace = malloc(workspace_size);
  size_t required = 0;
  stackPtxCheck(stack_ptx_compile(&compiler_info, &stack_ptx_stack_info, instructions,
                                  registers, REG_NUM, NULL, 0, requests,
                                  STACK_PTX_ARRAY_NUM_ELEMS(requests), 100, workspace,
                                  workspace_size, NULL, 0, &required));
  char *buffer = (char *)malloc(required + 1);
  size_t written = 0;
  stackPtxCheck(stack_ptx_compile(&compiler_info, &stack_ptx_stack_info, instructions,
                                  registers, REG_NUM, NULL, 0, requests,
                                  STACK_PTX_ARRAY_NUM_ELEMS(requests), 100, workspace,
                                  workspace_size, buffer, required + 1, &written));
  if (written != required) {
    fprintf(stderr, "measured %zu bytes, wrote %zu\n", required, written);
    return 1;
  }
  puts(buffer); /* the tool ends the stub with a newline too */
  free(buffer);
  free(workspace);
  return 0;
}
