/*===- stand_in_libcuda.c - A CUDA driver that records instead of runs ----===*
 *
 * Built as libcuda.so.1 for the tests of ptxinject.gpu on machines without a
 * GPU (test/python/test_gpu.py builds it with the system C compiler). It
 * serves the driver entry points cuda.core calls, with one sm_80 device
 * whose memory is host memory:
 *
 *  - A module load reads the cubin's kernel parameter table (the
 *    EIATTR_KPARAM_INFO records of each .nv.info.NAME section), as the
 *    driver does, so a launch knows how many argument bytes each
 *    parameter has and can record them.
 *  - A launch runs nothing. It appends one JSON line to
 *    $PTXINJECT_STAND_IN_LOG (kernel, grid, block, each argument's bytes
 *    and, for a pointer into an allocation, which allocation), then writes
 *    the canned device behaviour: the file $PTXINJECT_STAND_IN_RESULTS/
 *    launchN.argK.bin, when it exists, is copied to where pointer argument
 *    K of launch N (counted from 0) points.
 *  - Time is a clock that each launch advances by 1 us per block, so
 *    events measure a known duration.
 *  - $PTXINJECT_STAND_IN_DRIVER_VERSION is the CUDA release
 *    cuDriverGetVersion reports (default 13000, CUDA 13.0).
 *  - $PTXINJECT_STAND_IN_FAIL_LOAD and $PTXINJECT_STAND_IN_FAIL_LAUNCH are
 *    comma separated load/launch numbers that fail (CUDA_ERROR_INVALID_IMAGE,
 *    CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES), for the error paths.
 *
 * Entry points are found through cuGetProcAddress, as the CUDA Python
 * bindings look them up; one it lacks reads as "not found" to the caller.
 *
 *===----------------------------------------------------------------------===*/
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int CUresult;
typedef unsigned long long CUdeviceptr;
typedef int CUdevice;

enum {
  CUDA_SUCCESS = 0,
  CUDA_ERROR_INVALID_VALUE = 1,
  CUDA_ERROR_NOT_INITIALIZED = 3,
  CUDA_ERROR_INVALID_IMAGE = 200,
  CUDA_ERROR_INVALID_HANDLE = 400,
  CUDA_ERROR_NOT_FOUND = 500,
  CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES = 701,
  CUDA_ERROR_NOT_SUPPORTED = 801,
};

/* ---- the log and the canned behaviour -------------------------------- */

static FILE *logFile(void) {
  static FILE *f;
  static int opened;
  if (!opened) {
    opened = 1;
    const char *path = getenv("PTXINJECT_STAND_IN_LOG");
    if (path && *path)
      f = fopen(path, "a");
  }
  return f;
}

/* Whether `n` is in the comma separated list of environment variable
   `var`. */
static int listed(const char *var, long n) {
  const char *s = getenv(var);
  while (s && *s) {
    char *end;
    long v = strtol(s, &end, 10);
    if (end == s)
      return 0;
    if (v == n)
      return 1;
    s = *end == ',' ? end + 1 : end;
  }
  return 0;
}

/* ---- memory: host memory, each allocation remembered ----------------- */

typedef struct {
  unsigned char *base;
  size_t size;
  long id;
} Allocation;
static Allocation *allocations;
static size_t numAllocations, capAllocations;
static long nextAllocation;

static CUresult allocate(CUdeviceptr *ptr, size_t size) {
  unsigned char *p = calloc(1, size ? size : 1);
  if (!p)
    return 2; /* CUDA_ERROR_OUT_OF_MEMORY */
  if (numAllocations == capAllocations) {
    capAllocations = capAllocations ? 2 * capAllocations : 64;
    allocations = realloc(allocations, capAllocations * sizeof *allocations);
  }
  allocations[numAllocations++] = (Allocation){p, size, nextAllocation++};
  *ptr = (CUdeviceptr)(uintptr_t)p;
  return CUDA_SUCCESS;
}

static Allocation *allocationHolding(CUdeviceptr ptr) {
  for (size_t i = 0; i < numAllocations; ++i) {
    uintptr_t b = (uintptr_t)allocations[i].base;
    if (ptr >= b && ptr < b + allocations[i].size)
      return &allocations[i];
  }
  return NULL;
}

static CUresult release(CUdeviceptr ptr) {
  for (size_t i = 0; i < numAllocations; ++i)
    if ((CUdeviceptr)(uintptr_t)allocations[i].base == ptr) {
      free(allocations[i].base);
      allocations[i] = allocations[--numAllocations];
      return CUDA_SUCCESS;
    }
  return CUDA_ERROR_INVALID_VALUE;
}

