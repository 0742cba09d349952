/*===- ptx_capture.c - Records the PTX handed to nvPTXCompiler -----------===*
 *
 * Linked into the reference suite's programs with
 * -Wl,--wrap=nvPTXCompilerCreate by utils/compat/reference-suite: each PTX
 * module a program hands to the assembler is written to
 * $PTX_CAPTURE_DIR/NNN.ptx (in call order) before it is assembled, so the
 * modules of two builds can be compared.
 *
 *===----------------------------------------------------------------------===*/
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

typedef int nvPTXCompileResult;
typedef void *nvPTXCompilerHandle;

/* Weak: programs that never assemble link without the real one. */
__attribute__((weak)) nvPTXCompileResult
__real_nvPTXCompilerCreate(nvPTXCompilerHandle *, size_t, const char *);

nvPTXCompileResult __wrap_nvPTXCompilerCreate(nvPTXCompilerHandle *compiler,
                                              size_t size, const char *ptx) {
  static int count;
  const char *dir = getenv("PTX_CAPTURE_DIR");
  if (dir) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%03d.ptx", dir, count++);
    FILE *f = fopen(path, "wb");
    if (f) {
      fwrite(ptx, 1, size, f);
      fclose(f);
    }
  }
  return __real_nvPTXCompilerCreate(compiler, size, ptx);
}
