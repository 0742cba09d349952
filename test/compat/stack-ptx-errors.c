// stack_ptx_compile reports an index out of range with the reference's own
// result code, never by skipping the instruction or reading past a table.
// RUN: %cc-stack %s -o %t %runtime-libs
// RUN: %t | FileCheck %s --match-full-lines
// CHECK: ptx instruction: STACK_PTX_ERROR_PTX_INSTRUCTION_IDX_OUT_OF_BOUNDS
// CHECK-NEXT: meta instruction: STACK_PTX_ERROR_META_INSTRUCTION_IDX_OUT_OF_BOUNDS
// CHECK-NEXT: input: STACK_PTX_ERROR_REGISTER_IDX_OUT_OF_BOUNDS
// CHECK-NEXT: request: STACK_PTX_ERROR_REGISTER_IDX_OUT_OF_BOUNDS
// CHECK-NEXT: special register: STACK_PTX_ERROR_SPECIAL_REGISTER_IDX_OUT_OF_BOUNDS
// CHECK-NEXT: constant stack: STACK_PTX_ERROR_STACK_IDX_OUT_OF_BOUNDS
// CHECK-NEXT: register stack: STACK_PTX_ERROR_STACK_IDX_OUT_OF_BOUNDS
// A register name is bare ("x" is written %x): "%x" would be %%x in the stub,
// which only ptxas would refuse; it and other names PTX refuses are an error.
// CHECK-NEXT: name %x: STACK_PTX_ERROR_INVALID_VALUE
// CHECK-NEXT: empty name: STACK_PTX_ERROR_INVALID_VALUE
// CHECK-NEXT: name a.b: STACK_PTX_ERROR_INVALID_VALUE
// CHECK-NEXT: name _x$1: STACK_PTX_SUCCESS
// CHECK-NEXT: routine: STACK_PTX_ERROR_ROUTINES_IDX_OUT_OF_BOUNDS
// CHECK-NEXT: store: STACK_PTX_ERROR_STORE_IDX_OUT_OF_BOUNDS
// CHECK-NEXT: load: STACK_PTX_ERROR_LOAD_IDX_OUT_OF_BOUNDS
// CHECK-NEXT: instruction type 0: STACK_PTX_ERROR_BAD_INSTRUCTION_MAYBE_FORGOT_RETURN
// CHECK-NEXT: internal type: STACK_PTX_ERROR_BAD_INSTRUCTION_MAYBE_FORGOT_RETURN
// CHECK-NEXT: small workspace: STACK_PTX_ERROR_INSUFFICIENT_WORKSPACE
// CHECK-NEXT: small buffer: STACK_PTX_ERROR_INSUFFICIENT_BUFFER
// CHECK-NEXT: NULL compiler info: STACK_PTX_ERROR_INVALID_VALUE
// CHECK-NEXT: result 19: STACK_PTX_ERROR_INVALID_RESULT_ENUM
// CHECK-NEXT: valid program: STACK_PTX_SUCCESS
// No frame at all (max_frame_depth 0): the reference writes the empty stub,
// which needs one byte for its NUL.
// CHECK-NEXT: no frame, measure: STACK_PTX_SUCCESS 0
// CHECK-NEXT: no frame, 1 byte: STACK_PTX_SUCCESS 0 ""
// CHECK-NEXT: no frame, 0 bytes: STACK_PTX_ERROR_INSUFFICIENT_BUFFER
// With no frame the reference reads no program: a NULL one is no error.
// CHECK-NEXT: no frame, NULL program: STACK_PTX_SUCCESS 0 ""
// CHECK-NEXT: a frame, NULL program: STACK_PTX_ERROR_INVALID_VALUE
// A register with a NULL name that the program neither reads nor requests
// is accepted, as the reference accepts it; read or requested, it is not.
// CHECK-NEXT: unused NULL name: STACK_PTX_SUCCESS
// CHECK-NEXT: read NULL name: STACK_PTX_ERROR_INVALID_VALUE
// CHECK-NEXT: requested NULL name: STACK_PTX_ERROR_INVALID_VALUE
// A too small buffer is left as the reference leaves it. It prints the
// stub's body (the instructions and the closing brace) before the
// declarations, one printf at a time, so the buffer holds the body as far as
// it fits with its NUL; the count is the body's length up to the end of the
// printf that did not fit (one that ends exactly at the buffer's end fits,
// its last byte giving way to the NUL), or the whole body's (52) once only
// the declarations do not fit. A buffer of 0 bytes is not written; nothing
// past the NUL ever is. The text is the reference's, a tab (printed \t)
// before each line; these lines are what the reference library itself
// prints for this program.
// CHECK-NEXT: short 0: STACK_PTX_ERROR_INSUFFICIENT_BUFFER written=13 untouched
// CHECK-NEXT: short 1: STACK_PTX_ERROR_INSUFFICIENT_BUFFER written=13 ""
// CHECK-NEXT: short 12: STACK_PTX_ERROR_INSUFFICIENT_BUFFER written=13 "\tadd.ftz.f3"
// CHECK-NEXT: short 13: STACK_PTX_ERROR_INSUFFICIENT_BUFFER written=19 "\tadd.ftz.f32"
// CHECK-NEXT: short 28: STACK_PTX_ERROR_INSUFFICIENT_BUFFER written=29 "\tadd.ftz.f32 %_s0_0, %y, %x"
// CHECK-NEXT: short 41: STACK_PTX_ERROR_INSUFFICIENT_BUFFER written=42 "\tadd.ftz.f32 %_s0_0, %y, %x;\n\tmov.f32 %x"
// CHECK-NEXT: short 49: STACK_PTX_ERROR_INSUFFICIENT_BUFFER written=50 "\tadd.ftz.f32 %_s0_0, %y, %x;\n\tmov.f32 %x, %_s0_0"
// CHECK-NEXT: short 50: STACK_PTX_ERROR_INSUFFICIENT_BUFFER written=52 "\tadd.ftz.f32 %_s0_0, %y, %x;\n\tmov.f32 %x, %_s0_0;"
// CHECK-NEXT: short 51: STACK_PTX_ERROR_INSUFFICIENT_BUFFER written=52 "\tadd.ftz.f32 %_s0_0, %y, %x;\n\tmov.f32 %x, %_s0_0;\n"
// CHECK-NEXT: short 52: STACK_PTX_ERROR_INSUFFICIENT_BUFFER written=52 "\tadd.ftz.f32 %_s0_0, %y, %x;\n\tmov.f32 %x, %_s0_0;\n\t"
// CHECK-NEXT: short 53: STACK_PTX_ERROR_INSUFFICIENT_BUFFER written=52 "\tadd.ftz.f32 %_s0_0, %y, %x;\n\tmov.f32 %x, %_s0_0;\n\t}"
// CHECK-NEXT: short 76: STACK_PTX_ERROR_INSUFFICIENT_BUFFER written=52 "\tadd.ftz.f32 %_s0_0, %y, %x;\n\tmov.f32 %x, %_s0_0;\n\t}"
// CHECK-NEXT: short 77: STACK_PTX_SUCCESS written=76 "\t{\n\t.reg .f32 %_s0_<1>;\n\tadd.ftz.f32 %_s0_0, %y, %x;\n\tmov.f32 %x, %_s0_0;\n\t}"
#include <stack_ptx.h>
#include <stack_ptx_default_info.h>
#include "generated/stack_ptx_descriptions.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const StackPtxRegister registers[] = {{"x", STACK_PTX_STACK_TYPE_F32},
                                             {"y", STACK_PTX_STACK_TYPE_F32}};
