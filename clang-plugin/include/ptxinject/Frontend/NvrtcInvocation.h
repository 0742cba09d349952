//===- NvrtcInvocation.h - Read a source as NVRTC reads it ------*- C++ -*-===//
//
// The nvrtc mode of the rewriter: sources written for NVRTC (no host C++
// library, __CUDACC_RTC__, -default-device, kernel templates instantiated only
// by name expressions) parsed by Clang in that same world, from NVRTC's own
// option spellings, and rewritten from text in memory: no file on disk is
// needed, so the Python package can call it in-process.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_FRONTEND_NVRTCINVOCATION_H
#define PTXINJECT_FRONTEND_NVRTCINVOCATION_H

#include "ptxinject/Frontend/SiteManifest.h"
#include "ptxinject/Frontend/SiteRewriter.h"

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
  bool DefaultDevice = false;         ///< -default-device was given
  bool NoSourceInclude = false;       ///< --no-source-include was given
  std::vector<std::string> Notes;     ///< options ignored, one line each
  std::string Error;                  ///< non-empty: an option NVRTC rejects
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
/// NVRTC accepts but ptx_inject.h and this mode's prelude do not.
NvrtcTranslation translateNvrtcOptions(const std::vector<std::string> &Options);

/// The folder with the stand-ins for host headers and the prelude of the
/// nvrtc mode: $PTXINJECT_NVRTC_SHIM_DIR, the installed
/// share/ptxinject/nvrtc-shim next to the tool (the build tree has one too).
std::string findNvrtcShimDir(const char *Argv0);

/// The complete Clang command line (driver name first, source last) that
/// parses SourcePath as NVRTC would with Options.
std::vector<std::string> nvrtcClangCommandLine(const char *Argv0,
                                               const NvrtcTranslation &Options,
                                               const std::string &SourcePath);

/// The text appended to the source so that each name expression is
/// instantiated, as nvrtcAddNameExpression does: one variable initialized
/// from the expression, in a file of its own named by `#line`, so an error
/// in it is reported at `name expression N:1:COLUMN`.
std::string nameExpressionSuffix(const std::vector<std::string> &Expressions);

struct NvrtcRewriteRequest {
  std::string Source;                       ///< the program text
  std::string Name = "program.cu";          ///< its name in diagnostics
  std::vector<std::string> Options;         ///< NVRTC options, as written
  std::vector<std::string> NameExpressions; ///< as nvrtcAddNameExpression
  RewriteOptions Rewrite;
  const char *Argv0 = nullptr; ///< to find installed files; may be null
  bool UsePchCache = true;     ///< reuse precompiled CUDA headers
  std::string PchCacheDir;     ///< empty: defaultPreludeCacheDir()
  bool ReportPchCache = false; ///< say in Diagnostics what the cache did
  /// Parse every function body of the included files and keep every
  /// instantiation (slower; the output is the same): see SiteTyping.h.
  bool ParseAllBodies = false;
};

struct NvrtcRewriteResult {
  bool Ok = false;
  std::string Text;        ///< the rewritten source (Ok)
  std::string Diagnostics; ///< Clang's messages, notes on options first
  SiteManifest Manifest;   ///< one entry per emitted site variant (Ok)
};

/// Rewrites Request.Source as NVRTC would read it. Quoted includes resolve
/// against the working folder, as NVRTC resolves them for a program with no
/// path. Never writes a file except the PCH cache.
NvrtcRewriteResult rewriteNvrtcSource(const NvrtcRewriteRequest &Request);

} // namespace frontend
} // namespace ptxinject

#endif
