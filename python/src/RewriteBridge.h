//===- RewriteBridge.h - The rewriter in process, in plain C++ --*- C++ -*-===//
//
// The Clang side of ptxinject.rewrite, behind an interface of standard types
// only: Clang is built without RTTI and nanobind needs it, so the two never
// meet in one translation unit.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_PYTHON_REWRITEBRIDGE_H
#define PTXINJECT_PYTHON_REWRITEBRIDGE_H

#include <map>
#include <string>
#include <vector>

namespace ptxinject {
namespace python {

struct RewriteRequest {
  std::string Source; ///< the CUDA text; never read from disk
  std::string
      FileName; ///< absolute path it is given (for #include "..." and messages)
  std::vector<std::string>
      Args;                ///< compiler flags: -I, -D, --cuda-gpu-arch=...
  std::string TypesJson;   ///< extra types (data_type_infos format), or empty
  bool Volatile = true;    ///< emit asm volatile
  std::string PchCacheDir; ///< precompiled CUDA headers; empty: no cache
  bool Nvrtc = false;      ///< read as NVRTC does; Args are NVRTC options
  std::vector<std::string>
      NameExpressions; ///< nvrtc mode: templates to instantiate
  /// Inject name -> stub baked into its sites in place of the markers.
  std::map<std::string, std::string> BakedStubs;
};

struct RewriteResult {
  bool Ok = false;
  std::string Text;        ///< the rewritten source (when Ok)
  std::string Diagnostics; ///< Clang's messages, "file:line:col: error: ..."
  std::vector<std::string> Injects; ///< names of the sites rewritten (Ok)
};

/// Runs the rewriter on Request.Source. Thread-safe.
RewriteResult rewriteSource(const RewriteRequest &Request);

} // namespace python
} // namespace ptxinject

#endif
