//===- Bindings.h - The parts of the ptxinject._core extension --*- C++ -*-===//
#ifndef PTXINJECT_PYTHON_BINDINGS_H
#define PTXINJECT_PYTHON_BINDINGS_H

#include "ptxinject/stackptx/StackPtx.h"

#include <nanobind/nanobind.h>

namespace ptxinject {
namespace python {

void bindModule(nanobind::module_ &M); // Module, Inject, Operand
void bindStackPtx(
    nanobind::module_ &M); // InstructionSet, StackCompiler, interpreter
/// InstructionSet's constructors from the reference's enums (compat layer).
void bindReferenceSet(nanobind::module_ &M,
                      nanobind::class_<stackptx::InstructionSet> &Set);
void bindVariation(nanobind::module_ &M);     // Stack PTX variation operators
void bindAstPtx(nanobind::module_ &M);        // AST PTX compile and interpret
void bindVariants(nanobind::module_ &M);      // compile_variants engine
void bindVariantFolder(nanobind::module_ &M); // program files, output folder
void bindVariantScreen(
    nanobind::module_ &M); // duplicates and cache hits for the cluster driver
void bindDoctor(nanobind::module_ &M); // what the machine has

} // namespace python
} // namespace ptxinject

#endif
