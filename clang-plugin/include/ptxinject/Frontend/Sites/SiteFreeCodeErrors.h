//===- SiteFreeCodeErrors.h - Clang's errors in code without sites -*- C++
//-*-===//
//
// The rewrite needs Clang's view of the functions that hold sites and of
// what their types come from; nvcc, not Clang, compiles the file. Clang 19
// rejects valid CUDA that nvcc accepts: host calls such as max(int,
// unsigned), which CUDA's headers declare for nvcc and Clang's do not, and
// device features Clang lacks (dynamic parallelism, a __shared__ variable
// with a constructor, alignas after __shared__, `%globaltimer` written with
// one `%` in inline asm). So an error Clang raises inside a function that
// holds no site is passed on as a warning, without its notes, and the file
// is rewritten as usual; the body is still parsed (a launch in main() is
// what instantiates a kernel template, and so types its sites).
//
// Host-only code (the innermost function neither __device__ nor
// __global__; a lambda without a written __device__ or __host__ counts as
// the function around it, as everywhere in the rewrite) never holds a site:
// its errors are passed on at once. An error in device code waits for the
// end of the parse, when the function's whole body is known: if its text
// spells PTX_INJECT, or holds the expansion of a macro that does, the error
// stays an error, with a note that typed sites need no front end. The
// known limits above are warnings even there, with a note on what Clang
// lacks: Clang drops the statement or attribute it refuses, and the
// declarations a site is typed from stay as they are (unless Clang gives up
// on the site's function for it: an instantiation whose body uses what Clang
// refused loses the body). Errors at file scope, the preprocessor's (#error,
// a header not found) and the tool's own are errors as before. An error in
// a template nothing instantiates (the outermost template around the
// function has no specialization) is a warning even in a site's function,
// with a note: nvcc does not check such a body, and a .cu file that another
// includes may use names only the includer declares.
//
// One error is the rewrite's own doing and is not printed: a function used
// but not defined whose body was skipped (SiteFreeBodies.h), such as a
// header template instantiated over a lambda of the input.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_FRONTEND_SITEFREECODEERRORS_H
#define PTXINJECT_FRONTEND_SITEFREECODEERRORS_H

#include "ptxinject/Frontend/Invocation/WrappingDiagnosticConsumer.h"

#include "clang/Basic/SourceLocation.h"

#include <vector>

namespace clang {
class FunctionDecl;
class Preprocessor;
class Sema;
} // namespace clang

namespace ptxinject {
namespace frontend {

class SiteFreeCodeErrors : public WrappingDiagnosticConsumer {
public:
  explicit SiteFreeCodeErrors(clang::DiagnosticsEngine &Diags) : Diags(Diags) {}

  /// Records where PTX_INJECT is expanded, so a site written through a
  /// macro of the user's counts for the function that holds it.
  void watch(clang::Preprocessor &PP);

  /// Sema tells which function is being parsed; none before it exists and
  /// after it is gone.
  void setSema(clang::Sema *S) { TheSema = S; }

  /// Passes on the errors held back from device code, once the parse is
  /// done: as warnings for functions without a site, as errors otherwise.
  void settle();

  /// Errors passed on as warnings, in host and in device code.
  unsigned demotedInHostCode() const { return DemotedHost; }
  unsigned demotedInDeviceCode() const { return DemotedDevice; }

  /// Whether every error the engine counted was passed on as a warning.
  bool onlyDemotedErrors() const {
    unsigned Demoted = DemotedHost + DemotedDevice + Absorbed;
    return Demoted > 0 && Diags.getNumErrors() == Demoted;
  }

  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override;
  void EndSourceFile() override;

private:
  /// An error of device code, with its notes, and the function it is in.
  struct HeldError {
    const clang::FunctionDecl *Function;
    std::vector<clang::StoredDiagnostic> Parts;
  };

  const clang::FunctionDecl *innermostFunction() const;
  bool holdsSite(const clang::FunctionDecl *FD) const;
  void replay(const HeldError &E, bool AsError, llvm::StringRef Limit);

  clang::DiagnosticsEngine &Diags;
  clang::Sema *TheSema = nullptr;
  unsigned DemotedHost = 0;
  unsigned DemotedDevice = 0;
  /// "Used but not defined" for a function whose body the rewrite skipped:
  /// not printed at all.
  unsigned Absorbed = 0;
  bool DroppingNotes = false; ///< the notes of an error passed on as warning
  bool HoldingNotes = false;  ///< the notes of an error held back
  bool Replaying = false;
  std::vector<HeldError> Held;
  std::vector<clang::SourceLocation> SiteExpansions;
};

} // namespace frontend
} // namespace ptxinject

#endif
