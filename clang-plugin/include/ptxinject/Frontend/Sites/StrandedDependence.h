//===- StrandedDependence.h - Dependent types left behind ----- -*- C++ -*-===//
//
// Once a function template is instantiated, nothing in its body depends on a
// template parameter any more. If an expression there still has a dependent
// type, Clang went wrong without an error (as Clang 19 did reading CCCL's
// pack-indexing types back from a PCH): Sema leaves such an expression alone,
// so the calls in it instantiate nothing and the sites they lead to look as
// if their templates were never instantiated; a specialization whose
// signature came out dependent is never given a body at all. Finding the
// place turns that silent loss into a note.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_FRONTEND_STRANDEDDEPENDENCE_H
#define PTXINJECT_FRONTEND_STRANDEDDEPENDENCE_H

#include "clang/Basic/SourceLocation.h"

namespace clang {
class ASTContext;
class FunctionDecl;
} // namespace clang

namespace ptxinject {
namespace frontend {

struct StrandedDependence {
  clang::SourceLocation Loc;                     ///< invalid: none found
  const clang::FunctionDecl *Function = nullptr; ///< where it is
};

/// The first function of the main file, outside any dependent context (a
/// plain function, or an instantiation of a template), whose type is
/// dependent, or whose body holds a type-dependent expression (one without
/// errors): at the function, or at the expression. Generic lambdas and other
/// templates inside such bodies are not looked into.
StrandedDependence findStrandedDependence(clang::ASTContext &Ctx);

} // namespace frontend
} // namespace ptxinject

#endif
