/* A C99 user of the installed runtime, built with pkg-config: prints the
 * injects of a PTX file. */
#include <ptx_inject_runtime.h>

#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  FILE *f;
  long size;
  char *ptx;
  PtxInjectHandle handle;
  size_t injects = 0, idx = 0, args = 0, sites = 0;
  if (argc != 2 || !(f = fopen(argv[1], "rb")))
    return 2;
  fseek(f, 0, SEEK_END);
  size = ftell(f);
  fseek(f, 0, SEEK_SET);
  ptx = calloc((size_t)size + 1, 1);
  if (!ptx || fread(ptx, 1, (size_t)size, f) != (size_t)size)
    return 2;
  fclose(f);
  if (ptx_inject_create(&handle, ptx) != PTX_INJECT_SUCCESS ||
      ptx_inject_num_injects(handle, &injects) != PTX_INJECT_SUCCESS ||
      ptx_inject_inject_info_by_name(handle, "transform", &idx, &args, &sites) !=
          PTX_INJECT_SUCCESS)
    return 1;
  printf("injects %zu: transform has %zu operands at %zu site(s)\n", injects, args, sites);
  ptx_inject_destroy(handle);
  free(ptx);
  return 0;
}
