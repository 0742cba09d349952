//===- NvccFlags.h - nvcc command lines in Clang's spelling --- -*- C++ -*-===//
//
// A CMake CUDA project's compile_commands.json holds nvcc command lines:
// --generate-code=arch=compute_90,code=[...], -forward-unknown-to-host-
// compiler, -Xcompiler=-fPIC, --expt-relaxed-constexpr, -x cu. Clang knows
// none of them. This turns the flags that change what the device code means
// (the target arch, -I, -D, -isystem, -std, the language) into Clang's
// spelling and drops those that only concern nvcc's host compiler or its
// own back end. No LLVM: plain strings in, plain strings out.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_FRONTEND_NVCCFLAGS_H
#define PTXINJECT_FRONTEND_NVCCFLAGS_H

#include <string>
#include <vector>

namespace ptxinject {
namespace frontend {

/// The result of translating one command line.
struct TranslatedFlags {
  /// The command line for Clang (the first element, the program, is kept).
  std::vector<std::string> Args;
  /// The GPU architectures nvcc was asked for (sm_90), in order, without
  /// repeats. Args holds --cuda-gpu-arch for the first only: the rewriter
  /// types sites for one device compile.
  std::vector<std::string> Archs;
};

/// Translates an nvcc command line (Args[0] is the compiler). Flags Clang
/// spells the same way (-I, -D, -U, -O3, -c, -o, -MD...) pass as they are;
/// a Clang command line passes unchanged. A "--" ends the options: the
/// arguments after it are kept, after any flag this adds.
TranslatedFlags translateNvccFlags(const std::vector<std::string> &Args);

/// Joins each nvcc-only option written with its value as the next argument
/// ("--include-path inc", "-gencode arch=...", "-Xcompiler -fPIC") into one
/// "option=value" argument, which nvcc reads the same way. Clang's driver
/// does not know these options, so it would take the value for an input
/// file. Everything from a "--" on is kept as it is.
std::vector<std::string>
joinNvccOptionValues(const std::vector<std::string> &Args);

/// "compute_90", "sm_90a", "90" -> "sm_90", "sm_90a"; empty when Text names
/// no single real architecture (all, all-major, native).
std::string gpuArchFromNvcc(const std::string &Text);

} // namespace frontend
} // namespace ptxinject

#endif
