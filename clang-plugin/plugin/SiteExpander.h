//===- SiteExpander.h - Replaces marker calls with inline asm ---*- C++ -*-===//
//
// Walks function bodies as the compiler hands them over (before code
// generation) and swaps every PTX_INJECT marker call statement for the
// inline asm of the marker contract, typed for that very instantiation.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_PLUGIN_SITEEXPANDER_H
#define PTXINJECT_PLUGIN_SITEEXPANDER_H

#include "AsmStmtBuilder.h"
#include "PluginOptions.h"
#include "ptxinject/Frontend/Sites/SiteAnalysis.h"

#include "clang/AST/Decl.h"
#include "llvm/ADT/DenseSet.h"

#include <vector>

namespace ptxinject {
namespace plugin {

class SiteExpander {
public:
  SiteExpander(clang::Sema &S, clang::Preprocessor &PP,
               const PluginOptions &Opts, const TypeTable &Types);

  /// Expands the sites of every function defined in D (nested classes,
  /// namespaces, lambdas and local classes included).
  void expandDecl(clang::Decl *D);

  /// Expands anything not yet seen and reports marker calls that cannot be
  /// expanded; run once the translation unit is complete.
  void sweep(clang::TranslationUnitDecl *TU);

  /// Every site expanded so far, in expansion order (for the manifest).
  const std::vector<frontend::AnalyzedSite> &expandedSites() const {
    return Expanded;
  }

private:
  /// Whether the site marker has been referenced yet. Until it has, no body
  /// can hold a site: the CUDA headers, parsed before any user code, are
  /// passed over without a walk.
  bool markerReferenced();
  void expandFunction(clang::FunctionDecl *FD);
  void expandIn(clang::Stmt *S, clang::DeclContext *DC);
  /// Returns the statement to keep in a statement slot: the replacement asm
  /// when Child is a site call, else Child (after expanding inside it).
  clang::Stmt *expandSlot(clang::Stmt *Child, clang::DeclContext *DC);
  clang::Stmt *expandSite(const clang::CallExpr *Call, clang::DeclContext *DC);
  void reportNotAStatement(const clang::CallExpr *Call);
  void noteInstantiation();

  clang::Sema &S;
  clang::Preprocessor &PP;
  const PluginOptions &Opts;
  const TypeTable &Types;
  AsmStmtBuilder Builder;
  /// The function whose body is being walked, for instantiation notes.
  clang::FunctionDecl *CurrentFunction = nullptr;
  const clang::FunctionDecl *Marker = nullptr;
  bool MarkerSeen = false;
  llvm::DenseSet<const clang::FunctionDecl *> Walked;
  llvm::DenseSet<const clang::CallExpr *> Reported;
  std::vector<frontend::AnalyzedSite> Expanded;
};

} // namespace plugin
} // namespace ptxinject

#endif