CUresult cuMemAlloc(CUdeviceptr *ptr, size_t size) {
  return allocate(ptr, size);
}
CUresult cuMemAllocAsync(CUdeviceptr *ptr, size_t size, void *stream) {
  (void)stream;
  return allocate(ptr, size);
}
CUresult cuMemAllocFromPoolAsync(CUdeviceptr *ptr, size_t size, void *pool,
                                 void *stream) {
  (void)pool, (void)stream;
  return allocate(ptr, size);
}
CUresult cuMemFree(CUdeviceptr ptr) { return release(ptr); }
CUresult cuMemFreeAsync(CUdeviceptr ptr, void *stream) {
  (void)stream;
  return release(ptr);
}
CUresult cuMemAllocHost(void **ptr, size_t size) {
  *ptr = calloc(1, size ? size : 1);
  return *ptr ? CUDA_SUCCESS : 2;
}
CUresult cuMemHostAlloc(void **ptr, size_t size, unsigned flags) {
  (void)flags;
  return cuMemAllocHost(ptr, size);
}
CUresult cuMemFreeHost(void *ptr) {
  free(ptr);
  return CUDA_SUCCESS;
}
CUresult cuMemcpy(CUdeviceptr dst, CUdeviceptr src, size_t n) {
  memmove((void *)(uintptr_t)dst, (const void *)(uintptr_t)src, n);
  return CUDA_SUCCESS;
}
CUresult cuMemcpyAsync(CUdeviceptr dst, CUdeviceptr src, size_t n,
                       void *stream) {
  (void)stream;
  return cuMemcpy(dst, src, n);
}
CUresult cuMemcpyHtoD(CUdeviceptr dst, const void *src, size_t n) {
  return cuMemcpy(dst, (CUdeviceptr)(uintptr_t)src, n);
}
CUresult cuMemcpyHtoDAsync(CUdeviceptr dst, const void *src, size_t n,
                           void *stream) {
  (void)stream;
  return cuMemcpyHtoD(dst, src, n);
}
CUresult cuMemcpyDtoH(void *dst, CUdeviceptr src, size_t n) {
  return cuMemcpy((CUdeviceptr)(uintptr_t)dst, src, n);
}
CUresult cuMemcpyDtoHAsync(void *dst, CUdeviceptr src, size_t n, void *stream) {
  (void)stream;
  return cuMemcpyDtoH(dst, src, n);
}
CUresult cuMemcpyDtoD(CUdeviceptr dst, CUdeviceptr src, size_t n) {
  return cuMemcpy(dst, src, n);
}
CUresult cuMemcpyDtoDAsync(CUdeviceptr dst, CUdeviceptr src, size_t n,
                           void *stream) {
  (void)stream;
  return cuMemcpy(dst, src, n);
}
CUresult cuMemsetD8(CUdeviceptr dst, unsigned char v, size_t n) {
  memset((void *)(uintptr_t)dst, v, n);
  return CUDA_SUCCESS;
}
CUresult cuMemsetD8Async(CUdeviceptr dst, unsigned char v, size_t n,
                         void *stream) {
  (void)stream;
  return cuMemsetD8(dst, v, n);
}
CUresult cuMemsetD32(CUdeviceptr dst, unsigned v, size_t n) {
  unsigned *p = (unsigned *)(uintptr_t)dst;
  for (size_t i = 0; i < n; ++i)
    p[i] = v;
  return CUDA_SUCCESS;
}
CUresult cuMemsetD32Async(CUdeviceptr dst, unsigned v, size_t n, void *stream) {
  (void)stream;
  return cuMemsetD32(dst, v, n);
}
CUresult cuMemGetInfo(size_t *free, size_t *total) {
  *free = *total = (size_t)16 << 30;
  return CUDA_SUCCESS;
}

/* ---- the device, its context, streams and events --------------------- */

/* Attribute numbers of CUdevice_attribute that callers ask for and whose
   value matters; every other attribute reads as 1. */
enum {
  ATTR_MAX_THREADS_PER_BLOCK = 1,
  ATTR_MAX_BLOCK_DIM_X = 2,
  ATTR_MAX_BLOCK_DIM_Y = 3,
  ATTR_MAX_BLOCK_DIM_Z = 4,
  ATTR_MAX_GRID_DIM_X = 5,
  ATTR_MAX_GRID_DIM_Y = 6,
  ATTR_MAX_GRID_DIM_Z = 7,
  ATTR_MAX_SHARED_MEMORY_PER_BLOCK = 8,
  ATTR_WARP_SIZE = 10,
  ATTR_MULTIPROCESSOR_COUNT = 16,
  ATTR_COMPUTE_CAPABILITY_MAJOR = 75,
  ATTR_COMPUTE_CAPABILITY_MINOR = 76,
};

