//===- PreludeLoadFailure.h - A cached PCH that does not load --*- C++ -*-===//
//
// The stamp of a cached prelude (PreludeCache.h) catches the usual ways a PCH
// goes stale or is damaged, but Clang may still refuse one it vouches for: a
// file damaged in place with its time restored, a Clang that reads the file
// differently. Clang then fails the parse with an AST-file error ("malformed
// block record in PCH file"), and every later run would fail the same way.
// This consumer, placed in front of the compile's own, adds a note after the
// first such error saying what to do, and drops the prelude's stamp and PCH
// so the next run rebuilds it.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_FRONTEND_PRELUDELOADFAILURE_H
#define PTXINJECT_FRONTEND_PRELUDELOADFAILURE_H

namespace clang {
class DiagnosticsEngine;
} // namespace clang

namespace ptxinject {
namespace frontend {

struct PreludeResult;

/// Watches Diags for an error reading Prelude's PCH (Reused or Built); a
/// no-op for any other result. Call before the PCH is loaded (when the AST
/// consumer is created).
void watchPreludeLoad(clang::DiagnosticsEngine &Diags,
                      const PreludeResult &Prelude);

} // namespace frontend
} // namespace ptxinject

#endif
