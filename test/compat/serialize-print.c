// stack_ptx_compiler_info_print and stack_ptx_stack_info_print write the
// reference's text, line for line (tabs shown as <T>): its users compare
// and grep that output.
// RUN: %cc-stack %s -o %t %runtime-libs
// RUN: %t | sed 's/\t/<T>/g' | FileCheck %s --match-full-lines
// CHECK:      Stack PTX Compiler Info:
// CHECK-NEXT: <T>Max AST Size: 100
// CHECK-NEXT: <T>Max AST to Visit Stack Depth: 20
// CHECK-NEXT: <T>Stack Size: 128
// CHECK-NEXT: <T>Max Frame Depth: 4
// CHECK-NEXT: <T>Store Size: 16
// CHECK-NEXT: Stack PTX Stack Info:
// CHECK-NEXT: <T>PTX Instructions:
// CHECK-NEXT: <T><T>add.u32
// CHECK-NEXT: <T><T>mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32
// CHECK-NEXT: <T>Special Registers:
// CHECK-NEXT: <T><T>tid.x
// CHECK-NEXT: <T>PTX Instruction Descriptors:
// CHECK-NEXT: <T><T>0 : aligned=0 unique_stacks=1
// CHECK-NEXT: <T><T>1 : aligned=1 unique_stacks=2
// CHECK-NEXT: <T>Special Register Descriptors:
// CHECK-NEXT: <T><T>0 : 0
// CHECK-NEXT: <T>Literal Prefixes:
// CHECK-NEXT: <T><T>u32
// CHECK-NEXT: <T><T>f32
// CHECK-NEXT: <T>Arg Type Info:
// CHECK-NEXT: <T><T>0 : 0
// CHECK-NEXT: <T><T>1 : 4
// CHECK-NEXT: <T><T>0 : 2
// CHECK-NEXT: result: STACK_PTX_INJECT_SERIALIZE_SUCCESS
// CHECK-NEXT: NULL: STACK_PTX_INJECT_SERIALIZE_ERROR_INVALID_INPUT
#include <stack_ptx.h>
#include <stack_ptx_inject_serialize.h>

#include <stdio.h>

enum { STACK_U32, STACK_F32, NUM_STACKS };
enum { ARG_U32, ARG_F32X4, ARG_U32X2, NUM_ARGS };

static const char *const instruction_names[] = {
    "add.u32", "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32"};
static const char *const special_names[] = {"tid.x"};
static const char *const prefixes[] = {"u32", "f32"};
static const StackPtxArgTypeInfo arg_types[] = {
    [ARG_U32] = {STACK_U32, 0},
    [ARG_F32X4] = {STACK_F32, 4},
    [ARG_U32X2] = {STACK_U32, 2},
};
static const StackPtxPtxInstructionDescriptor descriptors[] = {
    {.arg_types = {ARG_U32, ARG_U32, NUM_ARGS, NUM_ARGS},
     .ret_types = {ARG_U32, NUM_ARGS},
     .num_unique_stacks = 1,
     .is_aligned = false,
     .unique_stacks = {{STACK_U32, 2}}},
    {.arg_types = {ARG_U32X2, ARG_U32X2, ARG_F32X4, NUM_ARGS},
     .ret_types = {ARG_F32X4, NUM_ARGS},
     .num_unique_stacks = 2,
     .is_aligned = true,
     .unique_stacks = {{STACK_U32, 4}, {STACK_F32, 4}}},
};
static const StackPtxSpecialRegisterDescriptor special_descriptors[] = {
    {ARG_U32}};

int main(void) {
  const StackPtxCompilerInfo info = {100, 20, 128, 4, 16};
  const StackPtxStackInfo set = {
      .ptx_instruction_strings = instruction_names,
      .ptx_instruction_descriptors = descriptors,
      .num_ptx_instructions = 2,
      .special_register_strings = special_names,
      .special_register_descriptors = special_descriptors,
      .num_special_registers = 1,
      .stack_literal_prefixes = prefixes,
      .num_stacks = NUM_STACKS,
      .arg_type_info = arg_types,
      .num_arg_types = NUM_ARGS,
  };
  StackPtxInjectSerializeResult r = stack_ptx_compiler_info_print(&info);
  if (r == STACK_PTX_INJECT_SERIALIZE_SUCCESS)
    r = stack_ptx_stack_info_print(&set);
  printf("result: %s\n", stack_ptx_inject_serialize_result_to_string(r));
  printf("NULL: %s\n", stack_ptx_inject_serialize_result_to_string(
                           stack_ptx_stack_info_print(NULL)));
  return 0;
}
