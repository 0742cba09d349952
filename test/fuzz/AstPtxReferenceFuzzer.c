/*===- AstPtxReferenceFuzzer.c - ast_ptx.h compile from raw words ---------===//
//
// Input: 8-byte instruction words in the reference library's layout (any
// bytes), cut at returns into a main program and routines; the first byte
// picks how many inputs are named, and the last the size of a too small
// buffer. Whatever the words, ast_ptx_compile returns one of its result
// codes, clears the count first, and a success is one braced stub of exactly
// the size it measured (measure, then allocate, as the reference's users
// do). A too small buffer is left as the reference leaves it: the stub's
// body (after the brace and the declarations) as far as it fits with a NUL,
// nothing past the NUL, and a count between that text's length and the
// body's.
// ast_ptx_interpret runs the same words on the CPU: one of its result codes,
// in bounded time whatever the routines.
// Written in C: the reference API is a C99 header.
//
//===----------------------------------------------------------------------===*/
#include <ast_ptx.h>
#include <ast_ptx_instructions.h>
#include <ast_ptx_interpreter.h>

#include "ReferenceStubChecks.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MaxWords = 4096, MaxPieces = 5 };

static const char *const inputs[] = {"x", "y", "z"};

static AstPtxResult compile(const AstPtxInstruction *program,
                            const AstPtxInstruction *const *routines,
                            size_t num_routines, size_t num_inputs,
                            char *buffer, size_t size, size_t *written) {
  return ast_ptx_compile(
      "out", inputs, num_inputs, ast_ptx_ptx_instruction_names,
      ast_ptx_ptx_instruction_num_args, AST_PTX_PTX_INSTRUCTION_NUM_ENUMS,
      routines, num_routines, program, buffer, size, written);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static AstPtxInstruction words[MaxWords];
  static char stub[1 << 20];
  static char shortb[(1 << 20) + 64];
  if (size < 1)
    return 0;
  size_t num_inputs = data[0] % (sizeof inputs / sizeof *inputs + 1);
  size_t n = (size - 1) / sizeof(AstPtxInstruction);
  if (n > MaxWords)
    n = MaxWords;
  memcpy(words, data + 1, n * sizeof(AstPtxInstruction));

  /* The main program, then routines: each piece ends at a return. */
  const AstPtxInstruction *pieces[MaxPieces];
  size_t num_pieces = 0, begin = 0;
  for (size_t i = 0; i < n && num_pieces < MaxPieces; ++i)
    if (words[i].instruction_type == AST_PTX_INSTRUCTION_TYPE_RETURN) {
      pieces[num_pieces++] = words + begin;
      begin = i + 1;
    }
  if (num_pieces == 0)
    return 0; /* the reference API reads up to a return: a program needs one */
  const AstPtxInstruction *const *routines = num_pieces > 1 ? pieces + 1 : NULL;

  /* The CPU interpreter on the same words: one of its result codes, and the
     output written only on success. */
  static const float values[] = {1.5f, -2.0f, 0.25f};
  float out = 12345.0f;
  AstPtxResult interpreted = ast_ptx_interpret(
      pieces[0], routines, num_pieces - 1, values, num_inputs, &out);
  CHECK((int)interpreted >= 0 && (int)interpreted < AST_PTX_RESULT_NUM_ENUMS);
  CHECK(interpreted == AST_PTX_SUCCESS || out == 12345.0f);

  size_t needed = 99;
  AstPtxResult measured = compile(pieces[0], routines, num_pieces - 1,
                                  num_inputs, NULL, 0, &needed);
  CHECK((int)measured >= 0 && (int)measured < AST_PTX_RESULT_NUM_ENUMS);
  if (measured != AST_PTX_SUCCESS) {
    CHECK(needed == 0);
    return 0;
  }
  if (needed >= sizeof stub)
    return 0;

  size_t written = 0;
  AstPtxResult r = compile(pieces[0], routines, num_pieces - 1, num_inputs,
                           stub, needed + 1, &written);
  CHECK(r == AST_PTX_SUCCESS);
  check_whole_stub(stub, written, needed);

  /* 0..needed bytes: all too small, the last because the NUL has no room. */
  size_t small = data[size - 1] % (needed + 1);
  memset(shortb, '#', small + 64);
  size_t count = 99;
  AstPtxResult s = compile(pieces[0], routines, num_pieces - 1, num_inputs,
                           shortb, small, &count);
  CHECK(s == AST_PTX_ERROR_INSUFFICIENT_BUFFER);
  check_short_buffer(stub, needed, shortb, small, count);
  return 0;
}