static int attributeValue(int attribute) {
  switch (attribute) {
  case ATTR_MAX_THREADS_PER_BLOCK:
  case ATTR_MAX_BLOCK_DIM_X:
  case ATTR_MAX_BLOCK_DIM_Y:
    return 1024;
  case ATTR_MAX_BLOCK_DIM_Z:
    return 64;
  case ATTR_MAX_GRID_DIM_X:
    return 2147483647;
  case ATTR_MAX_GRID_DIM_Y:
  case ATTR_MAX_GRID_DIM_Z:
    return 65535;
  case ATTR_MAX_SHARED_MEMORY_PER_BLOCK:
    return 49152;
  case ATTR_WARP_SIZE:
    return 32;
  case ATTR_MULTIPROCESSOR_COUNT:
    return 108;
  case ATTR_COMPUTE_CAPABILITY_MAJOR:
    return 8;
  case ATTR_COMPUTE_CAPABILITY_MINOR:
    return 0;
  default:
    return 1;
  }
}

static int initialized;
static int contextToken; /* the one context is this address */
static void *current;

CUresult cuInit(unsigned flags) {
  (void)flags;
  initialized = 1;
  return CUDA_SUCCESS;
}
CUresult cuDriverGetVersion(int *version) {
  /* CUDA 13.0, or the release $PTXINJECT_STAND_IN_DRIVER_VERSION names
   * (12040 for 12.4), for the choice of the default back end. */
  const char *v = getenv("PTXINJECT_STAND_IN_DRIVER_VERSION");
  *version = v && *v ? atoi(v) : 13000;
  return CUDA_SUCCESS;
}
CUresult cuDeviceGetCount(int *count) {
  *count = 1;
  return initialized ? CUDA_SUCCESS : CUDA_ERROR_NOT_INITIALIZED;
}
CUresult cuDeviceGet(CUdevice *device, int ordinal) {
  *device = 0;
  return ordinal == 0 ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}
CUresult cuDeviceGetAttribute(int *value, int attribute, CUdevice device) {
  (void)device;
  *value = attributeValue(attribute);
  return CUDA_SUCCESS;
}
CUresult cuDeviceGetName(char *name, int len, CUdevice device) {
  (void)device;
  snprintf(name, (size_t)len, "%s", "ptxinject stand-in GPU");
  return CUDA_SUCCESS;
}
CUresult cuDeviceGetUuid(unsigned char *uuid, CUdevice device) {
  (void)device;
  memset(uuid, 0x5a, 16);
  return CUDA_SUCCESS;
}
CUresult cuDeviceGetUuid_v2(unsigned char *uuid, CUdevice device) {
  return cuDeviceGetUuid(uuid, device);
}
CUresult cuDeviceTotalMem(size_t *bytes, CUdevice device) {
  (void)device;
  *bytes = (size_t)16 << 30;
  return CUDA_SUCCESS;
}
CUresult cuDeviceGetPCIBusId(char *id, int len, CUdevice device) {
  (void)device;
  snprintf(id, (size_t)len, "%s", "0000:00:00.0");
  return CUDA_SUCCESS;
}
CUresult cuDevicePrimaryCtxRetain(void **ctx, CUdevice device) {
  (void)device;
  *ctx = &contextToken;
  return CUDA_SUCCESS;
}
CUresult cuDevicePrimaryCtxRelease(CUdevice device) {
  (void)device;
  return CUDA_SUCCESS;
}
CUresult cuDevicePrimaryCtxGetState(CUdevice device, unsigned *flags,
                                    int *active) {
  (void)device;
  *flags = 0;
  *active = current != NULL;
  return CUDA_SUCCESS;
}
CUresult cuCtxGetCurrent(void **ctx) {
  *ctx = current;
  return CUDA_SUCCESS;
}
CUresult cuCtxSetCurrent(void *ctx) {
  current = ctx;
  return CUDA_SUCCESS;
}
CUresult cuCtxPushCurrent(void *ctx) { return cuCtxSetCurrent(ctx); }
CUresult cuCtxPopCurrent(void **ctx) {
  if (ctx)
    *ctx = current;
  return CUDA_SUCCESS;
}
CUresult cuCtxGetDevice(CUdevice *device) {
  *device = 0;
  return current ? CUDA_SUCCESS : 201; /* CUDA_ERROR_INVALID_CONTEXT */
}
CUresult cuCtxGetDevice_v2(CUdevice *device, void *ctx) {
  (void)ctx;
  *device = 0;
  return CUDA_SUCCESS;
}
CUresult cuCtxSynchronize(void) { return CUDA_SUCCESS; }
CUresult cuCtxSynchronize_v2(void *ctx) {
  (void)ctx;
  return CUDA_SUCCESS;
}
CUresult cuCtxGetApiVersion(void *ctx, unsigned *version) {
  (void)ctx;
  *version = 13000;
  return CUDA_SUCCESS;
}
CUresult cuCtxGetId(void *ctx, unsigned long long *id) {
  (void)ctx;
  *id = 1;
  return CUDA_SUCCESS;
}
CUresult cuCtxGetFlags(unsigned *flags) {
  *flags = 0;
  return CUDA_SUCCESS;
}
CUresult cuCtxGetStreamPriorityRange(int *least, int *greatest) {
  if (least)
    *least = 0;
  if (greatest)
    *greatest = -5;
  return CUDA_SUCCESS;
}

