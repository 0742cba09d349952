//===- RewriteBridge.cpp - The rewriter in process on a string ------------===//
//
// The Python package's request in the front end's terms: the rewrite is
// ptxinject-rewrite's own (RewriteAction.h), on the text in memory, with the
// diagnostics collected as text instead of printed.
//
//===----------------------------------------------------------------------===//
#include "RewriteBridge.h"

#include "ptxinject/Frontend/RewriteAction.h"

namespace ptxinject {
namespace python {

RewriteResult rewriteSource(const RewriteRequest &R) {
  RewriteResult Result;
  TypeTable Types = TypeTable::builtin();
  if (!R.TypesJson.empty()) {
    if (Error E = Types.addFromJson(R.TypesJson)) {
      Result.Diagnostics = "types: " + E.located();
      return Result;
    }
  }
  frontend::RewriteRequest Req;
  Req.Source = R.Source;
  Req.Path = R.FileName;
  if (R.Nvrtc) {
    Req.Mode = frontend::RewriteMode::Nvrtc;
    Req.Arguments = R.Args;
    Req.NameExpressions = R.NameExpressions;
  } else {
    // The command line ptxinject-rewrite's compilation database gives a
    // file: tool name, the user's flags, the file.
    Req.Mode = frontend::RewriteMode::Cuda;
    Req.Arguments.push_back("ptxinject-rewrite");
    Req.Arguments.insert(Req.Arguments.end(), R.Args.begin(), R.Args.end());
    Req.Arguments.push_back(R.FileName);
  }
  Req.Rewrite.Types = &Types;
  Req.Rewrite.Volatile = R.Volatile ? frontend::VolatileMode::Always
                                    : frontend::VolatileMode::Never;
  Req.UsePchCache = !R.PchCacheDir.empty();
  Req.PchCacheDir = R.PchCacheDir;
  Req.Rewrite.BakedStubs = R.BakedStubs;
  frontend::RewriteResult Out = frontend::rewriteSource(Req);
  Result.Ok = Out.Ok;
  for (const frontend::ManifestEntry &E : Out.Manifest.entries())
    Result.Injects.push_back(E.S.Name);
  Result.Text = std::move(Out.Text);
  Result.Diagnostics = std::move(Out.Diagnostics);
  return Result;
}

} // namespace python
} // namespace ptxinject
