//===- CudaInvocation.h - Compiler flags a front end adds -------*- C++ -*-===//
//
// The flags both front ends need to parse CUDA 13 with Clang 19 in analysis
// mode: the CUDA installation, the shim headers, Clang's resource directory
// and the define that switches ptx_inject.h to marker calls. Each location is
// searched for, so an installed tool works outside the build tree.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_FRONTEND_CUDAINVOCATION_H
#define PTXINJECT_FRONTEND_CUDAINVOCATION_H

#include <string>
#include <vector>

namespace ptxinject {
namespace frontend {

/// The CUDA installation, as ptxinject finds it
/// (ptxinject::toolkit::findCudaToolkit: $CUDA_HOME, $CUDA_PATH, the nvcc on
/// PATH, /usr/local/cuda). Empty when none has include/cuda.h.
std::string findCudaPath();

/// <prefix> of the running tool at <prefix>/bin/tool (an installation or
/// the build tree); empty when Argv0 is null or the program is unknown.
std::string installPrefix(const char *Argv0);

/// The folder of empty headers CUDA 13 lacks (texture_fetch_functions.h...):
/// $PTXINJECT_SHIM_DIR, the installed share/ptxinject/cuda-shim next to the
/// tool (the build tree is laid out the same way). Empty when none exists.
std::string findCudaShimDir(const char *Argv0);

/// The folder holding ptx_inject.h: include/ next to the tool's bin/, in an
/// installation or the build tree. Empty when none exists.
std::string findPtxInjectIncludeDir(const char *Argv0);

/// Clang's resource directory (its CUDA wrapper headers): the one Clang was
/// configured with at build time, else lib/clang/<major> next to the tool.
std::string findClangResourceDir(const char *Argv0);

enum class FrontEnd { Rewriter, Plugin };

/// Driver arguments for device-side analysis, to append to a command line
/// that does not already choose them (an existing --cuda-path, -resource-dir
/// or --cuda-gpu-arch in Existing is kept).
std::vector<std::string>
analysisArguments(FrontEnd Which, const char *Argv0,
                  const std::vector<std::string> &Existing);

/// The macros nvcc predefines for its device pass that Clang's CUDA mode
/// does not (__NVCC__, __CUDACC_VER_MAJOR__/MINOR__/BUILD__ and the API
/// version from the toolkit the command line uses: its --cuda-path, else
/// findCudaPath(); __NVCC_DIAG_PRAGMA_SUPPORT__, CUDA_DOUBLE_MATH_FUNCTIONS,
/// __CUDA_ARCH_LIST__), as -D arguments; one the command line already
/// defines or undefines is left to it. For the rewriter's CUDA mode only:
/// a Clang compile (the plugin) is no nvcc, nor is NVRTC. Not
/// __CUDACC_DEVICE_ATOMIC_BUILTINS__, which announces EDG's __nv_atomic_*
/// builtins that Clang lacks.
std::vector<std::string>
nvccMacroArguments(const std::vector<std::string> &Existing);

/// Warnings Clang makes errors by default where nvcc accepts the code
/// (`register` in C++17, narrowing in braces, the address of a temporary,
/// ++ on a bool, a literal suffix without a space, a constexpr function
/// that is never constant, an out-of-range enum constant, `template` without
/// arguments): off where nvcc is silent, warnings where nvcc warns. For the
/// rewriter's CUDA mode, whose parse must accept what nvcc compiles.
std::vector<std::string> nvccLeniencyArguments();

/// Clang 19 knows NVIDIA architectures up to sm_90a; CUDA 13 compiles for
/// newer ones (sm_88, sm_100 to sm_121, with 'a' and 'f' variants). The
/// front ends only parse, so an architecture Clang does not know is typed on
/// the newest one it knows at or below it (sm_90 for Blackwell), and the
/// source sees the real one: -U__CUDA_ARCH__ -D__CUDA_ARCH__=<real>. An 'a'
/// (arch-specific) or 'f' (family-specific) architecture, known or not, also
/// gets the macros nvcc and NVRTC define for it and Clang does not:
/// __CUDA_ARCH_SPECIFIC__, __CUDA_ARCH_FAMILY_SPECIFIC__ and
/// __CUDA_ARCH_FEAT_SM<N>_ALL. Rewrites each --cuda-gpu-arch= or
/// --offload-arch= of a device-side command line in place; a host-only one
/// (--cuda-host-only) is left alone, as __CUDA_ARCH__ is not defined there.
void adaptGpuArchForClang(std::vector<std::string> &Args);

} // namespace frontend
} // namespace ptxinject

#endif
