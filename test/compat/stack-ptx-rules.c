// The reference API follows the reference library's rules where the native
// compiler's differ: replace counts its depth from the top before popping it
// (depth 0 drops the top), drop never empties a stack, and a routine's return
// counts against the execution limit. The expected stubs are the reference
// library's own outputs for these programs.
// RUN: %cc-stack %s -o %t %runtime-libs
// RUN: %t | FileCheck %s
// CHECK-LABEL: == replace-depth-1: STACK_PTX_SUCCESS
// CHECK: sub.ftz.f32 %_s0_0, 0f3F800000, %a;
// CHECK-LABEL: == replace-depth-0: STACK_PTX_SUCCESS
// CHECK: sub.ftz.f32 %_s0_0, %b, %a;
// CHECK-LABEL: == drop-everything: STACK_PTX_SUCCESS
// CHECK: sub.ftz.f32 %_s0_0, %b, %a;
// CHECK-LABEL: == return-counts: STACK_PTX_SUCCESS
// CHECK-NEXT: {
// CHECK-NEXT: mov.f32 %out, %b;
// CHECK-NEXT: }
#include <stdio.h>
#include <stdlib.h>
#include <stack_ptx.h>
#include <stack_ptx_default_info.h>
#include "generated/stack_ptx_descriptions.h"

#define F32 STACK_PTX_STACK_TYPE_F32
#define I(x) stack_ptx_encode_input(x)
#define MC(x) stack_ptx_encode_meta_constant(x)
#define SUB stack_ptx_encode_ptx_instruction_sub_ftz_f32
#define R stack_ptx_encode_return

static const StackPtxRegister registers[] = {{"a", F32}, {"b", F32}, {"out", F32}};
static const size_t requests[] = {2};

static void run(const char *name, const StackPtxInstruction *program, size_t limit) {
  static const StackPtxInstruction square[] = {stack_ptx_encode_meta_dup(F32),
                                               stack_ptx_encode_ptx_instruction_mul_ftz_f32, R};
  const StackPtxInstruction *routines[] = {square};
  static char out[4096];
  size_t workspace_size = 0, written = 0;
  if (stack_ptx_compile_workspace_size(&compiler_info, &stack_ptx_stack_info, &workspace_size))
    abort();
  void *workspace = malloc(workspace_size);
  StackPtxResult r = stack_ptx_compile(&compiler_info, &stack_ptx_stack_info, program, registers, 3,
                                       routines, 1, requests, 1, limit, workspace,
                                       workspace_size, out, sizeof out, &written);
  free(workspace);
  printf("== %s: %s\n%s\n", name, stack_ptx_result_to_string(r), r ? "" : out);
}

int main(void) {
  {
    StackPtxInstruction p[] = {I(0), I(1), stack_ptx_encode_constant_f32(1.0f), MC(1),
                               stack_ptx_encode_meta_replace(F32), SUB, R};
    run("replace-depth-1", p, 100);
  }
  {
    StackPtxInstruction p[] = {I(0), I(1), stack_ptx_encode_constant_f32(1.0f), MC(0),
                               stack_ptx_encode_meta_replace(F32), SUB, R};
    run("replace-depth-0", p, 100);
  }
  {
    StackPtxInstruction p[] = {I(0), I(1), MC(2), stack_ptx_encode_meta_drop(F32), SUB, R};
    run("drop-everything", p, 100);
  }
  {
    StackPtxInstruction p[] = {I(0), stack_ptx_encode_routine(0), I(1), SUB, R};
    run("return-counts", p, 6);
  }
  return 0;
}