static const StackPtxRegister bad_registers[] = {{"x", STACK_PTX_STACK_TYPE_NUM_ENUMS},
                                                 {"y", STACK_PTX_STACK_TYPE_F32}};
static const StackPtxRegister percent_registers[] = {{"%x", STACK_PTX_STACK_TYPE_F32},
                                                     {"y", STACK_PTX_STACK_TYPE_F32}};
static const StackPtxRegister empty_registers[] = {{"x", STACK_PTX_STACK_TYPE_F32},
                                                   {"", STACK_PTX_STACK_TYPE_F32}};
static const StackPtxRegister dot_registers[] = {{"a.b", STACK_PTX_STACK_TYPE_F32},
                                                 {"y", STACK_PTX_STACK_TYPE_F32}};
static const StackPtxRegister odd_registers[] = {{"_x$1", STACK_PTX_STACK_TYPE_F32},
                                                 {"y", STACK_PTX_STACK_TYPE_F32}};
static void *workspace;
static size_t workspace_size;

static StackPtxResult run(const StackPtxInstruction *program, const StackPtxRegister *regs,
                          size_t request, const StackPtxInstruction **routines,
                          size_t num_routines, size_t ws, char *buffer, size_t size) {
  size_t requests[] = {request};
  size_t written = 0;
  return stack_ptx_compile(&compiler_info, &stack_ptx_stack_info, program, regs, 2, routines,
                           num_routines, requests, 1, 100, workspace, ws, buffer, size,
                           &written);
}

