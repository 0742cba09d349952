//===- HostCodeErrors.cpp - Clang's errors in host-only code --------------===//
#include "ptxinject/Frontend/Sites/HostCodeErrors.h"

#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Sema/Sema.h"

using namespace clang;

namespace ptxinject {
namespace frontend {

namespace {

/// A lambda whose __host__ / __device__ are Clang's, not written: it is
/// code of the function around it.
bool isUnmarkedLambda(const FunctionDecl *FD) {
  const auto *M = dyn_cast<CXXMethodDecl>(FD);
  if (!M || !M->getParent()->isLambda())
    return false;
  for (const Attr *A : M->attrs())
    if ((isa<CUDADeviceAttr>(A) || isa<CUDAHostAttr>(A)) && !A->isImplicit())
      return false;
  return true;
}

} // namespace

bool HostCodeErrors::inHostOnlyCode() const {
  if (!TheSema)
    return false;
  for (const DeclContext *DC = TheSema->CurContext; DC; DC = DC->getParent()) {
    const auto *FD = dyn_cast<FunctionDecl>(DC);
    if (!FD) {
      // A block, a local class: look further out. A namespace or the
      // translation unit: file scope.
      if (DC->isFileContext())
        return false;
      continue;
    }
    if (isUnmarkedLambda(FD))
      continue;
    return !FD->hasAttr<CUDADeviceAttr>() && !FD->hasAttr<CUDAGlobalAttr>();
  }
  return false;
}

void HostCodeErrors::HandleDiagnostic(DiagnosticsEngine::Level Level,
                                      const Diagnostic &Info) {
  if (Level == DiagnosticsEngine::Note && DroppingNotes)
    return;
  DroppingNotes = false;
  if (Level == DiagnosticsEngine::Error && inHostOnlyCode()) {
    Level = DiagnosticsEngine::Warning;
    ++Demoted;
    // Its notes explain Clang's view of host code (the overloads it
    // tried), which nvcc does not share.
    DroppingNotes = true;
  }
  Inner->HandleDiagnostic(Level, Info);
  syncCounts();
}

} // namespace frontend
} // namespace ptxinject
