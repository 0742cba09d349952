//===- AstPtxBindings.cpp - AST PTX compile and interpret -----------------===//
//
// AST PTX programs are 8-byte words like Stack PTX ones (kind, reserved,
// index, payload), given as a uint64 NumPy array or a list of ints; the
// instruction enums are those of the built-in f32 table.
//
//===----------------------------------------------------------------------===//
#include "Bindings.h"
#include "Errors.h"
#include "ProgramArg.h"
#include "TextArg.h"

#include "ptxinject/astptx/AstPtx.h"

#include <nanobind/stl/string.h>
#include <nanobind/stl/string_view.h>
#include <nanobind/stl/vector.h>

#include <cstring>

namespace nb = nanobind;
using namespace nb::literals;

namespace ptxinject {
namespace python {

namespace {

astptx::Program toAstProgram(nb::handle Obj,
                             std::vector<AstPtxFastInstruction> &Storage) {
  const uint64_t *Data;
  size_t Rows, Cols;
  if (wordsOfArray(Obj, Data, Rows, Cols)) {
    if (Rows != 1)
      throw nb::type_error("an AST PTX program is a 1-dimensional array");
    return astptx::Program(
        reinterpret_cast<const AstPtxFastInstruction *>(Data), Cols);
  }
  nb::object Seq = nb::steal(PySequence_Fast(
      Obj.ptr(), "an AST PTX program is a uint64 array or a list of ints"));
  if (!Seq.is_valid())
    throw nb::python_error();
  Py_ssize_t N = PySequence_Fast_GET_SIZE(Seq.ptr());
  Storage.resize((size_t)N);
  for (Py_ssize_t I = 0; I < N; ++I) {
    unsigned long long W =
        PyLong_AsUnsignedLongLongMask(PySequence_Fast_ITEMS(Seq.ptr())[I]);
    if (W == (unsigned long long)-1 && PyErr_Occurred()) {
      PyErr_Clear();
      throw nb::type_error("an AST PTX program's instructions are ints");
    }
    std::memcpy(&Storage[(size_t)I], &W, 8);
  }
  return astptx::Program(Storage.data(), Storage.size());
}

struct Routines {
  std::vector<std::vector<AstPtxFastInstruction>> Storage;
  std::vector<astptx::Program> Spans;
  explicit Routines(nb::handle Obj) {
    if (Obj.is_none())
      return;
    Storage.resize(nb::len(Obj));
    size_t I = 0;
    for (nb::handle R : Obj) {
      Spans.push_back(toAstProgram(R, Storage[I]));
      ++I;
    }
  }
};

[[noreturn]] void fail(AstPtxFastResult R, const std::string &Message) {
  throw BindingError(
      "ast-ptx", Message.empty() ? ast_ptx_fast_result_to_string(R) : Message);
}

} // namespace

void bindAstPtx(nb::module_ &M) {
  M.def(
      "ast_instructions",
      []() {
        const astptx::InstructionTable &T = astptx::builtinInstructions();
        nb::list L;
        for (size_t I = 0; I < T.Names.size(); ++I)
          L.append(nb::make_tuple(nb::str(T.Names[I]), T.NumArgs[I]));
        return L;
      },
      "The AST PTX instruction enums: (opcode, arity) in index order.");
  M.def(
      "ast_compile",
      [](nb::handle Prog, std::string_view Output,
         std::vector<std::string> Inputs, nb::handle RoutineArg) {
        std::vector<AstPtxFastInstruction> Storage;
        astptx::Program P = toAstProgram(Prog, Storage);
        Routines R(RoutineArg);
        std::vector<const char *> Names;
        for (const std::string &S : Inputs)
          Names.push_back(S.c_str());
        std::string Out, Message;
        AstPtxFastResult Res;
        {
          nb::gil_scoped_release Release;
          Res = astptx::compile(Output, Names, astptx::builtinInstructions(),
                                R.Spans, P, Out, &Message);
        }
        if (Res != AST_PTX_FAST_SUCCESS)
          fail(Res, Message);
        return Out;
      },
      "program"_a, "output"_a, "inputs"_a, "routines"_a.none() = nb::none(),
      "Compiles an AST PTX program into a stub that moves its value into "
      "%output.");
  M.def(
      "ast_interpret",
      [](nb::handle Prog, std::vector<float> Inputs, nb::handle RoutineArg) {
        std::vector<AstPtxFastInstruction> Storage;
        astptx::Program P = toAstProgram(Prog, Storage);
        Routines R(RoutineArg);
        float Result = 0;
        std::string Message;
        AstPtxFastResult Res =
            astptx::interpret(Inputs, astptx::builtinInstructions(), R.Spans, P,
                              Result, &Message);
        if (Res != AST_PTX_FAST_SUCCESS)
          fail(Res, Message);
        return Result;
      },
      "program"_a, "inputs"_a, "routines"_a.none() = nb::none(),
      "Evaluates an AST PTX program in single precision on the CPU.");
}

} // namespace python
} // namespace ptxinject
