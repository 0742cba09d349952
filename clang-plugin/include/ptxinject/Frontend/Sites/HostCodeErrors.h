//===- HostCodeErrors.h - Clang's errors in host-only code -----*- C++ -*-===//
//
// The rewrite reads the device side of a file, and nvcc, not Clang, compiles
// its host code: a host function calling max(int, unsigned), which CUDA's
// headers declare for nvcc and Clang's do not, is valid CUDA that Clang
// rejects. A host-only function never holds a site (a site there is an
// error), and its body is still parsed: a launch in main() is what
// instantiates a kernel template and so types its sites. So the body is
// parsed, and an error Clang raises inside it is passed on as a warning,
// without its notes, the rest of the file rewritten as usual.
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

#include "ptxinject/Frontend/Invocation/WrappingDiagnosticConsumer.h"

namespace clang {
class Sema;
} // namespace clang

namespace ptxinject {
namespace frontend {

class HostCodeErrors : public WrappingDiagnosticConsumer {
public:
  explicit HostCodeErrors(const clang::DiagnosticsEngine &Diags)
      : Diags(Diags) {}

  /// Sema tells which function is being parsed; none before it exists and
  /// after it is gone.
  void setSema(clang::Sema *S) { TheSema = S; }

  /// Errors passed on as warnings.
  unsigned demoted() const { return Demoted; }

  /// Whether every error the engine counted was passed on as a warning.
  bool onlyDemotedErrors() const {
    return Demoted > 0 && Diags.getNumErrors() == Demoted;
  }

  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override;

private:
  bool inHostOnlyCode() const;

  const clang::DiagnosticsEngine &Diags;
  clang::Sema *TheSema = nullptr;
  unsigned Demoted = 0;
  bool DroppingNotes = false; ///< the notes of an error passed on as warning
};

} // namespace frontend
} // namespace ptxinject

#endif
