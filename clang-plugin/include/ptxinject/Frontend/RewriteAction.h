//===- RewriteAction.h - The rewrite of one source, in memory ---*- C++ -*-===//
//
// The front end's one rewrite flow: a source's text, the options it is
// compiled with and the mode that reads them go in; the rewritten text, its
// site manifest and Clang's messages come out. ptxinject-rewrite (files and
// --nvrtc), the Python package and the unit tests all call rewriteSource,
// which runs the one RewriteAction (SiteTyping.h's parse, then
// rewriteMainFile) on the text held in memory.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_FRONTEND_REWRITEACTION_H
#define PTXINJECT_FRONTEND_REWRITEACTION_H

#include "ptxinject/Frontend/Sites/SiteManifestWriter.h"
#include "ptxinject/Frontend/Sites/SiteRewriter.h"

#include <string>
#include <vector>

namespace ptxinject {
namespace frontend {

/// How a source's options are read.
enum class RewriteMode {
  /// As nvcc and Clang read a .cu file: Arguments is its compile command,
  /// driver name first and the source among its words (a compilation
  /// database's, with nvcc's flags already in Clang's spelling).
  Cuda,
  /// As NVRTC reads a program (NvrtcInvocation.h): Arguments are NVRTC's
  /// options as its user writes them.
  Nvrtc,
};

struct RewriteRequest {
  RewriteMode Mode = RewriteMode::Cuda;
  std::string Source;                 ///< the text; never read from disk
  std::string Path = "program.cu";    ///< its name: quoted includes, messages
  std::vector<std::string> Arguments; ///< see RewriteMode
  /// Cuda: the folder the command's relative paths start from (empty: the
  /// process's).
  std::string WorkingDirectory;
  std::vector<std::string> NameExpressions; ///< Nvrtc: nvrtcAddNameExpression
  RewriteOptions Rewrite;                   ///< its PP is set by the parse
  const char *Argv0 = nullptr; ///< to find installed files; may be null
  bool UsePchCache = true;     ///< reuse precompiled CUDA headers
  std::string PchCacheDir;     ///< empty: defaultPreludeCacheDir()
  /// Parse every function body of the included files and keep every
  /// instantiation (slower; the output is the same): see SiteTyping.h.
  bool ParseAllBodies = false;
};

/// A rewrite's outcome, as a compiler run's: its log (Diagnostics) is part
/// of the result whether it succeeded or not, as NVRTC's program log is, so
/// this is a result with a flag rather than an Expected, whose failure would
/// drop the warnings of a success. Library calls under it (the option
/// translation, the type table, the cache) report through Error.
struct RewriteResult {
  bool Ok = false;
  std::string Text;      ///< the rewritten source (Ok)
  SiteManifest Manifest; ///< one entry per emitted site variant (Ok)
  /// Clang's messages as it prints them ("N errors generated" included),
  /// notes on NVRTC's options first.
  std::string Diagnostics;
  /// What the cache of precompiled headers did (describePrelude), when the
  /// parse used it; empty otherwise.
  std::string PreludeReport;
  /// Nvrtc: an option NVRTC rejects; nothing was parsed.
  bool BadOptions = false;
};

/// Rewrites Request.Source. Writes no file except the PCH cache;
/// thread-safe.
RewriteResult rewriteSource(const RewriteRequest &Request);

} // namespace frontend
} // namespace ptxinject

#endif
