//===- StandInSiteAnalysis.h - Temporary site analysis for the plugin -----===//
//
// A minimal stand-in for the shared front-end analysis, used only until
// ptxinject_frontend is available.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_PLUGIN_STANDINSITEANALYSIS_H
#define PTXINJECT_PLUGIN_STANDINSITEANALYSIS_H

#include "ptxinject/AsmEmitter.h"
#include "ptxinject/Site.h"
#include "ptxinject/TypeTable.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

#include <optional>
#include <vector>

namespace ptxinject {
namespace frontend {

struct AnalyzedSite {
  Site S;
  std::vector<const clang::Expr *> OperandExprs;
  const clang::CallExpr *Call = nullptr;
  clang::SourceRange Range;
};

bool isSiteCall(const clang::CallExpr *Call);
std::optional<AnalyzedSite> analyzeSite(const clang::CallExpr *Call,
                                        clang::ASTContext &Ctx,
                                        const TypeTable &Types);

} // namespace frontend
} // namespace ptxinject

#endif
