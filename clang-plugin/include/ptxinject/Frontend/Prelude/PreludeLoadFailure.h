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
// Damage further in can make Clang crash instead of reporting it. Parses run
// under crash recovery: a crash with a cached PCH in use drops that PCH and
// parses the input again without it; any other crash is an error naming the
// input. Neither ends the process (the command's other inputs, the Python
// interpreter).
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_FRONTEND_PRELUDELOADFAILURE_H
#define PTXINJECT_FRONTEND_PRELUDELOADFAILURE_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

namespace clang {
class DiagnosticConsumer;
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

/// Runs Parse, a parse of Input with Prelude in use, under crash recovery.
/// When it crashes with Prelude's PCH in use (Reused or Built), removes that
/// PCH and its stamp, notes it on Diags and returns Reparse(), the same parse
/// without the cache. When it crashes otherwise, or Reparse crashes too,
/// reports an error naming Input on Diags and returns false. Otherwise
/// returns what Parse returned.
bool parseSurvivingCrash(const PreludeResult &Prelude, llvm::StringRef Input,
                         clang::DiagnosticConsumer *Diags,
                         llvm::function_ref<bool()> Parse,
                         llvm::function_ref<bool()> Reparse);

} // namespace frontend
} // namespace ptxinject

#endif