/* The clock: nanoseconds of device work so far. */
static unsigned long long clockNs;

typedef struct {
  int flags, priority;
  unsigned long long id;
} Stream;
static unsigned long long nextStreamId = 1;

CUresult cuStreamCreateWithPriority(void **stream, unsigned flags,
                                    int priority) {
  Stream *s = calloc(1, sizeof *s);
  s->flags = (int)flags;
  s->priority = priority;
  s->id = nextStreamId++;
  *stream = s;
  return CUDA_SUCCESS;
}
CUresult cuStreamCreate(void **stream, unsigned flags) {
  return cuStreamCreateWithPriority(stream, flags, 0);
}
CUresult cuStreamDestroy(void *stream) {
  free(stream);
  return CUDA_SUCCESS;
}
CUresult cuStreamSynchronize(void *stream) {
  (void)stream;
  return CUDA_SUCCESS;
}
CUresult cuStreamQuery(void *stream) {
  (void)stream;
  return CUDA_SUCCESS;
}
CUresult cuStreamIsCapturing(void *stream, int *status) {
  (void)stream;
  *status = 0; /* CU_STREAM_CAPTURE_STATUS_NONE */
  return CUDA_SUCCESS;
}
CUresult cuStreamWaitEvent(void *stream, void *event, unsigned flags) {
  (void)stream, (void)event, (void)flags;
  return CUDA_SUCCESS;
}
CUresult cuStreamGetFlags(void *stream, unsigned *flags) {
  *flags = stream ? (unsigned)((Stream *)stream)->flags : 0;
  return CUDA_SUCCESS;
}
CUresult cuStreamGetPriority(void *stream, int *priority) {
  *priority = stream ? ((Stream *)stream)->priority : 0;
  return CUDA_SUCCESS;
}
CUresult cuStreamGetCtx(void *stream, void **ctx) {
  (void)stream;
  *ctx = &contextToken;
  return CUDA_SUCCESS;
}
CUresult cuStreamGetCtx_v2(void *stream, void **ctx, void **greenCtx) {
  (void)stream;
  *ctx = &contextToken;
  if (greenCtx)
    *greenCtx = NULL;
  return CUDA_SUCCESS;
}
CUresult cuStreamGetId(void *stream, unsigned long long *id) {
  *id = stream ? ((Stream *)stream)->id : 0;
  return CUDA_SUCCESS;
}
CUresult cuStreamGetDevice(void *stream, CUdevice *device) {
  (void)stream;
  *device = 0;
  return CUDA_SUCCESS;
}

typedef struct {
  unsigned long long at;
  unsigned flags;
} Event;

CUresult cuEventCreate(void **event, unsigned flags) {
  Event *e = calloc(1, sizeof *e);
  e->flags = flags;
  *event = e;
  return CUDA_SUCCESS;
}
CUresult cuEventDestroy(void *event) {
  free(event);
  return CUDA_SUCCESS;
}
CUresult cuEventRecord(void *event, void *stream) {
  (void)stream;
  ((Event *)event)->at = clockNs;
  return CUDA_SUCCESS;
}
CUresult cuEventRecordWithFlags(void *event, void *stream, unsigned flags) {
  (void)flags;
  return cuEventRecord(event, stream);
}
CUresult cuEventSynchronize(void *event) {
  (void)event;
  return CUDA_SUCCESS;
}
CUresult cuEventQuery(void *event) {
  (void)event;
  return CUDA_SUCCESS;
}
CUresult cuEventElapsedTime(float *ms, void *start, void *end) {
  *ms = (float)((double)(((Event *)end)->at - ((Event *)start)->at) / 1e6);
  return CUDA_SUCCESS;
}
CUresult cuEventElapsedTime_v2(float *ms, void *start, void *end) {
  return cuEventElapsedTime(ms, start, end);
}

