// A compile worker's round trip in C99, written the way the reference's
// serialization example is: the host measures, allocates and serializes the
// compiler info, instruction set, registers, requests and program into one
// message; the worker unpacks them one after another (wire_used) and
// compiles. The stub must equal the one from the originals, the reference
// library's own text for this program (the reference builds this source to
// the same stub), and the C++ API's through the ptxinject tool but for the
// reference's tabs; damaged messages are errors. The objects are the
// reference's (stack_ptx.h), compiled with its stack_ptx_compile.
// RUN: %cc-stack %s -o %t %runtime-libs
// RUN: %t stub > %t.worker
// RUN: diff %S/Inputs/stack-ptx-compile.expected %t.worker
// The reference takes an instruction's operands from the top of the stack
// down, the native compiler deepest first: the native program that equals
// the reference's `x y mul 1.0 add` is `1.0 y x mul add`.
// RUN: %ptxinject stack --input x --input y --request z '1.0 y x mul.ftz.f32 add.ftz.f32' > %t.cpp
// RUN: sed 's/^\t//' %t.worker | diff %t.cpp -
// RUN: %t damage | FileCheck %s --match-full-lines
// CHECK:      same stub as the originals: yes
// CHECK-NEXT: equal after the round trip: yes
// CHECK-NEXT: truncated message: STACK_PTX_INJECT_SERIALIZE_ERROR_INVALID_INPUT
// CHECK-NEXT: another format version: STACK_PTX_INJECT_SERIALIZE_ERROR_INVALID_INPUT
// CHECK-NEXT: compiler info read as requests: STACK_PTX_INJECT_SERIALIZE_ERROR_INVALID_INPUT
// CHECK-NEXT: unpack buffer one byte short: STACK_PTX_INJECT_SERIALIZE_ERROR_INSUFFICIENT_BUFFER
#include <stack_ptx.h>
#include <stack_ptx_default_info.h>
#include <stack_ptx_inject_serialize.h>
#include "generated/stack_ptx_descriptions.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define serializeCheck(call)                                                           \
  do {                                                                                 \
    StackPtxInjectSerializeResult serialize_result_ = (call);                          \
    if (serialize_result_ != STACK_PTX_INJECT_SERIALIZE_SUCCESS) {                     \
      fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #call,             \
              stack_ptx_inject_serialize_result_to_string(serialize_result_));         \
      exit(1);                                                                         \
    }                                                                                  \
  } while (0)

enum { REG_X, REG_Y, REG_Z, REG_COUNT };

static const StackPtxRegister registers[] = {
    [REG_X] = {.name = "x", .stack_idx = STACK_PTX_STACK_TYPE_F32},
    [REG_Y] = {.name = "y", .stack_idx = STACK_PTX_STACK_TYPE_F32},
    [REG_Z] = {.name = "z", .stack_idx = STACK_PTX_STACK_TYPE_F32},
};
static const StackPtxInstruction program[] = {
    stack_ptx_encode_input(REG_X),
    stack_ptx_encode_input(REG_Y),
    stack_ptx_encode_ptx_instruction_mul_ftz_f32,
    stack_ptx_encode_constant_f32(1.0f),
    stack_ptx_encode_ptx_instruction_add_ftz_f32,
    stack_ptx_encode_return,
};
static const size_t requests[] = {REG_Z};

/* The host's message: five objects back to back, each measured first. */
static uint8_t *message;
static size_t message_size;

static uint8_t *grow(size_t size) {
  message = realloc(message, message_size + size);
  uint8_t *at = message + message_size;
  message_size += size;
  return at;
}

static void build_message(void) {
  const StackPtxStackInfo *set = &stack_ptx_stack_info;
  const StackPtxInstruction *const stubs[] = {program};
  const size_t *const request_stubs[] = {requests};
  const size_t request_stub_sizes[] = {1};
  size_t size = 0;

  serializeCheck(stack_ptx_compiler_info_serialize(&compiler_info, NULL, 0,
                                                   &size));
  serializeCheck(stack_ptx_compiler_info_serialize(&compiler_info,
                                                   grow(size), size, &size));
  serializeCheck(stack_ptx_stack_info_serialize(set, NULL, 0, &size));
  serializeCheck(stack_ptx_stack_info_serialize(set, grow(size), size, &size));
  serializeCheck(stack_ptx_registers_serialize(registers, REG_COUNT, NULL, 0, &size));
  serializeCheck(stack_ptx_registers_serialize(registers, REG_COUNT, grow(size), size, &size));
  serializeCheck(stack_ptx_requests_serialize(request_stubs, request_stub_sizes, 1, NULL, 0,
                                              &size));
  serializeCheck(stack_ptx_requests_serialize(request_stubs, request_stub_sizes, 1, grow(size),
                                              size, &size));
  serializeCheck(stack_ptx_instructions_serialize(stubs, 1, NULL, 0, &size));
  serializeCheck(stack_ptx_instructions_serialize(stubs, 1, grow(size), size, &size));
}

/* What the worker unpacked; each object lives in its own malloc'ed buffer. */
typedef struct {
  StackPtxCompilerInfo *compiler_info;
  StackPtxStackInfo *stack_info;
  StackPtxRegister *registers;
  size_t num_registers;
  size_t **request_stubs;
  size_t *request_stub_sizes;
  size_t num_request_stubs;
  StackPtxInstruction **instruction_stubs;
  size_t num_instruction_stubs;
  uint8_t *buffers[5];
} Unpacked;

