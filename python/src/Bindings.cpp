//===- Bindings.cpp - The ptxinject._core extension module ----------------===//
#include "Bindings.h"
#include "Errors.h"

#ifndef PTXINJECT_VERSION
#define PTXINJECT_VERSION "unknown"
#endif

NB_MODULE(_core, M) {
  M.doc() = "Native core of the ptxinject package (use the ptxinject package, "
            "not this).";
  M.attr("__version__") = PTXINJECT_VERSION;
  ptxinject::python::bindErrors(M);
  ptxinject::python::bindModule(M);
  ptxinject::python::bindStackPtx(M);
  ptxinject::python::bindVariation(M);
  ptxinject::python::bindAstPtx(M);
  ptxinject::python::bindVariants(M);
  ptxinject::python::bindVariantScreen(M);
  ptxinject::python::bindVariantFolder(M);
  ptxinject::python::bindDoctor(M);
}