/* Memory pools: cuda.core's default memory resource allocates from the
   device's pool; one token pool stands for it. */
static int poolToken;
CUresult cuDeviceGetDefaultMemPool(void **pool, CUdevice device) {
  (void)device;
  *pool = &poolToken;
  return CUDA_SUCCESS;
}
CUresult cuDeviceGetMemPool(void **pool, CUdevice device) {
  return cuDeviceGetDefaultMemPool(pool, device);
}
CUresult cuMemPoolSetAttribute(void *pool, int attribute, void *value) {
  (void)pool, (void)attribute, (void)value;
  return CUDA_SUCCESS;
}
CUresult cuMemPoolGetAttribute(void *pool, int attribute, void *value) {
  (void)pool, (void)attribute;
  memset(value, 0, sizeof(unsigned long long));
  return CUDA_SUCCESS;
}
CUresult cuMemPoolTrimTo(void *pool, size_t keep) {
  (void)pool, (void)keep;
  return CUDA_SUCCESS;
}

/* A pointer's attributes: device memory of device 0 when it lies in an
   allocation, else host memory. */
enum {
  POINTER_ATTRIBUTE_CONTEXT = 1,
  POINTER_ATTRIBUTE_MEMORY_TYPE = 2,
  POINTER_ATTRIBUTE_DEVICE_POINTER = 3,
  POINTER_ATTRIBUTE_HOST_POINTER = 4,
  POINTER_ATTRIBUTE_IS_MANAGED = 8,
  POINTER_ATTRIBUTE_DEVICE_ORDINAL = 9,
};
CUresult cuPointerGetAttribute(void *data, int attribute, CUdeviceptr ptr) {
  int device = allocationHolding(ptr) != NULL;
  switch (attribute) {
  case POINTER_ATTRIBUTE_CONTEXT:
    *(void **)data = &contextToken;
    return CUDA_SUCCESS;
  case POINTER_ATTRIBUTE_MEMORY_TYPE:
    *(unsigned *)data = device ? 2 : 1; /* DEVICE : HOST */
    return CUDA_SUCCESS;
  case POINTER_ATTRIBUTE_DEVICE_POINTER:
  case POINTER_ATTRIBUTE_HOST_POINTER:
    *(CUdeviceptr *)data = ptr;
    return CUDA_SUCCESS;
  case POINTER_ATTRIBUTE_IS_MANAGED:
    *(int *)data = 0;
    return CUDA_SUCCESS;
  case POINTER_ATTRIBUTE_DEVICE_ORDINAL:
    *(int *)data = 0;
    return CUDA_SUCCESS;
  default:
    return CUDA_ERROR_INVALID_VALUE;
  }
}
CUresult cuPointerGetAttributes(unsigned n, int *attributes, void **data,
                                CUdeviceptr ptr) {
  for (unsigned i = 0; i < n; ++i)
    if (cuPointerGetAttribute(data[i], attributes[i], ptr) != CUDA_SUCCESS)
      memset(data[i], 0, sizeof(void *));
  return CUDA_SUCCESS;
}

/* ---- modules, libraries and kernels ----------------------------------- */

enum { MAX_PARAMS = 256 };
typedef struct Kernel {
  char *name; /* whole: C++ template kernels have names of 300+ bytes */
  long library;
  int numParams;
  unsigned short offset[MAX_PARAMS], size[MAX_PARAMS];
  struct Kernel *next;
} Kernel;
typedef struct {
  long id;
  Kernel *kernels;
} Library;

static long loads;

static uint64_t readLE(const unsigned char *p, int n) {
  uint64_t v = 0;
  for (int i = n - 1; i >= 0; --i)
    v = v << 8 | p[i];
  return v;
}

/* Reads one .nv.info.NAME section: its EIATTR_KPARAM_INFO records (format
   EIFMT_SVAL, attribute 0x17) give each parameter's ordinal, offset and
   size (the top 14 bits of the last word). Other formats are 4 bytes. */
