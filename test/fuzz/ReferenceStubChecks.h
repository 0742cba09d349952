/*===- ReferenceStubChecks.h - What the reference C APIs leave in a buffer ===//
//
// The checks the stack_ptx.h and ast_ptx.h harnesses share: a compiled stub
// is one braced block of the measured size, and a too small buffer holds
// what the reference library leaves there (its stub's body, as far as it
// fits, with a NUL; nothing past the NUL; a count between the text kept and
// the body's length). C, as the harnesses that include it.
//
//===----------------------------------------------------------------------===*/
#ifndef PTXINJECT_FUZZ_REFERENCESTUBCHECKS_H
#define PTXINJECT_FUZZ_REFERENCESTUBCHECKS_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK(cond)                                                            \
  do {                                                                         \
    if (!(cond)) {                                                             \
      fprintf(stderr, "fuzz property violated: %s\n", #cond);                  \
      abort();                                                                 \
    }                                                                          \
  } while (0)

/* Past the tab the reference's Stack PTX text puts before each line (its
   AST PTX text has none). */
static size_t past_tab(const char *stub, size_t at, size_t needed) {
  return at < needed && stub[at] == '\t' ? at + 1 : at;
}

/* A stub of length `needed` written into a large enough buffer. */
static void check_whole_stub(const char *stub, size_t written, size_t needed) {
  CHECK(written == needed);
  CHECK(strlen(stub) == written);
  CHECK(written >= 3 && stub[past_tab(stub, 0, needed)] == '{' &&
        stub[written - 1] == '}');
}

/* Where the stub's body starts: past the "{" line and the ".reg" lines. */
static size_t stub_body_start(const char *stub, size_t needed) {
  size_t body = 0;
  while (body < needed &&
         (body == 0 ? stub[past_tab(stub, 0, needed)] == '{'
                    : strncmp(stub + past_tab(stub, body, needed), ".reg ",
                              5) == 0)) {
    const char *end = (const char *)memchr(stub + body, '\n', needed - body);
    if (end == NULL)
      break;
    body = (size_t)(end - stub) + 1;
  }
  return body;
}

/* shortb held '#' in its first small + 64 bytes before a compile into its
   first `small` bytes (fewer than the stub needs) that reported `count`. */
static void check_short_buffer(const char *stub, size_t needed,
                               const char *shortb, size_t small, size_t count) {
  size_t body = stub_body_start(stub, needed);
  size_t body_length = needed - body;
  size_t kept =
      small == 0 ? 0 : (body_length < small - 1 ? body_length : small - 1);
  if (small > 0) {
    CHECK(memcmp(shortb, stub + body, kept) == 0);
    CHECK(shortb[kept] == '\0');
  }
  for (size_t i = small == 0 ? 0 : kept + 1; i < small + 64; ++i)
    CHECK(shortb[i] == '#');
  CHECK(count >= kept && count <= body_length);
  CHECK(count >= (small < body_length ? small : body_length));
}

#endif
