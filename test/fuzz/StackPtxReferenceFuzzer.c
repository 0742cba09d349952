/*===- StackPtxReferenceFuzzer.c - stack_ptx.h compile from raw words -----===//
//
// Input: 8-byte instruction words in the reference library's layout (any
// bytes), cut at returns into a main program and routines; the first byte
// picks the requests and the execution limit. The reference API checks the
// words and translates them for the native compiler: whatever the words, the
// call returns one of its result codes, and a success is one braced stub of
// exactly the size it reports (measured first, as the reference's users do).
// A buffer too small for that stub (its size from the input's last byte) is
// left as the reference leaves it: the stub's body (after the brace and the
// declarations) as far as it fits with a NUL, nothing past the NUL, and a
// count between that text's length and the body's.
// Written in C: the generated reference tables use C designated initializers.
//
//===----------------------------------------------------------------------===*/
#include "ReferenceStubChecks.h"
#include "generated/stack_ptx_descriptions.h"
#include <stack_ptx.h>
#include <stack_ptx_default_info.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MaxWords = 4096, MaxPieces = 5 };

static const StackPtxRegister registers[] = {
    {"x", STACK_PTX_STACK_TYPE_F32},  {"u", STACK_PTX_STACK_TYPE_U32},
    {"s", STACK_PTX_STACK_TYPE_S32},  {"p", STACK_PTX_STACK_TYPE_PRED},
    {"t", STACK_PTX_STACK_TYPE_TF32}, {"h", STACK_PTX_STACK_TYPE_F16},
    {"zf", STACK_PTX_STACK_TYPE_F32}, {"zu", STACK_PTX_STACK_TYPE_U32}};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static StackPtxInstruction words[MaxWords];
  static char stub[1 << 20];
  if (size < 1)
    return 0;
  uint8_t choice = data[0];
  size_t n = (size - 1) / sizeof(StackPtxInstruction);
  if (n > MaxWords)
    n = MaxWords;
  memcpy(words, data + 1, n * sizeof(StackPtxInstruction));

  /* The main program, then routines: each piece ends at a return. */
  const StackPtxInstruction *pieces[MaxPieces];
  size_t num_pieces = 0, begin = 0;
  for (size_t i = 0; i < n && num_pieces < MaxPieces; ++i)
    if (words[i].instruction_type == STACK_PTX_INSTRUCTION_TYPE_RETURN) {
      pieces[num_pieces++] = words + begin;
      begin = i + 1;
    }
  if (num_pieces == 0)
    return 0; /* the reference API reads up to a return: a program needs one */

  size_t requests[] = {6, 7, 0};
  size_t num_requests = choice & 1 ? 3 : 2;
  size_t execution_limit = choice & 2 ? 16 : 1000;
  const StackPtxInstruction **routines = num_pieces > 1 ? pieces + 1 : NULL;

  size_t workspace_size = 0;
  CHECK(stack_ptx_compile_workspace_size(&compiler_info, &stack_ptx_stack_info,
                                         &workspace_size) == STACK_PTX_SUCCESS);
  void *workspace = malloc(workspace_size);
  CHECK(workspace != NULL);
  size_t needed = 0, written = 0;
  StackPtxResult measured = stack_ptx_compile(
      &compiler_info, &stack_ptx_stack_info, pieces[0], registers,
      sizeof registers / sizeof *registers, routines, num_pieces - 1, requests,
      num_requests, execution_limit, workspace, workspace_size, NULL, 0,
      &needed);
  CHECK((int)measured >= 0 && (int)measured < STACK_PTX_RESULT_NUM_ELEMS);
  CHECK(stack_ptx_result_to_string(measured) != NULL);
  if (measured == STACK_PTX_SUCCESS && needed < sizeof stub) {
    StackPtxResult r = stack_ptx_compile(
        &compiler_info, &stack_ptx_stack_info, pieces[0], registers,
        sizeof registers / sizeof *registers, routines, num_pieces - 1,
        requests, num_requests, execution_limit, workspace, workspace_size,
        stub, sizeof stub, &written);
    CHECK(r == STACK_PTX_SUCCESS);
    check_whole_stub(stub, written, needed);

    size_t small = data[size - 1] % (needed + 1); /* 0..needed: all too small */
    static char shortb[(1 << 20) + 64];
    memset(shortb, '#', small + 64);
    size_t count = 0;
    StackPtxResult s = stack_ptx_compile(
        &compiler_info, &stack_ptx_stack_info, pieces[0], registers,
        sizeof registers / sizeof *registers, routines, num_pieces - 1,
        requests, num_requests, execution_limit, workspace, workspace_size,
        shortb, small, &count);
    CHECK(s == STACK_PTX_ERROR_INSUFFICIENT_BUFFER);
    check_short_buffer(stub, needed, shortb, small, count);
  }
  free(workspace);
  return 0;
}