static void report(const char *what, StackPtxResult r) {
  printf("%s: %s\n", what, stack_ptx_result_to_string(r));
}

// Compiles into a buffer of SIZE bytes inside a larger one filled with '#',
// and prints the result, the count and the text up to the NUL, which must
// be the last byte written.
static void short_buffer(const StackPtxInstruction *program, size_t size) {
  static char buffer[256];
  memset(buffer, '#', sizeof buffer);
  size_t requests[] = {0};
  size_t written = 99;
  StackPtxResult r = stack_ptx_compile(&compiler_info, &stack_ptx_stack_info, program,
                                       registers, 2, NULL, 0, requests, 1, 100, workspace,
                                       workspace_size, buffer, size, &written);
  printf("short %zu: %s written=%zu ", size, stack_ptx_result_to_string(r), written);
  size_t end = 0;
  while (end < sizeof buffer && buffer[end] != '\0')
    ++end;
  if (end == sizeof buffer) {
    printf("%s\n", buffer[0] == '#' && buffer[sizeof buffer - 1] == '#' ? "untouched" : "no NUL");
    return;
  }
  putchar('"');
  for (size_t i = 0; i < end; ++i)
    fputs(buffer[i] == '\n'   ? "\\n"
          : buffer[i] == '\t' ? "\\t"
                              : (char[2]){buffer[i], 0},
          stdout);
  putchar('"');
  if (end >= size)
    printf(" NUL past the buffer");
  for (size_t i = end + 1; i < sizeof buffer; ++i)
    if (buffer[i] != '#') {
      printf(" written past the NUL");
      break;
    }
  putchar('\n');
}

#define PROGRAM(name, ...) static const StackPtxInstruction name[] = {__VA_ARGS__, stack_ptx_encode_return}

PROGRAM(bad_ptx, {.instruction_type = STACK_PTX_INSTRUCTION_TYPE_PTX, .payload = {.u = STACK_PTX_PTX_INSTRUCTION_NUM_ENUMS}});
PROGRAM(bad_meta, stack_ptx_encode_input(0), {.instruction_type = STACK_PTX_INSTRUCTION_TYPE_META, .aux = 0, .payload = {.u = STACK_PTX_META_INSTRUCTION_NUM_ENUMS}});
PROGRAM(bad_input, stack_ptx_encode_input(2));
PROGRAM(good, stack_ptx_encode_input(0), stack_ptx_encode_input(1), stack_ptx_encode_ptx_instruction_add_ftz_f32);
PROGRAM(bad_special, {.instruction_type = STACK_PTX_INSTRUCTION_TYPE_SPECIAL, .payload = {.u = STACK_PTX_SPECIAL_REGISTER_NUM_ENUMS}});
PROGRAM(bad_constant, {.instruction_type = STACK_PTX_INSTRUCTION_TYPE_CONSTANT, .aux = STACK_PTX_STACK_TYPE_NUM_ENUMS, .payload = {.u = 1}});
PROGRAM(bad_routine, stack_ptx_encode_routine(1));
PROGRAM(bad_store, stack_ptx_encode_input(0), stack_ptx_encode_store(STACK_PTX_STACK_TYPE_F32, 16));
PROGRAM(bad_load, stack_ptx_encode_load(16));
PROGRAM(type_none, {.instruction_type = STACK_PTX_INSTRUCTION_TYPE_NONE});
PROGRAM(type_internal, {.instruction_type = STACK_PTX_INSTRUCTION_TYPE_AST_IDX});

