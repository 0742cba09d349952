//===- QuietHeaders.h - No warnings from library code --------- -*- C++ -*-===//
//
// Typing a site in a CuTe kernel instantiates thousands of library function
// templates (every `auto` function the kernel calls, recursively). For each
// instantiated body Sema runs its analysis-based warnings (-Wuninitialized,
// unreachable code, ...) and, for each warning it considers, looks up the
// diagnostic state at a location in the precompiled header: a binary search
// over the header's source locations. Together about 5 % of a warm rewrite.
// Those warnings belong to the compile of the rewritten file, not to its
// rewrite, and no type depends on them; the bodies of site-free headers are
// not even parsed by a rewrite (SiteFreeBodies), so their warnings were
// never all reported anyway.
//
// Two pieces, both for rewrites only (the plugin compiles, and keeps every
// warning), both as -w does it, errors kept:
//  - QuietPrecompiledHeaders: the diagnostic states of the precompiled
//    headers' locations are copies of the one current when the PCH is
//    loaded, so warnings are off while it loads and back on for the input.
//  - quietHeaderInstantiations: while Sema instantiates a function whose
//    pattern is in a site-free included file, warnings are off, so Sema
//    skips the analysis of that body; a function of the input file or of a
//    header with sites, even one instantiated from inside a library
//    template, has the warnings the command line asked for.
//  - quietSiteFreeHeaders: while the preprocessor is in a site-free
//    included file, warnings are off. A PCH leaves no header to parse; a
//    run without one (--no-pch-cache, a block whose headers hold sites)
//    parses them, and would report what a cached run never does: the same
//    input must give the same diagnostics either way (under the NVRTC mode
//    CCCL's own suppressions are NVRTC pragmas Clang ignores, and a
//    <cuda/std/tuple> raised 50 deprecation warnings).
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_FRONTEND_QUIETHEADERS_H
#define PTXINJECT_FRONTEND_QUIETHEADERS_H

namespace clang {
class DiagnosticsEngine;
class Preprocessor;
class Sema;
} // namespace clang

namespace ptxinject {
namespace frontend {

/// Construct before the PCH is loaded (in CreateASTConsumer); call loaded()
/// once it is (InitializeSema), before the input is parsed.
class QuietPrecompiledHeaders {
public:
  explicit QuietPrecompiledHeaders(clang::DiagnosticsEngine &Diags);
  void loaded(clang::DiagnosticsEngine &Diags) const;

private:
  bool UserIgnoresWarnings;
};

/// Installs the instantiation callback on S, before its parse and after the
/// PCH is loaded (QuietPrecompiledHeaders::loaded).
void quietHeaderInstantiations(clang::Sema &S);

/// Adds the preprocessor callback, before the input is parsed.
void quietSiteFreeHeaders(clang::Preprocessor &PP);

} // namespace frontend
} // namespace ptxinject

#endif
