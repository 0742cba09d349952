//===- ForeignMarkerHeader.h - Another project's ptx_inject.h - -*- C++ -*-===//
//
// The reference system's header is also named ptx_inject.h, and a program
// built for it passes its include folder (mm-kermac passes
// mm_ptx.get_include_dir()). Found first, that header defines PTX_INJECT
// its own way: typed sites expand to its asm, which the rewriter never sees
// (the output is the input, without a word), and untyped ones fail deep in
// its macros. A warning names the header that defined PTX_INJECT instead,
// at the input's #include that brought it in.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_FRONTEND_FOREIGNMARKERHEADER_H
#define PTXINJECT_FRONTEND_FOREIGNMARKERHEADER_H

namespace clang {
class Preprocessor;
} // namespace clang

namespace ptxinject {
namespace frontend {

struct PreludeResult;

/// Adds the check of PTX_INJECT's definition while headers are parsed,
/// before the input is.
void warnOnForeignMarkerHeader(clang::Preprocessor &PP);

/// The same check for a PTX_INJECT read from Prelude's PCH, once it is
/// loaded (an include of its block is reported at the input's).
void checkPrecompiledMarkerHeader(clang::Preprocessor &PP,
                                  const PreludeResult &Prelude);

} // namespace frontend
} // namespace ptxinject

#endif
