//===- RewriteBindings.cpp - ptxinject.rewrite ----------------------------===//
//
// The rewriter on a string, in process, where the package was built with the
// Clang front end; elsewhere a clear error saying what to install.
//
//===----------------------------------------------------------------------===//
#include "Bindings.h"
#include "Errors.h"
#include "TextArg.h"

#ifdef PTXINJECT_PYTHON_HAVE_REWRITE
#include "RewriteBridge.h"
#endif

#include <nanobind/stl/map.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

namespace nb = nanobind;
using namespace nb::literals;

namespace ptxinject {
namespace python {

void bindRewrite(nb::module_ &M) {
#ifdef PTXINJECT_PYTHON_HAVE_REWRITE
  M.attr("HAVE_REWRITE") = true;
  M.def(
      "_rewrite",
      [](nb::handle Source, std::string FileName, std::vector<std::string> Args,
         std::string TypesJson, bool Volatile, std::string PchCacheDir,
         bool Nvrtc, std::vector<std::string> NameExpressions,
         std::map<std::string, std::string> Bake) {
        RewriteRequest R;
        R.Source = std::string(textOf(Source, "source"));
        R.FileName = std::move(FileName);
        R.Args = std::move(Args);
        R.TypesJson = std::move(TypesJson);
        R.Volatile = Volatile;
        R.PchCacheDir = std::move(PchCacheDir);
        R.Nvrtc = Nvrtc;
        R.NameExpressions = std::move(NameExpressions);
        R.BakedStubs = std::move(Bake);
        RewriteResult Out;
        {
          nb::gil_scoped_release Release;
          Out = rewriteSource(R);
        }
        return nb::make_tuple(Out.Ok, strOf(Out.Text), strOf(Out.Diagnostics),
                              Out.Injects);
      },
      "source"_a, "filename"_a, "args"_a, "types_json"_a, "volatile"_a,
      "pch_cache_dir"_a, "nvrtc"_a = false,
      "name_expressions"_a = std::vector<std::string>(),
      "bake"_a = std::map<std::string, std::string>(),
      "The engine behind ptxinject.rewrite (use that).");
#else
  M.attr("HAVE_REWRITE") = false;
#endif
}

} // namespace python
} // namespace ptxinject
