//===- NvrtcOptions.h - NVRTC's options in Clang's words --------*- C++ -*-===//
//
// The nvrtc mode reads a program with the options its user gives NVRTC: this
// is their table (NVRTC 13's spellings and values) and what each one does to
// the parse, as Clang flags and the macros NVRTC defines.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_FRONTEND_NVRTCOPTIONS_H
#define PTXINJECT_FRONTEND_NVRTCOPTIONS_H

#include "ptxinject/support/Error.h"

#include <string>
#include <vector>

namespace ptxinject {
namespace frontend {

/// NVRTC options turned into the Clang flags that give the same parse.
struct NvrtcTranslation {
  std::vector<std::string> ClangArgs; ///< -I, -D, -std=, --cuda-gpu-arch...
  /// The macros NVRTC itself defines from its options (__CUDA_FTZ,
  /// __CUDACC_RDC__, __NV_BUILTIN_MOVE_FORWARD...), as -D, before the user's.
  std::vector<std::string> OptionMacros;
  bool DefaultDevice = false;     ///< -default-device was given
  bool NoSourceInclude = false;   ///< --no-source-include was given
  std::vector<std::string> Notes; ///< options ignored, one line each
};

/// Reads NVRTC's options as NVRTC 13 spells them: `--long-name` or its
/// short `-name`, a value after `=` or as the next word (after `=` only for
/// `-std`, `-time`, the PCH files and folder, `-frandom-seed`, `-opt-info`,
/// `-fdevice-time-trace`), attached for `-D`, `-U`, `-I`. Boolean and integer
/// values are checked as NVRTC checks them. Options that change the parse are
/// emulated (dialect, architecture, macros, pre-includes, `-default-device`,
/// the macros NVRTC defines from `-ftz`, `-prec-div`, `-rdc`, `-G`...,
/// `--builtin-move-forward`, `--builtin-initializer-list`,
/// `--no-source-include`); the others are ignored with a note. An option
/// NVRTC rejects is an error, as it is for NVRTC; so is `-std=c++03`, which
/// NVRTC accepts but ptx_inject.h and this mode's prelude do not: an
/// InvalidArgument Error naming it.
Expected<NvrtcTranslation>
translateNvrtcOptions(const std::vector<std::string> &Options);

} // namespace frontend
} // namespace ptxinject

#endif
