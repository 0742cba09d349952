// A worker that unpacks several objects back to back into one malloc'd
// block, at the sizes the measuring calls reported, as the reference's users
// do. Unpacked sizes need not be multiples of 8 (a 3-character PTX text), so
// the later objects start misaligned in the block; a block that starts one
// byte past malloc's alignment must work as well.
// RUN: %cc-stack %s -o %t %runtime-libs
// RUN: %t | FileCheck %s --match-full-lines
// CHECK:      back to back at offset 0: ptx equal, registers equal, compiler info equal
// CHECK-NEXT: back to back at offset 1: ptx equal, registers equal, compiler info equal
// CHECK-NEXT: one byte short: STACK_PTX_INJECT_SERIALIZE_ERROR_INSUFFICIENT_BUFFER
#include <stack_ptx.h>
#include <stack_ptx_inject_serialize.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK_OK(call)                                                         \
  do {                                                                         \
    StackPtxInjectSerializeResult r_ = (call);                                 \
    if (r_ != STACK_PTX_INJECT_SERIALIZE_SUCCESS) {                            \
      printf("%s:%d: %s: %s\n", __FILE__, __LINE__, #call,                     \
             stack_ptx_inject_serialize_result_to_string(r_));                 \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

static const char ptx[] = "abc";
static const StackPtxRegister registers[] = {
    {.name = "a", .stack_idx = 0},
    {.name = "bcd", .stack_idx = 0},
};
static const StackPtxCompilerInfo compiler_info = {
    .max_ast_size = 100,
    .max_ast_to_visit_stack_depth = 20,
    .stack_size = 128,
    .max_frame_depth = 4,
    .store_size = 16,
};

static uint8_t wire[4096];
static size_t wire_size;

static void append(size_t size) { wire_size += size; }

static void build_wire(void) {
  size_t size = 0;
  CHECK_OK(ptx_inject_ptx_serialize(ptx, NULL, 0, &size));
  CHECK_OK(ptx_inject_ptx_serialize(ptx, wire + wire_size, size, &size));
  append(size);
  CHECK_OK(stack_ptx_registers_serialize(registers, 2, NULL, 0, &size));
  CHECK_OK(stack_ptx_registers_serialize(registers, 2, wire + wire_size, size,
                                         &size));
  append(size);
  CHECK_OK(stack_ptx_compiler_info_serialize(&compiler_info, NULL, 0, &size));
  CHECK_OK(stack_ptx_compiler_info_serialize(&compiler_info, wire + wire_size,
                                             size, &size));
  append(size);
}

static void unpack_back_to_back(size_t offset) {
  size_t used[3], sizes[3], num_registers = 0, total = 0;
  const uint8_t *at = wire;
  char *ptx_out = NULL;
  StackPtxRegister *registers_out = NULL;
  StackPtxCompilerInfo *info_out = NULL;
  CHECK_OK(ptx_inject_ptx_deserialize(at, wire_size, &used[0], NULL, 0,
                                      &sizes[0], NULL));
  CHECK_OK(stack_ptx_registers_deserialize(at + used[0], wire_size - used[0],
                                           &used[1], NULL, 0, &sizes[1], NULL,
                                           NULL));
  CHECK_OK(stack_ptx_compiler_info_deserialize(
      at + used[0] + used[1], wire_size - used[0] - used[1], &used[2], NULL, 0,
      &sizes[2], NULL));
  total = sizes[0] + sizes[1] + sizes[2];
  uint8_t *block = malloc(offset + total);
  uint8_t *cursor = block + offset;
  CHECK_OK(ptx_inject_ptx_deserialize(at, wire_size, &used[0], cursor, sizes[0],
                                      &sizes[0], &ptx_out));
  cursor += sizes[0];
  at += used[0];
  CHECK_OK(stack_ptx_registers_deserialize(at, wire_size - used[0], &used[1],
                                           cursor, sizes[1], &sizes[1],
                                           &registers_out, &num_registers));
  cursor += sizes[1];
  at += used[1];
  CHECK_OK(stack_ptx_compiler_info_deserialize(
      at, wire_size - used[0] - used[1], &used[2], cursor, sizes[2], &sizes[2],
      &info_out));
  printf("back to back at offset %zu: ptx %s, registers %s, compiler info %s\n",
         offset, ptx_inject_ptx_equal(ptx, ptx_out) ? "equal" : "differ",
         num_registers == 2 &&
                 stack_ptx_registers_equal(registers, 2, registers_out, 2)
             ? "equal"
             : "differ",
         stack_ptx_compiler_info_equal(&compiler_info, info_out) ? "equal"
                                                                 : "differ");
  free(block);
}

int main(void) {
  build_wire();
  unpack_back_to_back(0);
  unpack_back_to_back(1);
  size_t used = 0, size = 0;
  char *ptx_out = NULL;
  CHECK_OK(
      ptx_inject_ptx_deserialize(wire, wire_size, &used, NULL, 0, &size, NULL));
  uint8_t *short_block = malloc(size);
  StackPtxInjectSerializeResult r = ptx_inject_ptx_deserialize(
      wire, wire_size, &used, short_block, size - 1, &size, &ptx_out);
  printf("one byte short: %s\n",
         stack_ptx_inject_serialize_result_to_string(r));
  free(short_block);
  return 0;
}