int main(void) {
  if (stack_ptx_compile_workspace_size(&compiler_info, &stack_ptx_stack_info, &workspace_size))
    return 1;
  workspace = malloc(workspace_size);
  const StackPtxInstruction *routines[] = {good};
  size_t ws = workspace_size;
  report("ptx instruction", run(bad_ptx, registers, 0, NULL, 0, ws, NULL, 0));
  report("meta instruction", run(bad_meta, registers, 0, NULL, 0, ws, NULL, 0));
  report("input", run(bad_input, registers, 0, NULL, 0, ws, NULL, 0));
  report("request", run(good, registers, 2, NULL, 0, ws, NULL, 0));
  report("special register", run(bad_special, registers, 0, NULL, 0, ws, NULL, 0));
  report("constant stack", run(bad_constant, registers, 0, NULL, 0, ws, NULL, 0));
  report("register stack", run(good, bad_registers, 1, NULL, 0, ws, NULL, 0));
  report("name %x", run(good, percent_registers, 1, NULL, 0, ws, NULL, 0));
  report("empty name", run(good, empty_registers, 0, NULL, 0, ws, NULL, 0));
  report("name a.b", run(good, dot_registers, 1, NULL, 0, ws, NULL, 0));
  report("name _x$1", run(good, odd_registers, 1, NULL, 0, ws, NULL, 0));
  report("routine", run(bad_routine, registers, 0, routines, 1, ws, NULL, 0));
  report("store", run(bad_store, registers, 0, NULL, 0, ws, NULL, 0));
  report("load", run(bad_load, registers, 0, NULL, 0, ws, NULL, 0));
  report("instruction type 0", run(type_none, registers, 0, NULL, 0, ws, NULL, 0));
  report("internal type", run(type_internal, registers, 0, NULL, 0, ws, NULL, 0));
  report("small workspace", run(good, registers, 0, NULL, 0, ws - 1, NULL, 0));
  char small[8];
  report("small buffer", run(good, registers, 0, NULL, 0, ws, small, sizeof small));
  size_t written = 0;
  report("NULL compiler info",
         stack_ptx_compile(NULL, &stack_ptx_stack_info, good, registers, 2, NULL, 0, NULL, 0,
                           100, workspace, ws, NULL, 0, &written));
  printf("result 19: %s\n", stack_ptx_result_to_string((StackPtxResult)19));
  report("valid program", run(good, registers, 0, NULL, 0, ws, NULL, 0));

  StackPtxCompilerInfo no_frame = compiler_info;
  no_frame.max_frame_depth = 0;
  char one[1] = {'Z'};
  written = 99;
  StackPtxResult r = stack_ptx_compile(&no_frame, &stack_ptx_stack_info, good, registers, 0, NULL,
                                       0, NULL, 0, 100, workspace, ws, NULL, 0, &written);
  printf("no frame, measure: %s %zu\n", stack_ptx_result_to_string(r), written);
  written = 99;
  r = stack_ptx_compile(&no_frame, &stack_ptx_stack_info, good, registers, 0, NULL, 0, NULL, 0,
                        100, workspace, ws, one, 1, &written);
  printf("no frame, 1 byte: %s %zu \"%s\"\n", stack_ptx_result_to_string(r), written,
         one[0] ? "?" : "");
  r = stack_ptx_compile(&no_frame, &stack_ptx_stack_info, good, registers, 0, NULL, 0, NULL, 0,
                        100, workspace, ws, one, 0, &written);
  printf("no frame, 0 bytes: %s\n", stack_ptx_result_to_string(r));
  one[0] = 'Z';
  written = 99;
  r = stack_ptx_compile(&no_frame, &stack_ptx_stack_info, NULL, registers, 0, NULL, 0, NULL, 0,
                        100, workspace, ws, one, 1, &written);
  printf("no frame, NULL program: %s %zu \"%s\"\n", stack_ptx_result_to_string(r), written,
         one[0] ? "?" : "");
  r = stack_ptx_compile(&compiler_info, &stack_ptx_stack_info, NULL, registers, 0, NULL, 0, NULL,
                        0, 100, workspace, ws, one, 1, &written);
  printf("a frame, NULL program: %s\n", stack_ptx_result_to_string(r));
  {
    StackPtxRegister with_null[] = {{"x", STACK_PTX_STACK_TYPE_F32},
                                    {"y", STACK_PTX_STACK_TYPE_F32},
                                    {NULL, STACK_PTX_STACK_TYPE_F32}};
    size_t request_x[] = {0}, request_null[] = {2};
    StackPtxInstruction reads_null[] = {stack_ptx_encode_input(2), stack_ptx_encode_return};
    report("unused NULL name",
           stack_ptx_compile(&compiler_info, &stack_ptx_stack_info, good, with_null, 3, NULL, 0,
                             request_x, 1, 100, workspace, ws, NULL, 0, &written));
    report("read NULL name",
           stack_ptx_compile(&compiler_info, &stack_ptx_stack_info, reads_null, with_null, 3,
                             NULL, 0, request_x, 1, 100, workspace, ws, NULL, 0, &written));
    report("requested NULL name",
           stack_ptx_compile(&compiler_info, &stack_ptx_stack_info, good, with_null, 3, NULL, 0,
                             request_null, 1, 100, workspace, ws, NULL, 0, &written));
  }
  size_t sizes[] = {0, 1, 12, 13, 28, 41, 49, 50, 51, 52, 53, 76, 77};
  for (size_t i = 0; i < sizeof sizes / sizeof *sizes; ++i)
    short_buffer(good, sizes[i]);
  free(workspace);
  return 0;
}