static void readParams(Kernel *k, const unsigned char *p, size_t n) {
  size_t i = 0;
  while (i + 4 <= n) {
    unsigned format = p[i], attribute = p[i + 1];
    if (format != 4) {
      i += 4;
      continue;
    }
    size_t size = (size_t)readLE(p + i + 2, 2);
    if (i + 4 + size > n)
      return;
    if (attribute == 0x17 && size >= 12) {
      unsigned ordinal = (unsigned)readLE(p + i + 8, 2);
      unsigned offset = (unsigned)readLE(p + i + 10, 2);
      unsigned bytes = (unsigned)(readLE(p + i + 12, 4) >> 18) & 0x3fff;
      if (ordinal < MAX_PARAMS) {
        k->offset[ordinal] = (unsigned short)offset;
        k->size[ordinal] = (unsigned short)bytes;
        if ((int)ordinal + 1 > k->numParams)
          k->numParams = (int)ordinal + 1;
      }
    }
    i += 4 + size;
  }
}

/* The kernels of a 64-bit ELF cubin: one per .nv.info.NAME section. A
   module given as anything else (PTX text, a fatbin) holds none. */
static Library *readCubin(const unsigned char *image, long id) {
  Library *lib = calloc(1, sizeof *lib);
  lib->id = id;
  if (memcmp(image, "\177ELF", 4) != 0 || image[4] != 2)
    return lib;
  uint64_t shoff = readLE(image + 0x28, 8);
  unsigned shentsize = (unsigned)readLE(image + 0x3a, 2);
  unsigned shnum = (unsigned)readLE(image + 0x3c, 2);
  unsigned shstrndx = (unsigned)readLE(image + 0x3e, 2);
  const unsigned char *names =
      image + readLE(image + shoff + (uint64_t)shstrndx * shentsize + 0x18, 8);
  for (unsigned s = 0; s < shnum; ++s) {
    const unsigned char *h = image + shoff + (uint64_t)s * shentsize;
    const char *name = (const char *)names + readLE(h, 4);
    if (strncmp(name, ".nv.info.", 9) != 0)
      continue;
    Kernel *k = calloc(1, sizeof *k);
    k->name = strdup(name + 9);
    k->library = lib->id;
    readParams(k, image + readLE(h + 0x18, 8), (size_t)readLE(h + 0x20, 8));
    k->next = lib->kernels;
    lib->kernels = k;
  }
  return lib;
}

static CUresult load(Library **out, const void *image) {
  long n = loads++;
  if (listed("PTXINJECT_STAND_IN_FAIL_LOAD", n))
    return CUDA_ERROR_INVALID_IMAGE;
  *out = readCubin((const unsigned char *)image, n);
  if (logFile()) {
    fprintf(logFile(), "{\"load\": %ld, \"kernels\": [", n);
    for (Kernel *k = (*out)->kernels; k; k = k->next)
      fprintf(logFile(), "\"%s\"%s", k->name, k->next ? ", " : "");
    fprintf(logFile(), "]}\n");
    fflush(logFile());
  }
  return CUDA_SUCCESS;
}

static CUresult unload(Library *lib) {
  if (logFile()) {
    fprintf(logFile(), "{\"unload\": %ld}\n", lib->id);
    fflush(logFile());
  }
  /* Kernels stay allocated: a handle used after unload must not crash. */
  free(lib);
  return CUDA_SUCCESS;
}

static CUresult kernelNamed(Kernel **out, Library *lib, const char *name) {
  for (Kernel *k = lib->kernels; k; k = k->next)
    if (strcmp(k->name, name) == 0) {
      *out = k;
      return CUDA_SUCCESS;
    }
  return CUDA_ERROR_NOT_FOUND;
}

