//===- RewriteBindings.cpp - The ptxinject._rewrite extension module ------===//
//
// The rewriter on a string, in process. A module of its own, the only one
// that links Clang's libraries: ptxinject._core imports without them, and
// ptxinject.rewrite loads this on first use (python/ptxinject/frontend.py
// says what is missing when it cannot).
//
//===----------------------------------------------------------------------===//
#include "RewriteBridge.h"
#include "TextArg.h"

#include <nanobind/stl/map.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

namespace nb = nanobind;
using namespace nb::literals;
using namespace ptxinject::python;

NB_MODULE(_rewrite, M) {
  M.doc() = "The Clang front end of the ptxinject package (use "
            "ptxinject.rewrite, not this).";
  M.def(
      "rewrite",
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
}
