/*===- cuda_driver_stub.c - A CUDA driver for machines without a GPU -----===*
 *
 * Built as libcuda.so.1 by utils/compat/reference-suite for the reference
 * suite's programs on a machine with no GPU driver. With NO_DEVICE, cuInit
 * fails (CUDA_ERROR_NO_DEVICE), as a driver without a GPU does, so programs
 * take their skip path. Without it, one sm_80 device whose memory is host
 * memory: modules load and kernels "launch" without running, so a program
 * gets as far as handing its PTX to the assembler (its results are wrong and
 * its checks fail), and a module loaded as PTX text is recorded.
 *
 *===----------------------------------------------------------------------===*/
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int CUresult;
typedef unsigned long long CUdeviceptr;
enum { CUDA_ERROR_NO_DEVICE = 100, CC_MAJOR = 75, CC_MINOR = 76 };

CUresult cuInit(unsigned flags) {
  (void)flags;
#ifdef NO_DEVICE
  return CUDA_ERROR_NO_DEVICE;
#else
  return 0;
#endif
}
CUresult cuDeviceGetCount(int *count) {
  *count = 1;
  return 0;
}
CUresult cuDeviceGet(int *device, int ordinal) {
  (void)ordinal;
  *device = 0;
  return 0;
}
CUresult cuDeviceGetAttribute(int *value, int attribute, int device) {
  (void)device;
  *value = attribute == CC_MAJOR ? 8 : attribute == CC_MINOR ? 0 : 1024;
  return 0;
}
CUresult cuCtxCreate_v4(void **ctx, void *params, unsigned flags, int dev) {
  (void)params, (void)flags, (void)dev;
  *ctx = (void *)16;
  return 0;
}
CUresult cuCtxDestroy_v2(void *ctx) {
  (void)ctx;
  return 0;
}
CUresult cuCtxSynchronize(void) { return 0; }
/* A module given as PTX text (the driver assembles it) is recorded as
   $PTX_CAPTURE_DIR/jitNNN.ptx, like the modules handed to nvPTXCompiler. */
CUresult cuModuleLoadDataEx(void **module, const void *image, unsigned n,
                            void *options, void **values) {
  (void)n, (void)options, (void)values;
  const char *text = (const char *)image;
  const char *dir = getenv("PTX_CAPTURE_DIR");
  if (dir &&
      (strncmp(text, "//", 2) == 0 || strncmp(text, ".version", 8) == 0)) {
    static int count;
    char path[4096];
    snprintf(path, sizeof path, "%s/jit%03d.ptx", dir, count++);
    FILE *f = fopen(path, "wb");
    if (f) {
      fputs(text, f);
      fclose(f);
    }
  }
  *module = (void *)32;
  return 0;
}
CUresult cuModuleGetFunction(void **function, void *module, const char *name) {
  (void)module, (void)name;
  *function = (void *)48;
  return 0;
}
CUresult cuModuleUnload(void *module) {
  (void)module;
  return 0;
}
CUresult cuMemAlloc_v2(CUdeviceptr *ptr, size_t size) {
  *ptr = (CUdeviceptr)(size_t)calloc(1, size ? size : 1);
  return 0;
}
CUresult cuMemFree_v2(CUdeviceptr ptr) {
  free((void *)(size_t)ptr);
  return 0;
}
CUresult cuMemcpyHtoD_v2(CUdeviceptr dst, const void *src, size_t size) {
  memcpy((void *)(size_t)dst, src, size);
  return 0;
}
CUresult cuMemcpyDtoH_v2(void *dst, CUdeviceptr src, size_t size) {
  memcpy(dst, (void *)(size_t)src, size);
  return 0;
}
CUresult cuLaunchKernel(void *f, unsigned gx, unsigned gy, unsigned gz,
                        unsigned bx, unsigned by, unsigned bz, unsigned smem,
                        void *stream, void **params, void **extra) {
  (void)f, (void)gx, (void)gy, (void)gz, (void)bx, (void)by, (void)bz;
  (void)smem, (void)stream, (void)params, (void)extra;
  return 0;
}
CUresult cuGetErrorName(CUresult result, const char **name) {
  (void)result;
  *name = "CUDA_ERROR_STUB_DRIVER";
  return 0;
}
CUresult cuGetErrorString(CUresult result, const char **text) {
  (void)result;
  *text = "stub driver: no GPU";
  return 0;
}