CUresult cuLibraryLoadData(void **library, const void *code, void *jitOptions,
                           void **jitValues, unsigned numJit,
                           void *libraryOptions, void **libraryValues,
                           unsigned numLibrary) {
  (void)jitOptions, (void)jitValues, (void)numJit, (void)libraryOptions,
      (void)libraryValues, (void)numLibrary;
  return load((Library **)library, code);
}
CUresult cuLibraryUnload(void *library) { return unload(library); }
CUresult cuLibraryGetKernel(void **kernel, void *library, const char *name) {
  return kernelNamed((Kernel **)kernel, library, name);
}
CUresult cuLibraryGetKernelCount(unsigned *count, void *library) {
  unsigned n = 0;
  for (Kernel *k = ((Library *)library)->kernels; k; k = k->next)
    ++n;
  *count = n;
  return CUDA_SUCCESS;
}
CUresult cuLibraryEnumerateKernels(void **kernels, unsigned count,
                                   void *library) {
  unsigned n = 0;
  for (Kernel *k = ((Library *)library)->kernels; k && n < count; k = k->next)
    kernels[n++] = k;
  return CUDA_SUCCESS;
}
CUresult cuModuleLoadData(void **module, const void *image) {
  return load((Library **)module, image);
}
CUresult cuModuleLoadDataEx(void **module, const void *image, unsigned n,
                            void *options, void **values) {
  (void)n, (void)options, (void)values;
  return load((Library **)module, image);
}
CUresult cuModuleUnload(void *module) { return unload(module); }
CUresult cuModuleGetFunction(void **function, void *module, const char *name) {
  return kernelNamed((Kernel **)function, module, name);
}
CUresult cuKernelGetFunction(void **function, void *kernel) {
  *function = kernel;
  return CUDA_SUCCESS;
}
CUresult cuKernelGetName(const char **name, void *kernel) {
  *name = ((Kernel *)kernel)->name;
  return CUDA_SUCCESS;
}
CUresult cuFuncGetName(const char **name, void *function) {
  return cuKernelGetName(name, function);
}
CUresult cuKernelGetParamInfo(void *kernel, size_t index, size_t *offset,
                              size_t *size) {
  Kernel *k = kernel;
  if ((int)index >= k->numParams)
    return CUDA_ERROR_INVALID_VALUE;
  *offset = k->offset[index];
  *size = k->size[index];
  return CUDA_SUCCESS;
}
CUresult cuFuncGetParamInfo(void *function, size_t index, size_t *offset,
                            size_t *size) {
  return cuKernelGetParamInfo(function, index, offset, size);
}
CUresult cuKernelGetAttribute(int *value, int attribute, void *kernel,
                              CUdevice device) {
  (void)kernel, (void)device;
  *value = attribute == 0 ? 1024 : 0; /* MAX_THREADS_PER_BLOCK, else 0 */
  return CUDA_SUCCESS;
}
CUresult cuFuncGetAttribute(int *value, int attribute, void *function) {
  return cuKernelGetAttribute(value, attribute, function, 0);
}
CUresult cuKernelSetAttribute(int attribute, int value, void *kernel,
                              CUdevice device) {
  (void)attribute, (void)value, (void)kernel, (void)device;
  return CUDA_SUCCESS;
}
CUresult cuFuncSetAttribute(void *function, int attribute, int value) {
  (void)function, (void)attribute, (void)value;
  return CUDA_SUCCESS;
}

/* ---- launches ---------------------------------------------------------- */

static long launches;

/* Copies $PTXINJECT_STAND_IN_RESULTS/launchN.argK.bin to where argument K
   points, within its allocation. */
static void writeCannedResult(long n, int k, CUdeviceptr ptr) {
  const char *dir = getenv("PTXINJECT_STAND_IN_RESULTS");
  Allocation *a = allocationHolding(ptr);
  if (!dir || !*dir || !a)
    return;
  char path[4096];
  snprintf(path, sizeof path, "%s/launch%ld.arg%d.bin", dir, n, k);
  FILE *f = fopen(path, "rb");
  if (!f)
    return;
  size_t room = a->size - (size_t)(ptr - (uintptr_t)a->base);
  fread((void *)(uintptr_t)ptr, 1, room, f);
  fclose(f);
}

static CUresult launch(Kernel *k, unsigned gx, unsigned gy, unsigned gz,
                       unsigned bx, unsigned by, unsigned bz, unsigned shared,
                       void *stream, void **params) {
  long n = launches++;
  CUresult result = listed("PTXINJECT_STAND_IN_FAIL_LAUNCH", n)
                        ? CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES
                        : CUDA_SUCCESS;
  if (!k || !gx || !gy || !gz || !bx || !by || !bz)
    result = CUDA_ERROR_INVALID_VALUE;
  FILE *log = logFile();
  if (log) {
    fprintf(log,
            "{\"launch\": %ld, \"kernel\": \"%s\", \"load\": %ld, "
            "\"grid\": [%u, %u, %u], \"block\": [%u, %u, %u], "
            "\"shared\": %u, \"stream\": %llu, \"result\": %d, \"args\": [",
            n, k ? k->name : "", k ? k->library : -1L, gx, gy, gz, bx, by, bz,
            shared, stream ? ((Stream *)stream)->id : 0ULL, result);
    for (int i = 0; k && params && i < k->numParams; ++i) {
      const unsigned char *p = params[i];
      fprintf(log, "%s{\"size\": %u, \"hex\": \"", i ? ", " : "", k->size[i]);
      for (unsigned b = 0; b < k->size[i]; ++b)
        fprintf(log, "%02x", p[b]);
      fprintf(log, "\"");
      if (k->size[i] == 8) {
        CUdeviceptr ptr = (CUdeviceptr)readLE(p, 8);
        Allocation *a = allocationHolding(ptr);
        if (a) {
          /* Where it points, and the first bytes there: the inputs. */
          size_t offset = (size_t)(ptr - (uintptr_t)a->base);
          fprintf(log,
                  ", \"allocation\": %ld, \"offset\": %zu, \"bytes\": %zu, "
                  "\"head\": \"",
                  a->id, offset, a->size);
          for (size_t b = offset; b < a->size && b < offset + 16; ++b)
            fprintf(log, "%02x", a->base[b]);
          fprintf(log, "\"");
        }
      }
      fprintf(log, "}");
    }
    fprintf(log, "]}\n");
    fflush(log);
  }
  if (result != CUDA_SUCCESS)
    return result;
  for (int i = 0; params && i < k->numParams; ++i)
    if (k->size[i] == 8)
      writeCannedResult(n, i, (CUdeviceptr)readLE(params[i], 8));
  clockNs += (unsigned long long)gx * gy * gz * 1000ULL;
  return CUDA_SUCCESS;
}

