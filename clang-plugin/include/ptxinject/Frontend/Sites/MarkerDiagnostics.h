//===- MarkerDiagnostics.h - Clang's errors on site markers --- -*- C++ -*-===//
//
// Some mistakes in a site are caught by Clang itself while it parses the
// marker code PTX_INJECT expands to, and Clang's words name the marker, not
// the site: a site at file scope is "a type specifier is required", an rvalue
// PTX_MOD/PTX_OUT operand is "cannot take the address of an rvalue". This
// diagnostic filter puts the front end's own message in their place, at the
// same location.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_FRONTEND_MARKERDIAGNOSTICS_H
#define PTXINJECT_FRONTEND_MARKERDIAGNOSTICS_H

namespace clang {
class DiagnosticsEngine;
class LangOptions;
} // namespace clang

namespace ptxinject {
namespace frontend {

/// Wraps Diags' client (keeping its ownership) so that Clang's errors on a
/// site's marker code read as errors about the site. Call once the client
/// that prints is in place, before parsing.
void restateMarkerErrors(clang::DiagnosticsEngine &Diags,
                         const clang::LangOptions &LangOpts);

} // namespace frontend
} // namespace ptxinject

#endif
