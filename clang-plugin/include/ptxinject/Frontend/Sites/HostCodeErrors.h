//===- HostCodeErrors.h - Clang's errors in host-only code -----*- C++ -*-===//
//
// The rewrite reads the device side of a file, and nvcc, not Clang, compiles
// its host code: a host function calling max(int, unsigned), which CUDA's
// headers declare for nvcc and Clang's do not, is valid CUDA that Clang
// rejects. A host-only function never holds a site (a site there is an
// error), and its body is still parsed: a launch in main() is what
// instantiates a kernel template and so types its sites. So the body is
// parsed, and an error Clang raises inside it is passed on as a warning,
// the rest of the file rewritten as usual.
//
// Host-only: the innermost function being parsed or instantiated is neither
// __device__ nor __global__ (an implicitly __host__ __device__ one, such as
// a constexpr function, is not); a lambda without a written __device__ or
// __host__ counts as the function around it, as everywhere in the rewrite.
// Errors at file scope, in device code, and fatal ones (a header not found)
// are errors as before.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_FRONTEND_HOSTCODEERRORS_H
#define PTXINJECT_FRONTEND_HOSTCODEERRORS_H

#include "clang/Basic/Diagnostic.h"

#include <memory>

namespace clang {
class Sema;
} // namespace clang

namespace ptxinject {
namespace frontend {

/// Stands in front of a consumer and passes every diagnostic on, an error
/// raised in host-only code as a warning without its notes.
class HostCodeErrors : public clang::DiagnosticConsumer {
public:
  /// Wraps the client of Diags; owns it when Diags did.
  static HostCodeErrors &install(clang::DiagnosticsEngine &Diags);

  /// Sema tells which function is being parsed; none before it exists and
  /// after it is gone.
  void setSema(clang::Sema *S) { TheSema = S; }

  /// Errors passed on as warnings.
  unsigned demoted() const { return Demoted; }

  /// Whether every error the engine counted so far was passed on as a
  /// warning (none reached the consumer as an error).
  bool onlyDemotedErrors() const {
    return Demoted > 0 && Inner.getNumErrors() == 0;
  }

  void BeginSourceFile(const clang::LangOptions &LO,
                       const clang::Preprocessor *PP) override;
  void EndSourceFile() override;
  void finish() override;
  bool IncludeInDiagnosticCounts() const override;
  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override;

private:
  HostCodeErrors(clang::DiagnosticConsumer &Inner,
                 std::unique_ptr<clang::DiagnosticConsumer> Owned)
      : Inner(Inner), Owned(std::move(Owned)) {}

  bool inHostOnlyCode() const;

  clang::DiagnosticConsumer &Inner;
  std::unique_ptr<clang::DiagnosticConsumer> Owned;
  clang::Sema *TheSema = nullptr;
  unsigned Demoted = 0;
  bool DroppingNotes = false; ///< the notes of an error passed on as warning
};

} // namespace frontend
} // namespace ptxinject

#endif