CUresult cuLaunchKernel(void *f, unsigned gx, unsigned gy, unsigned gz,
                        unsigned bx, unsigned by, unsigned bz, unsigned shared,
                        void *stream, void **params, void **extra) {
  (void)extra;
  return launch(f, gx, gy, gz, bx, by, bz, shared, stream, params);
}

/* CUlaunchConfig, as cuda.h lays it out. */
typedef struct {
  unsigned gridDimX, gridDimY, gridDimZ, blockDimX, blockDimY, blockDimZ;
  unsigned sharedMemBytes;
  void *hStream;
  void *attrs;
  unsigned numAttrs;
} LaunchConfig;

CUresult cuLaunchKernelEx(const LaunchConfig *c, void *f, void **params,
                          void **extra) {
  (void)extra;
  return launch(f, c->gridDimX, c->gridDimY, c->gridDimZ, c->blockDimX,
                c->blockDimY, c->blockDimZ, c->sharedMemBytes, c->hStream,
                params);
}

/* ---- errors and the entry point table --------------------------------- */

CUresult cuGetErrorName(CUresult error, const char **name) {
  switch (error) {
  case CUDA_SUCCESS:
    *name = "CUDA_SUCCESS";
    return CUDA_SUCCESS;
  case CUDA_ERROR_INVALID_VALUE:
    *name = "CUDA_ERROR_INVALID_VALUE";
    return CUDA_SUCCESS;
  case CUDA_ERROR_INVALID_IMAGE:
    *name = "CUDA_ERROR_INVALID_IMAGE";
    return CUDA_SUCCESS;
  case CUDA_ERROR_NOT_FOUND:
    *name = "CUDA_ERROR_NOT_FOUND";
    return CUDA_SUCCESS;
  case CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES:
    *name = "CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES";
    return CUDA_SUCCESS;
  default:
    *name = "CUDA_ERROR_UNKNOWN";
    return CUDA_SUCCESS;
  }
}
CUresult cuGetErrorString(CUresult error, const char **text) {
  return cuGetErrorName(error, text);
}

/* Entry points whose newer ABI has its own name here, with the first CUDA
   version that asks for it. */
static const struct {
  const char *name;
  int version;
  const char *newer;
} versioned[] = {
    {"cuCtxGetDevice", 13000, "cuCtxGetDevice_v2"},
    {"cuCtxSynchronize", 13000, "cuCtxSynchronize_v2"},
    {"cuDeviceGetUuid", 11040, "cuDeviceGetUuid_v2"},
    {"cuEventElapsedTime", 12080, "cuEventElapsedTime_v2"},
    {"cuStreamGetCtx", 12050, "cuStreamGetCtx_v2"},
};

CUresult cuGetProcAddress_v2(const char *symbol, void **pfn, int version,
                             unsigned long long flags, int *status) {
  (void)flags;
  static void *self;
  if (!self)
    self = dlopen("libcuda.so.1", RTLD_LAZY | RTLD_NOLOAD);
  const char *name = symbol;
  for (size_t i = 0; i < sizeof versioned / sizeof *versioned; ++i)
    if (strcmp(symbol, versioned[i].name) == 0 &&
        version >= versioned[i].version)
      name = versioned[i].newer;
  *pfn = self ? dlsym(self, name) : NULL;
  if (status)
    *status = *pfn ? 0 : 1; /* CU_GET_PROC_ADDRESS_SUCCESS : SYMBOL_NOT_FOUND */
  return *pfn ? CUDA_SUCCESS : CUDA_ERROR_NOT_FOUND;
}
CUresult cuGetProcAddress(const char *symbol, void **pfn, int version,
                          unsigned long long flags) {
  return cuGetProcAddress_v2(symbol, pfn, version, flags, NULL);
}
