/* A C program assembled one word at a time, by assignment, from the
   generated encoders: x ^ (tid.x + 7), converted to f32. */
#define STACK_PTX_IMPLEMENTATION
#include <stack_ptx.h>
#include <u32_ops.h>

#include <stdio.h>
#include <stdlib.h>

int main(void) {
  static const StackPtxCompilerInfo info = {100, 20, 128, 4, 16};
  const StackPtxRegister registers[] = {{"x", STACK_PTX_STACK_TYPE_U32},
                                        {"y", STACK_PTX_STACK_TYPE_F32}};
  const size_t requests[] = {1};
  StackPtxInstruction prog[8];
  size_t n = 0, workspace_size = 0, length = 0;
  prog[n++] = stack_ptx_encode_special_register_tid_x;
  prog[n] = (StackPtxInstruction)stack_ptx_encode_constant_u32(7);
  ++n;
  prog[n++] = stack_ptx_encode_ptx_instruction_add_u32;
  prog[n] = (StackPtxInstruction)stack_ptx_encode_input(0);
  ++n;
  prog[n++] = stack_ptx_encode_ptx_instruction_xor_u32;
  prog[n++] = stack_ptx_ptx_instructions[STACK_PTX_PTX_INSTRUCTION_CVT_RN_F32_U32];
  prog[n] = (StackPtxInstruction)stack_ptx_encode_return;
  if (stack_ptx_compile_workspace_size(&info, &stack_ptx_stack_info, &workspace_size) !=
      STACK_PTX_SUCCESS)
    return 1;
  void *workspace = malloc(workspace_size);
  char stub[4096];
  StackPtxResult r = stack_ptx_compile(&info, &stack_ptx_stack_info, prog, registers, 2, NULL, 0,
                                       requests, 1, 100, workspace, workspace_size, stub,
                                       sizeof stub, &length);
  printf("C: %s\n%s\n", stack_ptx_result_to_string(r), stub);
  free(workspace);
  return r == STACK_PTX_SUCCESS ? 0 : 1;
}
