//===- ProgramArg.cpp - Programs and registers from Python objects --------===//
#include "ProgramArg.h"
#include "Errors.h"
#include "TextArg.h"

#include "ptxinject/site/RegisterName.h"
#include "ptxinject/stackptx/Text.h"

#include <cstring>

namespace nb = nanobind;

namespace ptxinject {
namespace python {

void RegisterList::build() {
  for (size_t I = 0; I < Names.size(); ++I)
    Registers[I].name = Names[I].c_str();
}

static size_t stackTypeIndex(nb::handle T,
                             const stackptx::InstructionSet &Set) {
  if (PyLong_Check(T.ptr())) {
    long long I = PyLong_AsLongLong(T.ptr());
    if (I < 0 || (size_t)I >= Set.info().num_stack_types)
      throw BindingError("invalid-register", "stack type index " +
                                                 std::to_string(I) +
                                                 " is out of range");
    return (size_t)I;
  }
  std::string_view Name = textOf(T, "a stack type");
  int I = Set.findStackType(Name);
  if (I < 0)
    throw BindingError("invalid-register",
                       "unknown stack type '" + std::string(Name) +
                           "' (see InstructionSet.stack_types)");
  return (size_t)I;
}

RegisterList toRegisters(nb::handle Seq, const stackptx::InstructionSet &Set) {
  RegisterList R;
  nb::object Outer = nb::steal(PySequence_Fast(
      Seq.ptr(), "registers must be a sequence of (name, stack type) pairs"));
  if (!Outer.is_valid())
    throw nb::python_error();
  Py_ssize_t N = PySequence_Fast_GET_SIZE(Outer.ptr());
  R.Names.reserve((size_t)N);
  R.Registers.reserve((size_t)N);
  for (Py_ssize_t I = 0; I < N; ++I) {
    PyObject *Item = PySequence_Fast_ITEMS(Outer.ptr())[I];
    nb::object Pair = nb::steal(
        PySequence_Fast(Item, "a register is a (name, stack type) pair"));
    if (!Pair.is_valid() || PySequence_Fast_GET_SIZE(Pair.ptr()) != 2) {
      PyErr_Clear();
      throw nb::type_error("a register is a (name, stack type) pair");
    }
    PyObject **Fields = PySequence_Fast_ITEMS(Pair.ptr());
    std::string_view Name = textOf(Fields[0], "a register name");
    // Checked once, here, so the compile loop never sees a name it would
    // write as %%x.
    if (!isBareRegisterName(Name))
      throw BindingError("invalid-register", "register " + std::to_string(I) +
                                                 ": " +
                                                 bareRegisterNameError(Name));
    R.Names.emplace_back(Name);
    R.Registers.push_back(
        StackPtxFastRegister{nullptr, stackTypeIndex(Fields[1], Set)});
  }
  R.build();
  return R;
}

std::vector<size_t> toRequests(nb::handle Seq, const RegisterList &Regs) {
  std::vector<size_t> Out;
  for (nb::handle Item : Seq) {
    if (PyLong_Check(Item.ptr())) {
      long long I = PyLong_AsLongLong(Item.ptr());
      if (I < 0 || (size_t)I >= Regs.Names.size())
        throw BindingError("invalid-register",
                           "request " + std::to_string(I) +
                               " names no register (there are " +
                               std::to_string(Regs.Names.size()) + ")");
      Out.push_back((size_t)I);
      continue;
    }
    std::string_view Name = textOf(Item, "a request");
    size_t I = 0;
    while (I < Regs.Names.size() && Regs.Names[I] != Name)
      ++I;
    if (I == Regs.Names.size())
      throw BindingError("invalid-register", "request '" + std::string(Name) +
                                                 "' names no register");
    Out.push_back(I);
  }
  return Out;
}

bool wordsOfArray(nb::handle Obj, const uint64_t *&Data, size_t &Rows,
                  size_t &Cols) {
  PyObject *P = Obj.ptr();
  // Text is a program in the text form, not an array of words.
  if (PyUnicode_Check(P) || PyBytes_Check(P) || PyByteArray_Check(P) ||
      !PyObject_CheckBuffer(P))
    return false;
  // The buffer protocol: a few calls, where a DLPack conversion costs
  // microseconds.
  Py_buffer View;
  if (PyObject_GetBuffer(P, &View, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) != 0) {
    PyErr_Clear();
    throw nb::type_error(
        "an instruction array must be C-contiguous and on the CPU");
  }
  struct Release {
    Py_buffer *V;
    ~Release() { PyBuffer_Release(V); }
  } Releaser{&View};
  const char *Format = View.format ? View.format : "B";
  if (*Format == '<' || *Format == '=' || *Format == '@')
    ++Format;
  bool Words = View.itemsize == 8 && Format[0] && !Format[1] &&
               std::strchr("QqLl", Format[0]) != nullptr;
  if (!Words)
    throw nb::type_error(
        "an instruction array must have dtype uint64 (8-byte words)");
  if (View.ndim == 1) {
    Rows = 1;
    Cols = (size_t)View.shape[0];
  } else if (View.ndim == 2) {
    Rows = (size_t)View.shape[0];
    Cols = (size_t)View.shape[1];
  } else {
    throw nb::type_error(
        "an instruction array has 1 dimension (or 2 for a batch)");
  }
  // Valid while the caller holds Obj (arrays cannot be resized while
  // referenced).
  Data = static_cast<const uint64_t *>(View.buf);
  return true;
}

stackptx::Program toProgram(nb::handle Obj, const stackptx::InstructionSet &Set,
                            const RegisterList &Regs,
                            std::vector<StackPtxFastInstruction> &Storage) {
  static_assert(sizeof(StackPtxFastInstruction) == sizeof(uint64_t),
                "8-byte words");
  PyObject *P = Obj.ptr();
  if (PyUnicode_Check(P) || PyBytes_Check(P)) {
    if (Error Err = stackptx::parseProgram(textOf(Obj, "a program"), Set,
                                           Regs.Registers, Storage))
      throw BindingError("invalid-program", Err.Message, Err.Line, Err.Column);
    return stackptx::Program(Storage.data(), Storage.size());
  }
  const uint64_t *Data;
  size_t Rows, Cols;
  if (wordsOfArray(Obj, Data, Rows, Cols)) {
    if (Rows != 1)
      throw nb::type_error(
          "one program is a 1-dimensional array (use compile_batch for 2)");
    return stackptx::Program(
        reinterpret_cast<const StackPtxFastInstruction *>(Data), Cols);
  }
  nb::object Seq = nb::steal(PySequence_Fast(
      P, "a program is text, a uint64 array or a list of instructions"));
  if (!Seq.is_valid())
    throw nb::python_error();
  Py_ssize_t N = PySequence_Fast_GET_SIZE(Seq.ptr());
  PyObject **Items = PySequence_Fast_ITEMS(Seq.ptr());
  Storage.resize((size_t)N);
  for (Py_ssize_t I = 0; I < N; ++I) {
    unsigned long long W = PyLong_AsUnsignedLongLongMask(Items[I]);
    if (W == (unsigned long long)-1 && PyErr_Occurred()) {
      PyErr_Clear();
      throw nb::type_error(
          "a program's instructions are ints (ptxinject.stack.Instruction)");
    }
    std::memcpy(&Storage[(size_t)I], &W, 8);
  }
  return stackptx::Program(Storage.data(), Storage.size());
}

std::vector<stackptx::Program>
toPrograms(nb::handle Objs, const stackptx::InstructionSet &Set,
           const RegisterList &Regs,
           std::vector<std::vector<StackPtxFastInstruction>> &Storage) {
  std::vector<stackptx::Program> Spans;
  const uint64_t *Data;
  size_t Rows, Cols;
  if (wordsOfArray(Objs, Data, Rows, Cols)) {
    const auto *Words = reinterpret_cast<const StackPtxFastInstruction *>(Data);
    Spans.reserve(Rows);
    for (size_t I = 0; I < Rows; ++I)
      Spans.emplace_back(Words + I * Cols, Cols);
    return Spans;
  }
  size_t N = nb::len(Objs);
  Storage.resize(N);
  Spans.reserve(N);
  size_t I = 0;
  for (nb::handle P : Objs) {
    Spans.push_back(toProgram(P, Set, Regs, Storage[I]));
    ++I;
  }
  return Spans;
}

} // namespace python
} // namespace ptxinject