static void unpack_message(Unpacked *u) {
  const uint8_t *wire = message;
  size_t left = message_size, used = 0, size = 0;
#define UNPACK(slot, call_with)                                                        \
  do {                                                                                 \
    uint8_t *buffer = NULL;                                                            \
    serializeCheck(call_with);                                                         \
    buffer = malloc(size);                                                             \
    u->buffers[slot] = buffer;                                                         \
    serializeCheck(call_with);                                                         \
    wire += used;                                                                      \
    left -= used;                                                                      \
  } while (0)
  UNPACK(0, stack_ptx_compiler_info_deserialize(wire, left, &used, buffer, size, &size,
                                                &u->compiler_info));
  UNPACK(1, stack_ptx_stack_info_deserialize(wire, left, &used, buffer, size, &size,
                                             &u->stack_info));
  UNPACK(2, stack_ptx_registers_deserialize(wire, left, &used, buffer, size, &size,
                                            &u->registers, &u->num_registers));
  UNPACK(3, stack_ptx_requests_deserialize(wire, left, &used, buffer, size, &size,
                                           &u->request_stubs, &u->request_stub_sizes,
                                           &u->num_request_stubs));
  UNPACK(4, stack_ptx_instructions_deserialize(wire, left, &used, buffer, size, &size,
                                               &u->instruction_stubs,
                                               &u->num_instruction_stubs));
#undef UNPACK
  if (left != 0) {
    fprintf(stderr, "%zu bytes left after the last object\n", left);
    exit(1);
  }
}

static void free_unpacked(Unpacked *u) {
  for (int i = 0; i < 5; ++i)
    free(u->buffers[i]);
  free(message);
}

#define stackPtxCheck(call)                                                            \
  do {                                                                                 \
    StackPtxResult result_ = (call);                                                   \
    if (result_ != STACK_PTX_SUCCESS) {                                                \
      fprintf(stderr, "%s failed: %s\n", #call, stack_ptx_result_to_string(result_));  \
      exit(1);                                                                         \
    }                                                                                  \
  } while (0)

/* Compiles with stack_ptx_compile, measuring first; the caller frees. */
static char *compile(const StackPtxCompilerInfo *info, const StackPtxStackInfo *set,
                     const StackPtxInstruction *instructions, const StackPtxRegister *regs,
                     size_t num_regs, const size_t *reqs, size_t num_reqs) {
  size_t workspace_size = 0, required = 0;
  stackPtxCheck(stack_ptx_compile_workspace_size(info, set, &workspace_size));
  void *workspace = malloc(workspace_size);
  stackPtxCheck(stack_ptx_compile(info, set, instructions, regs, num_regs, NULL, 0, reqs,
                                  num_reqs, 100, workspace, workspace_size, NULL, 0,
                                  &required));
  char *stub = malloc(required + 1);
  stackPtxCheck(stack_ptx_compile(info, set, instructions, regs, num_regs, NULL, 0, reqs,
                                  num_reqs, 100, workspace, workspace_size, stub,
                                  required + 1, &required));
  free(workspace);
  return stub;
}

static const char *result_name(StackPtxInjectSerializeResult r) {
  return stack_ptx_inject_serialize_result_to_string(r);
}

int main(int argc, char **argv) {
  int damage = argc > 1 && !strcmp(argv[1], "damage");
  build_message();
  Unpacked u;
  memset(&u, 0, sizeof u);
  unpack_message(&u);
  char *worker_stub =
      compile(u.compiler_info, u.stack_info, u.instruction_stubs[0], u.registers,
              u.num_registers, u.request_stubs[0], u.request_stub_sizes[0]);
  if (!damage) {
    printf("%s\n", worker_stub);
    free(worker_stub);
    free_unpacked(&u);
    return 0;
  }

  char *host_stub = compile(&compiler_info,
                            &stack_ptx_stack_info, program, registers,
                            REG_COUNT, requests, 1);
  printf("same stub as the originals: %s\n", strcmp(host_stub, worker_stub) ? "no" : "yes");
  const StackPtxInstruction *const stubs[] = {program};
  int equal =
      stack_ptx_compiler_info_equal(&compiler_info, u.compiler_info) &&
      stack_ptx_stack_info_equal(&stack_ptx_stack_info, u.stack_info) &&
      stack_ptx_registers_equal(registers, REG_COUNT, u.registers, u.num_registers) &&
      stack_ptx_instructions_equal(stubs, 1,
                                   (const StackPtxInstruction *const *)u.instruction_stubs,
                                   u.num_instruction_stubs);
  printf("equal after the round trip: %s\n", equal ? "yes" : "no");

  /* The compiler info is the first object: damage it in a copy. */
  size_t used = 0, size = 0;
  StackPtxCompilerInfo *info = NULL;
  uint8_t *copy = malloc(message_size);
  memcpy(copy, message, message_size);
  printf("truncated message: %s\n",
         result_name(stack_ptx_compiler_info_deserialize(copy, 20, &used, NULL, 0, &size,
                                                         &info)));
  copy[4] ^= 0x7;
  printf("another format version: %s\n",
         result_name(stack_ptx_compiler_info_deserialize(copy, message_size, &used, NULL, 0,
                                                         &size, &info)));
  size_t **request_stubs = NULL, *request_sizes = NULL, num = 0;
  printf("compiler info read as requests: %s\n",
         result_name(stack_ptx_requests_deserialize(message, message_size, &used, NULL, 0,
                                                    &size, &request_stubs, &request_sizes,
                                                    &num)));
  serializeCheck(stack_ptx_compiler_info_deserialize(message, message_size, &used, NULL, 0,
                                                     &size, &info));
  uint8_t *short_buffer = malloc(size);
  printf("unpack buffer one byte short: %s\n",
         result_name(stack_ptx_compiler_info_deserialize(message, message_size, &used,
                                                         short_buffer, size - 1, &size,
                                                         &info)));
  free(short_buffer);
  free(copy);
  free(host_stub);
  free(worker_stub);
  free_unpacked(&u);
  return 0;
}
