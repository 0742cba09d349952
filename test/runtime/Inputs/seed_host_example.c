/* The host-side example of the reference documentation, as a C99 program:
 * parse PTX, look up the "func" inject and its operands, build a stub from
 * the stable register names, measure, allocate, render, print the result. */
#include <ptx_inject.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *readFile(const char *path) {
  FILE *f = fopen(path, "rb");
  char *text;
  long size;
  if (!f)
    return NULL;
  fseek(f, 0, SEEK_END);
  size = ftell(f);
  fseek(f, 0, SEEK_SET);
  text = (char *)malloc((size_t)size + 1);
  if (text && fread(text, 1, (size_t)size, f) != (size_t)size) {
    free(text);
    text = NULL;
  }
  if (text)
    text[size] = '\0';
  fclose(f);
  return text;
}

#define CHECK(call)                                                          \
  do {                                                                       \
    PtxInjectResult r_ = (call);                                             \
    if (r_ != PTX_INJECT_SUCCESS) {                                          \
      fprintf(stderr, "%s failed: %s\n", #call,                              \
              ptx_inject_result_to_string(r_));                              \
      return 1;                                                              \
    }                                                                        \
  } while (0)

int main(int argc, char **argv) {
  const char *annotated_ptx;
  PtxInjectHandle inject;
  size_t inject_idx = 0;
  const char *reg_x = NULL;
  const char *reg_y = NULL;
  const char *reg_z = NULL;
  char stub[256];
  size_t num_injects = 0;
  const char **stubs;
  size_t out_size = 0;
  char *out_buffer;
  size_t bytes_written = 0;
  size_t i;

  if (argc != 2) {
    fprintf(stderr, "usage: %s FILE.ptx\n", argv[0]);
    return 2;
  }
  annotated_ptx = readFile(argv[1]);
  if (!annotated_ptx) {
    fprintf(stderr, "cannot read %s\n", argv[1]);
    return 2;
  }

  CHECK(ptx_inject_create(&inject, annotated_ptx));
  CHECK(ptx_inject_inject_info_by_name(inject, "func", &inject_idx, NULL, NULL));
  CHECK(ptx_inject_variable_info_by_name(inject, inject_idx, "x", NULL, &reg_x, NULL, NULL, NULL));
  CHECK(ptx_inject_variable_info_by_name(inject, inject_idx, "y", NULL, &reg_y, NULL, NULL, NULL));
  CHECK(ptx_inject_variable_info_by_name(inject, inject_idx, "z", NULL, &reg_z, NULL, NULL, NULL));

  /* Positional arguments (%1$s) are POSIX, not C99: write them out. */
  snprintf(stub, sizeof(stub),
           "\tadd.ftz.f32 %%%s, %%%s, %%%s;\n"
           "\tadd.ftz.f32 %%%s, %%%s, %%%s;",
           reg_y, reg_x, reg_y, reg_z, reg_x, reg_y);

  CHECK(ptx_inject_num_injects(inject, &num_injects));
  /* Every inject gets a string: "" leaves its sites empty (NULL is an
     error, as in the reference). */
  stubs = (const char **)malloc(num_injects * sizeof(char *));
  for (i = 0; i < num_injects; ++i)
    stubs[i] = "";
  stubs[inject_idx] = stub;

  /* The measured size counts the terminating NUL: allocate exactly that. */
  CHECK(ptx_inject_render_ptx(inject, stubs, num_injects, NULL, 0, &out_size));
  out_buffer = (char *)malloc(out_size);
  CHECK(ptx_inject_render_ptx(inject, stubs, num_injects, out_buffer,
                              out_size, &bytes_written));
  if (bytes_written + 1 != out_size || strlen(out_buffer) != bytes_written) {
    fprintf(stderr, "measured %lu bytes but wrote %lu and a NUL\n",
            (unsigned long)out_size, (unsigned long)bytes_written);
    return 1;
  }
  fputs(out_buffer, stdout);

  free(out_buffer);
  free(stubs);
  ptx_inject_destroy(inject);
  free((void *)annotated_ptx);
  return 0;
}
