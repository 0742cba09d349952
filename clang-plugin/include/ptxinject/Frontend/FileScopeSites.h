//===- FileScopeSites.h - Clear errors for sites outside functions -*- C++ -*-===//
//
// A site written at file scope (`PTX_INJECT(...);` or a comment annotation
// between functions) reaches the parser as a declaration without a type, and
// Clang says "a type specifier is required". This diagnostic filter puts the
// front end's own message in its place, at the same location.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_FRONTEND_FILESCOPESITES_H
#define PTXINJECT_FRONTEND_FILESCOPESITES_H

namespace clang {
class DiagnosticsEngine;
} // namespace clang

namespace ptxinject {
namespace frontend {

/// Wraps Diags' client (keeping its ownership) so that Clang's missing-type
/// error on a site's marker call reads "inject site outside a function body".
/// Call once the client that prints is in place, before parsing.
void reportFileScopeSitesClearly(clang::DiagnosticsEngine &Diags);

} // namespace frontend
} // namespace ptxinject

#endif
