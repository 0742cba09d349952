//===- NvJitLinkLibrary.h - nvJitLink, found and loaded at run time -*- C++
//-*-===//
//
// nvJitLink is loaded when first used, by its versioned name, from the
// toolkit the user has: one build of the project serves CUDA 12 and 13, and
// a Python environment whose CUDA is pip wheels needs no toolkit at build
// time. Its C API has kept its signatures from 12.0 on; the declarations
// here are ours, so the build needs no nvJitLink.h either.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_BACKENDS_NVJITLINKLIBRARY_H
#define PTXINJECT_BACKENDS_NVJITLINKLIBRARY_H

#include "ptxinject/backends/CudaTool.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace ptxinject::backends {
namespace detail {

struct NvJitLinkLibrary {
  using Handle = void *; // nvJitLinkHandle: a pointer to an opaque struct
  static constexpr int Success = 0;    // NVJITLINK_SUCCESS
  static constexpr int InputCubin = 1; // NVJITLINK_INPUT_CUBIN (relocatable)
  static constexpr int InputPtx = 2;   // NVJITLINK_INPUT_PTX

  int (*Create)(Handle *, uint32_t, const char **) = nullptr;
  int (*Destroy)(Handle *) = nullptr;
  int (*AddData)(Handle, int, const void *, size_t, const char *) = nullptr;
  int (*Complete)(Handle) = nullptr;
  int (*GetLinkedCubinSize)(Handle, size_t *) = nullptr;
  int (*GetLinkedCubin)(Handle, void *) = nullptr;
  int (*GetErrorLogSize)(Handle, size_t *) = nullptr;
  int (*GetErrorLog)(Handle, char *) = nullptr;
  int (*GetInfoLogSize)(Handle, size_t *) = nullptr;
  int (*GetInfoLog)(Handle, char *) = nullptr;
  int (*Version)(unsigned *, unsigned *) = nullptr;

  std::string Path;              ///< the file loaded
  unsigned Major = 0, Minor = 0; ///< its nvJitLinkVersion
};

/// How nvJitLink is found: cudaLibraryCandidates (CudaTool.h) with
/// PTXINJECT_NVJITLINK and the nvidia-nvjitlink-cu12 wheel's folder.
extern const CudaLibrary NvJitLinkSearch;

/// nvJitLink, loaded on the first call (thread-safe), or null with WhyNot
/// saying where it was looked for and what to install.
const NvJitLinkLibrary *nvJitLinkLibrary(std::string &WhyNot);

} // namespace detail
} // namespace ptxinject::backends

#endif
