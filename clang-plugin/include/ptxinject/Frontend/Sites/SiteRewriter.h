//===- SiteRewriter.h - Replace inject sites with inline asm -- -*- C++ -*-===//
//
// The source-to-source step of ptxinject-rewrite: finds every site of the main
// file (macro or comment form) in every template instantiation, and replaces
// its annotation with the asm statement of the marker contract, leaving every
// other byte unchanged and every following line at its line number.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_FRONTEND_SITEREWRITER_H
#define PTXINJECT_FRONTEND_SITEREWRITER_H

#include "ptxinject/Frontend/Sites/SiteManifestWriter.h"
#include "ptxinject/site/TypeTable.h"

#include "clang/AST/ASTContext.h"
#include "clang/Lex/Preprocessor.h"

#include <map>
#include <optional>
#include <string>

namespace ptxinject {
namespace frontend {

/// Whether emitted asm is `asm volatile`: a non-volatile site whose outputs
/// are unused is deleted by the optimizer, markers and all.
enum class VolatileMode { Always, Never };

struct RewriteOptions {
  const TypeTable *Types = &TypeTable::builtin();
  VolatileMode Volatile = VolatileMode::Always;
  /// The output is an NVRTC program: compiled for the device only (no site
  /// needs __PTX_INJECT_DEVICE_ONLY), its kernel templates instantiated by
  /// name expressions (what messages about uninstantiated sites advise).
  bool NvrtcProgram = false;
  /// The file's preprocessor, for type tokens declared in the source
  /// (InSourceTypes.h); without it only Types is consulted.
  clang::Preprocessor *PP = nullptr;
  /// Inject name -> PTX stub: every site of that inject gets the stub in
  /// place of its markers (AsmEmitter.h's bakeStub), so the output compiles
  /// to the variant with no runtime step.
  std::map<std::string, std::string> BakedStubs;
};

/// Rewrites the main file of Ctx. Reports problems through Ctx's diagnostics
/// and returns std::nullopt if there was any; otherwise the new text of the
/// main file, with one manifest entry per emitted site variant added to
/// Manifest.
std::optional<std::string> rewriteMainFile(clang::ASTContext &Ctx,
                                           const RewriteOptions &Options,
                                           SiteManifest &Manifest);

} // namespace frontend
} // namespace ptxinject

#endif
