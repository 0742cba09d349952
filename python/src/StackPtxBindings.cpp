//===- StackPtxBindings.cpp - Stack PTX: sets, compiler, interpreter ------===//
//
// The compiler is the C++ Compiler (const, thread-safe); each calling thread
// keeps its own workspace and output, so a Python search loop compiles with
// no allocation on our side. Every compile releases the GIL.
//
//===----------------------------------------------------------------------===//
#include "Bindings.h"
#include "Errors.h"
#include "ProgramArg.h"
#include "TextArg.h"

#include "ptxinject/stackptx/Interpreter.h"
#include "ptxinject/stackptx/Random.h"
#include "ptxinject/stackptx/Text.h"

#include <nanobind/ndarray.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/string_view.h>
#include <nanobind/stl/vector.h>

#include <cstring>

namespace nb = nanobind;
using namespace nb::literals;

namespace ptxinject {
namespace python {

namespace {

using stackptx::Compiler;
using stackptx::InstructionCost;
using stackptx::InstructionSet;
using stackptx::Program;
using stackptx::Span;

struct ThreadBuffers {
  stackptx::Workspace WS;
  std::string Out;
  std::vector<size_t> Ends;
};
ThreadBuffers &threadBuffers() {
  thread_local ThreadBuffers B;
  return B;
}

void checkResult(StackPtxFastResult R) {
  if (R != STACK_PTX_FAST_SUCCESS)
    throw BindingError("stack-ptx", std::string("Stack PTX compile failed: ") +
                                        stack_ptx_fast_result_to_string(R));
}

/// Routines: a sequence of programs (any form), kept alive by the caller.
struct RoutineList {
  std::vector<std::vector<StackPtxFastInstruction>> Storage;
  std::vector<Program> Spans;
};
void toRoutines(nb::handle Obj, const InstructionSet &Set,
                const RegisterList &Regs, RoutineList &Out) {
  if (Obj.is_none())
    return;
  size_t N = nb::len(Obj);
  Out.Storage.resize(N);
  for (size_t I = 0; I < N; ++I)
    Out.Spans.push_back(toProgram(Obj[I], Set, Regs, Out.Storage[I]));
}

struct PyCompiler {
  InstructionSet Set;
  Compiler C;
  PyCompiler(const InstructionSet &S, const StackPtxFastCompilerInfo &L)
      : Set(S), C(S, L) {}

  nb::object compile(nb::handle Prog, nb::handle Regs, nb::handle Reqs,
                     nb::handle Routines) const {
    return compileOne(Prog, Regs, Reqs, Routines,
                      [&](auto &&...Args) { return C.compile(Args...); });
  }

  nb::object compileReference(nb::handle Prog, nb::handle Regs, nb::handle Reqs,
                              nb::handle Routines, bool Letters) const {
    auto Temps = Letters ? stackptx::ReferenceTemps::StackLetter
                         : stackptx::ReferenceTemps::StackIndex;
    return compileOne(Prog, Regs, Reqs, Routines, [&](auto &&...Args) {
      return C.compileReference(Args..., Temps);
    });
  }

  /// One program's stub as a str: the arguments converted, then Write(P,
  /// registers, requests, workspace, output, routines) run without the GIL.
  template <class WriteFn>
  nb::object compileOne(nb::handle Prog, nb::handle Regs, nb::handle Reqs,
                        nb::handle Routines, WriteFn Write) const {
    RegisterList R = toRegisters(Regs, Set);
    std::vector<size_t> Requests = toRequests(Reqs, R);
    std::vector<StackPtxFastInstruction> Storage;
    Program P = toProgram(Prog, Set, R, Storage);
    RoutineList RL;
    toRoutines(Routines, Set, R, RL);
    ThreadBuffers &B = threadBuffers();
    StackPtxFastResult Res;
    {
      nb::gil_scoped_release Release;
      Res = Write(P, R.Registers, Requests, B.WS, B.Out, RL.Spans);
    }
    checkResult(Res);
    return nb::steal(
        PyUnicode_FromStringAndSize(B.Out.data(), (Py_ssize_t)B.Out.size()));
  }

  nb::list compileBatch(nb::handle Progs, nb::handle Regs, nb::handle Reqs,
                        nb::handle Routines) const {
    RegisterList R = toRegisters(Regs, Set);
    std::vector<size_t> Requests = toRequests(Reqs, R);
    RoutineList RL;
    toRoutines(Routines, Set, R, RL);
    std::vector<std::vector<StackPtxFastInstruction>> Storage;
    std::vector<Program> Spans = toPrograms(Progs, Set, R, Storage);
    ThreadBuffers &B = threadBuffers();
    StackPtxFastResult Res;
    {
      nb::gil_scoped_release Release;
      Res = C.compileBatch(Spans, R.Registers, Requests, B.WS, B.Out, B.Ends,
                           RL.Spans);
    }
    checkResult(Res);
    PyObject *L = PyList_New((Py_ssize_t)B.Ends.size());
    if (!L)
      throw nb::python_error();
    size_t Start = 0;
    for (size_t I = 0; I < B.Ends.size(); ++I) {
      PyList_SET_ITEM(
          L, (Py_ssize_t)I,
          PyUnicode_FromStringAndSize(B.Out.data() + Start,
                                      (Py_ssize_t)(B.Ends[I] - Start)));
      Start = B.Ends[I];
    }
    return nb::steal<nb::list>(L);
  }

  nb::list interpret(nb::handle Prog, nb::handle Regs, nb::handle Inputs,
                     nb::handle Reqs, nb::handle Routines) const {
    RegisterList R = toRegisters(Regs, Set);
    std::vector<size_t> Requests = toRequests(Reqs, R);
    std::vector<StackPtxFastInstruction> Storage;
    Program P = toProgram(Prog, Set, R, Storage);
    RoutineList RL;
    toRoutines(Routines, Set, R, RL);
    const StackPtxFastInstructionSetInfo &Info = Set.info();
    if (nb::len(Inputs) != R.Names.size())
      throw BindingError("invalid-argument",
                         "give one input value per register (" +
                             std::to_string(R.Names.size()) + ")");
    std::vector<uint32_t> Bits;
    size_t I = 0;
    for (nb::handle V : Inputs) {
      uint8_t Kind = Info.stack_types[R.Registers[I++].stack_idx].constant_kind;
      if (Kind == STACK_PTX_FAST_CONSTANT_F32) {
        float F = nb::cast<float>(V);
        uint32_t U;
        std::memcpy(&U, &F, 4);
        Bits.push_back(U);
      } else if (PyBool_Check(V.ptr())) {
        Bits.push_back(V.ptr() == Py_True);
      } else {
        Bits.push_back((uint32_t)nb::cast<long long>(V));
      }
    }
    std::vector<stackptx::RequestValue> Out;
    std::string Error;
    bool Ok;
    {
      nb::gil_scoped_release Release;
      Ok = stackptx::interpretProgram(Info, C.limits(), P, R.Registers, Bits,
                                      Requests, RL.Spans, Out, Error);
    }
    if (!Ok)
      throw BindingError("not-interpretable", Error);
    nb::list L;
    for (size_t K = 0; K < Out.size(); ++K) {
      if (!Out[K].Assigned) {
        L.append(nb::none());
        continue;
      }
      const StackPtxFastStackTypeInfo &T =
          Info.stack_types[R.Registers[Requests[K]].stack_idx];
      uint32_t U = Out[K].Bits;
      if (T.constant_kind == STACK_PTX_FAST_CONSTANT_F32) {
        float F;
        std::memcpy(&F, &U, 4);
        L.append(nb::float_(F));
      } else if (T.constant_kind == STACK_PTX_FAST_CONSTANT_S32) {
        L.append(nb::int_((int32_t)U));
      } else if (std::strcmp(T.reg_type, "pred") == 0) {
        L.append(nb::bool_(U != 0));
      } else {
        L.append(nb::int_(U));
      }
    }
    return L;
  }
};

InstructionSet setFromJson(nb::handle Text) {
  Expected<InstructionSet> S =
      InstructionSet::fromJson(textOf(Text, "a description"));
  if (!S)
    throw BindingError("invalid-description", S.error().located());
  return S.take();
}

/// A sequence's items, read through the fast sequence protocol (a list or
/// tuple is read in place).
class Items {
public:
  Items(nb::handle Seq, const char *What)
      : Fast(nb::steal(PySequence_Fast(Seq.ptr(), What))) {
    if (!Fast.is_valid())
      throw nb::python_error();
  }
  size_t size() const { return size_t(PySequence_Fast_GET_SIZE(Fast.ptr())); }
  nb::handle operator[](size_t I) const {
    return PySequence_Fast_ITEMS(Fast.ptr())[I];
  }

private:
  nb::object Fast;
};

unsigned indexOf(nb::handle Obj) {
  // An int, or an IntEnum member (an int subclass).
  unsigned long V = PyLong_AsUnsignedLong(Obj.ptr());
  if (V == (unsigned long)-1 && PyErr_Occurred())
    throw nb::python_error();
  return unsigned(V);
}

std::string stringOf(nb::handle Obj) {
  Py_ssize_t N = 0;
  const char *S = PyUnicode_AsUTF8AndSize(Obj.ptr(), &N);
  if (!S)
    throw nb::python_error();
  return std::string(S, size_t(N));
}

InstructionSet setFromTables(const InstructionSet::ReferenceTables &T) {
  Expected<InstructionSet> S = InstructionSet::fromReference(T);
  if (!S)
    throw BindingError("invalid-description", S.error().Message);
  return S.take();
}

/// InstructionSet.from_reference: the reference's tables from Python
/// sequences, read in one pass with no JSON in between.
InstructionSet setFromReference(nb::handle Prefixes, nb::handle Args,
                                nb::handle Instructions, nb::handle Specials) {
  InstructionSet::ReferenceTables T;
  Items P(Prefixes, "stack_prefixes must be a sequence of str");
  T.StackPrefixes.reserve(P.size());
  for (size_t I = 0; I < P.size(); ++I)
    T.StackPrefixes.push_back(stringOf(P[I]));
  Items A(Args, "arg_types must be a sequence of (stack, vector elements)");
  T.ArgTypes.reserve(A.size());
  for (size_t I = 0; I < A.size(); ++I) {
    Items Pair(A[I], "an arg type is a (stack, vector elements) pair");
    if (Pair.size() != 2)
      throw nb::type_error("an arg type is a (stack, vector elements) pair");
    T.ArgTypes.push_back({indexOf(Pair[0]), indexOf(Pair[1])});
  }
  const char *InstrShape =
      "an instruction is a (ptx, arg types, ret types, aligned) tuple";
  Items In(Instructions, InstrShape);
  T.Instructions.resize(In.size());
  for (size_t I = 0; I < In.size(); ++I) {
    Items Entry(In[I], InstrShape);
    if (Entry.size() != 4)
      throw nb::type_error(InstrShape);
    InstructionSet::ReferenceTables::Instruction &E = T.Instructions[I];
    E.Ptx = stringOf(Entry[0]);
    Items ArgList(Entry[1], InstrShape), RetList(Entry[2], InstrShape);
    for (size_t K = 0; K < ArgList.size(); ++K)
      E.Args.push_back(indexOf(ArgList[K]));
    for (size_t K = 0; K < RetList.size(); ++K)
      E.Rets.push_back(indexOf(RetList[K]));
    int Aligned = PyObject_IsTrue(Entry[3].ptr());
    if (Aligned < 0)
      throw nb::python_error();
    E.Aligned = Aligned != 0;
  }
  const char *SpecialShape = "a special register is a (ptx, arg type) pair";
  Items Sp(Specials, SpecialShape);
  T.SpecialRegisters.reserve(Sp.size());
  for (size_t I = 0; I < Sp.size(); ++I) {
    Items Pair(Sp[I], SpecialShape);
    if (Pair.size() != 2)
      throw nb::type_error(SpecialShape);
    T.SpecialRegisters.push_back({stringOf(Pair[0]), indexOf(Pair[1])});
  }
  return setFromTables(T);
}

/// An attribute name made once (the enum readers below ask for the same
/// few names of every member).
PyObject *interned(const char *Name) {
  PyObject *S = PyUnicode_InternFromString(Name);
  if (!S)
    throw nb::python_error();
  return S;
}

nb::object attrOf(nb::handle Obj, PyObject *Name) {
  PyObject *V = PyObject_GetAttr(Obj.ptr(), Name);
  if (!V)
    throw nb::python_error();
  return nb::steal(V);
}

/// An enum class's members in value order, a member's value being its index
/// in the reference's tables: _member_names_ through _member_map_ (what
/// iterating the class gives, without an iterator per member), sorted by
/// value only when some member's value is not its position.
std::vector<nb::object> membersByValue(nb::handle Enum) {
  static PyObject *NamesAttr = interned("_member_names_");
  static PyObject *MapAttr = interned("_member_map_");
  nb::object Map = attrOf(Enum, MapAttr);
  Items Names(attrOf(Enum, NamesAttr), "an enum's _member_names_ is a list");
  std::vector<nb::object> Out;
  Out.reserve(Names.size());
  bool InOrder = true;
  for (size_t I = 0; I < Names.size(); ++I) {
    PyObject *M = PyObject_GetItem(Map.ptr(), Names[I].ptr());
    if (!M)
      throw nb::python_error();
    Out.push_back(nb::steal(M));
    long V = PyLong_AsLong(M);
    if (V == -1 && PyErr_Occurred())
      throw nb::python_error();
    InOrder &= V == long(I);
  }
  if (InOrder)
    return Out;
  nb::list L;
  for (nb::object &M : Out)
    L.append(M);
  nb::object Sorted =
      nb::module_::import_("builtins")
          .attr("sorted")(L, "key"_a = nb::handle((PyObject *)&PyLong_Type));
  Items S(Sorted, "sorted() gives a list");
  for (size_t I = 0; I < S.size(); ++I)
    Out[I] = nb::borrow(S[I]);
  return Out;
}

/// The reference's tables read from its Python API's four enum classes
/// (members' literal_prefix; stack_type, stack_num_vec_elems; ptx_str,
/// args, rets, aligned; ptx_str, arg), in one pass.
InstructionSet::ReferenceTables tablesOfEnums(nb::handle Stacks,
                                              nb::handle Args,
                                              nb::handle Instructions,
                                              nb::handle Specials) {
  static PyObject *Prefix = interned("literal_prefix");
  static PyObject *Stack = interned("stack_type");
  static PyObject *Elems = interned("stack_num_vec_elems");
  static PyObject *Ptx = interned("ptx_str");
  static PyObject *ArgList = interned("args");
  static PyObject *RetList = interned("rets");
  static PyObject *Aligned = interned("aligned");
  static PyObject *Arg = interned("arg");
  InstructionSet::ReferenceTables T;
  for (nb::object &M : membersByValue(Stacks))
    T.StackPrefixes.push_back(stringOf(attrOf(M, Prefix)));
  for (nb::object &M : membersByValue(Args))
    T.ArgTypes.push_back(
        {indexOf(attrOf(M, Stack)), indexOf(attrOf(M, Elems))});
  std::vector<nb::object> In = membersByValue(Instructions);
  T.Instructions.resize(In.size());
  for (size_t I = 0; I < In.size(); ++I) {
    InstructionSet::ReferenceTables::Instruction &E = T.Instructions[I];
    E.Ptx = stringOf(attrOf(In[I], Ptx));
    Items A(attrOf(In[I], ArgList), "an instruction's args are a list");
    Items R(attrOf(In[I], RetList), "an instruction's rets are a list");
    for (size_t K = 0; K < A.size(); ++K)
      E.Args.push_back(indexOf(A[K]));
    for (size_t K = 0; K < R.size(); ++K)
      E.Rets.push_back(indexOf(R[K]));
    int True = PyObject_IsTrue(attrOf(In[I], Aligned).ptr());
    if (True < 0)
      throw nb::python_error();
    E.Aligned = True != 0;
  }
  for (nb::object &M : membersByValue(Specials))
    T.SpecialRegisters.push_back(
        {stringOf(attrOf(M, Ptx)), indexOf(attrOf(M, Arg))});
  return T;
}

/// The reference's tables read from its Python API's enums, with their
/// bytes (each count, index and text length a 4-byte word) to compare and
/// hash by: equal keys, equal tables. A store of built sets is keyed by
/// these, and a set is built from them with no second read of the enums.
struct EnumTables {
  InstructionSet::ReferenceTables Tables;
  std::string Key;
  size_t Hash = 0;
};

EnumTables enumTables(nb::handle Stacks, nb::handle Args,
                      nb::handle Instructions, nb::handle Specials) {
  EnumTables E;
  E.Tables = tablesOfEnums(Stacks, Args, Instructions, Specials);
  const InstructionSet::ReferenceTables &T = E.Tables;
  std::string &K = E.Key;
  auto word = [&](size_t V) {
    uint32_t W = uint32_t(V);
    K.append(reinterpret_cast<const char *>(&W), 4);
  };
  auto text = [&](const std::string &S) {
    word(S.size());
    K += S;
  };
  word(T.StackPrefixes.size());
  for (const std::string &P : T.StackPrefixes)
    text(P);
  word(T.ArgTypes.size());
  for (const auto &A : T.ArgTypes) {
    word(A.Stack);
    word(A.VecElems);
  }
  word(T.Instructions.size());
  for (const auto &I : T.Instructions) {
    text(I.Ptx);
    word(I.Args.size());
    for (unsigned A : I.Args)
      word(A);
    word(I.Rets.size());
    for (unsigned R : I.Rets)
      word(R);
    word(I.Aligned);
  }
  word(T.SpecialRegisters.size());
  for (const auto &S : T.SpecialRegisters) {
    text(S.Ptx);
    word(S.Arg);
  }
  E.Hash = std::hash<std::string>()(K);
  return E;
}

/// One text field of every entry of a description table, in index order.
template <class Entry>
nb::list names(const Entry *Table, size_t N, const char *Entry::*Field) {
  nb::list L;
  for (size_t I = 0; I < N; ++I)
    L.append(nb::str(Table[I].*Field));
  return L;
}

int lookup(int I, const char *What, std::string_view Name) {
  if (I < 0)
    throw BindingError("invalid-argument", std::string("unknown ") + What +
                                               " '" + std::string(Name) + "'");
  return I;
}

} // namespace

stackptx::InstructionSet instructionSetOf(nb::handle Arg) {
  if (Arg.is_none())
    return InstructionSet::builtin();
  InstructionSet S;
  if (nb::try_cast(Arg, S))
    return S;
  // A path to a description file (str or os.PathLike).
  std::string Path =
      nb::cast<std::string>(nb::module_::import_("os").attr("fspath")(Arg));
  Expected<InstructionSet> Read = InstructionSet::fromFile(Path);
  if (!Read)
    throw BindingError("invalid-description", Read.error().Message);
  return Read.take();
}

void bindStackPtx(nb::module_ &M) {
  nb::class_<EnumTables>(
      M, "ReferenceTables",
      "The reference's tables as InstructionSet.reference_tables() read them "
      "from its enums: equal (and equally hashed) when the tables are, so "
      "that a store of built sets can be keyed by them.")
      .def(
          "__eq__",
          [](const EnumTables &A, const EnumTables &B) {
            return A.Key == B.Key;
          },
          nb::is_operator())
      .def("__hash__", [](const EnumTables &T) { return T.Hash; });

  nb::class_<InstructionSet>(
      M, "InstructionSet",
      "Stack types, arg types, PTX instructions and special registers "
      "of Stack PTX, from the built-in description or a JSON one.")
      .def_static("builtin", &InstructionSet::builtin, nb::rv_policy::copy,
                  "The description shipped with the package "
                  "(data/stack_ptx_descriptions.json).")
      .def_static(
          "from_json", &setFromJson, "text"_a,
          "Reads a description in the stack_ptx_descriptions.json format.")
      .def_static(
          "from_reference", &setFromReference, "stack_prefixes"_a,
          "arg_types"_a, "instructions"_a, "special_registers"_a,
          "A set in the reference library's terms (its Python API's enums), "
          "under its rules (top_first, reference_rules), built directly: "
          "stack_prefixes, each stack's PTX register type; arg_types, "
          "(stack, vector elements or 0) pairs; instructions, (ptx, arg "
          "types, ret types, aligned); special_registers, (ptx, arg type). "
          "Entries are named s0.., a0.., i0...")
      .def_static(
          "reference_tables", &enumTables, "stack_enum"_a, "arg_enum"_a,
          "instruction_enum"_a, "special_register_enum"_a,
          "The tables from_reference() takes, read from the reference's "
          "Python enum classes themselves (members in value order: "
          "literal_prefix; stack_type and stack_num_vec_elems; ptx_str, "
          "args, rets and aligned; ptx_str and arg), as a ReferenceTables.")
      .def_static(
          "from_reference_tables",
          [](const EnumTables &T) { return setFromTables(T.Tables); },
          "tables"_a, "from_reference() of what reference_tables() read.")
      .def_prop_ro(
          "max_instruction_elems",
          [](const InstructionSet &S) {
            const StackPtxFastInstructionSetInfo &I = S.info();
            auto elems = [&](uint8_t Arg) -> size_t {
              size_t V =
                  Arg < I.num_arg_types ? I.arg_types[Arg].num_vec_elems : 0;
              return V ? V : 1;
            };
            size_t Most = 1;
            for (size_t N = 0; N < I.num_instructions; ++N) {
              const StackPtxFastPtxInstructionInfo &E = I.instructions[N];
              size_t Sum = 0;
              for (unsigned A = 0; A < E.num_args; ++A)
                Sum += elems(E.args[A]);
              for (unsigned R = 0; R < E.num_rets; ++R)
                Sum += elems(E.rets[R]);
              Most = Sum > Most ? Sum : Most;
            }
            return Most;
          },
          "The most operand and result elements of any one instruction "
          "(a vector counts its elements; at least 1): a bound on the "
          "values one instruction reads and makes.")
      .def_static(
          "from_file",
          [](const std::string &Path) {
            Expected<InstructionSet> S = InstructionSet::fromFile(Path);
            if (!S)
              throw BindingError("invalid-description", S.error().Message);
            return S.take();
          },
          "path"_a, "Reads a description file.")
      .def_prop_ro("stack_types",
                   [](const InstructionSet &S) {
                     return names(S.info().stack_types,
                                  S.info().num_stack_types,
                                  &StackPtxFastStackTypeInfo::name);
                   })
      .def_prop_ro("arg_types",
                   [](const InstructionSet &S) {
                     return names(S.info().arg_types, S.info().num_arg_types,
                                  &StackPtxFastArgTypeInfo::name);
                   })
      .def_prop_ro(
          "instructions",
          [](const InstructionSet &S) {
            return names(S.info().instructions, S.info().num_instructions,
                         &StackPtxFastPtxInstructionInfo::display);
          },
          "Display names of the PTX instructions, in index order.")
      .def_prop_ro(
          "instruction_costs",
          [](const InstructionSet &S) {
            nb::list Out;
            for (size_t I = 0; I < S.info().num_instructions; ++I) {
              InstructionCost C = S.instructionCost(I);
              Out.append(nb::make_tuple(S.info().instructions[I].ptx, C.Latency,
                                        C.Approximate));
            }
            return Out;
          },
          "Per instruction, in index order: (ptx opcode, estimated latency "
          "in cycles, approximate), from the description's \"latency\" "
          "(4 when it gives none) and \"approximate\".")
      .def_prop_ro("special_registers",
                   [](const InstructionSet &S) {
                     return names(S.info().special_registers,
                                  S.info().num_special_registers,
                                  &StackPtxFastSpecialRegisterInfo::ptx);
                   })
      .def("stack_type_index",
           [](const InstructionSet &S, std::string_view N) {
             return lookup(S.findStackType(N), "stack type", N);
           })
      .def(
          "constant_kind",
          [](const InstructionSet &S, size_t StackIdx) -> nb::object {
            if (StackIdx >= S.info().num_stack_types)
              throw BindingError("invalid-argument",
                                 "no stack type " + std::to_string(StackIdx) +
                                     " (the set has " +
                                     std::to_string(S.info().num_stack_types) +
                                     ")");
            switch (S.info().stack_types[StackIdx].constant_kind) {
            case STACK_PTX_FAST_CONSTANT_F32:
              return nb::str("f32");
            case STACK_PTX_FAST_CONSTANT_U32:
              return nb::str("u32");
            case STACK_PTX_FAST_CONSTANT_S32:
              return nb::str("s32");
            default:
              return nb::none();
            }
          },
          "stack_idx"_a,
          "How the literals of stack type stack_idx are written: 'f32', 'u32', "
          "'s32', or "
          "None when it has none (its description gives no constant_type).")
      .def("instruction_index",
           [](const InstructionSet &S, std::string_view N) {
             return lookup(S.findInstruction(N), "instruction", N);
           })
      .def("special_register_index",
           [](const InstructionSet &S, std::string_view N) {
             return lookup(S.findSpecialRegister(N), "special register", N);
           })
      .def(
          "parse",
          [](const InstructionSet &S, nb::handle Text, nb::handle Regs) {
            RegisterList R = toRegisters(Regs, S);
            std::vector<StackPtxFastInstruction> Out;
            if (Error Err = stackptx::parseProgram(textOf(Text, "a program"), S,
                                                   R.Registers, Out))
              throw BindingError("invalid-program", Err.Message, Err.Line,
                                 Err.Column);
            std::vector<uint64_t> Words(Out.size());
            std::memcpy(Words.data(), Out.data(), Out.size() * 8);
            return Words;
          },
          "text"_a, "registers"_a,
          "Parses the text form ('x y add.ftz.f32') into instruction words "
          "(a return word ends the list).")
      .def(
          "format",
          [](const InstructionSet &S, nb::handle Prog, nb::handle Regs) {
            RegisterList R = toRegisters(Regs, S);
            std::vector<StackPtxFastInstruction> Storage;
            Program P = toProgram(Prog, S, R, Storage);
            return stackptx::printProgram(P, S, R.Registers);
          },
          "program"_a, "registers"_a,
          "Prints a program in the text form parse() reads.")
      .def(
          "random_program",
          [](const InstructionSet &S, size_t Length, nb::handle Regs,
             uint64_t Seed, bool InterpretedOnly) {
            RegisterList R = toRegisters(Regs, S);
            std::mt19937_64 Rng(Seed);
            std::vector<StackPtxFastInstruction> Out;
            stackptx::RandomProgramOptions O;
            O.InterpretedOnly = InterpretedOnly;
            stackptx::randomProgram(Rng, Length, S, R.Registers, Out, O);
            std::vector<uint64_t> Words(Out.size());
            std::memcpy(Words.data(), Out.data(), Out.size() * 8);
            return Words;
          },
          "length"_a, "registers"_a, "seed"_a = 0, nb::kw_only(),
          "interpreted_only"_a = false,
          "A random program of `length` instructions (and a return), every "
          "index in range.");

  nb::class_<PyCompiler>(
      M, "StackCompiler",
      "Compiles Stack PTX programs against one instruction set and set of "
      "limits. Thread-safe; every compile releases the GIL.")
      .def(
          "__init__",
          [](PyCompiler *Self, nb::handle SetArg, size_t MaxAst, size_t Stack,
             size_t Store, size_t Frames, size_t Exec) {
            InstructionSet S = instructionSetOf(SetArg);
            StackPtxFastCompilerInfo L = stackptx::defaultLimits();
            if (MaxAst)
              L.max_ast_size = MaxAst;
            if (Stack)
              L.stack_size = Stack;
            if (Store)
              L.store_size = Store;
            if (Frames != (size_t)-1)
              L.max_frame_depth = Frames;
            if (Exec)
              L.execution_limit = Exec;
            new (Self) PyCompiler(S, L);
          },
          "instruction_set"_a.none() = nb::none(), nb::kw_only(),
          "max_ast_size"_a = 0, "stack_size"_a = 0, "store_size"_a = 0,
          "max_frame_depth"_a = (size_t)-1, "execution_limit"_a = 0,
          "instruction_set: an InstructionSet or a description JSON path "
          "(default: the built-in "
          "one). Limits left at "
          "0 keep the defaults of stack_ptx_fast_default_info.h.")
      .def_prop_ro("instruction_set", [](const PyCompiler &C) { return C.Set; })
      .def_prop_ro("limits",
                   [](const PyCompiler &C) {
                     const StackPtxFastCompilerInfo &L = C.C.limits();
                     nb::dict D;
                     D["max_ast_size"] = L.max_ast_size;
                     D["stack_size"] = L.stack_size;
                     D["store_size"] = L.store_size;
                     D["max_frame_depth"] = L.max_frame_depth;
                     D["execution_limit"] = L.execution_limit;
                     return D;
                   })
      .def("compile", &PyCompiler::compile, "program"_a, "registers"_a,
           "requests"_a, "routines"_a.none() = nb::none(),
           "Compiles one program into a stub and returns it.\n\n"
           "program: text ('x y add.ftz.f32'), a uint64 NumPy array of "
           "instruction words, or "
           "a list of ptxinject.stack.Instruction (ints).\n"
           "registers: [(name, stack type), ...]; names are bare ('x' is "
           "written %x).\n"
           "requests: register indices or names; each pops one value into that "
           "register.\n"
           "routines: programs called by routine instructions.\n\n"
           "Any instruction sequence compiles; errors are only about registers "
           "and requests. "
           "Releases the GIL.")
      .def("compile_reference", &PyCompiler::compileReference, "program"_a,
           "registers"_a, "requests"_a, "routines"_a.none() = nb::none(),
           nb::kw_only(), "letters"_a = false,
           "compile(), with the stub written as the reference library "
           "(mm-ptx) writes it: its order of statements and numbering of "
           "temporaries, a tab before every line, literals in hexadecimal. "
           "Temporaries are %_s0_3 as its C headers (1.1) write them, or "
           "with letters=True %_a3 as its Python wheel's (1.0) do. For the "
           "reference's APIs; the native text is compile()'s.")
      .def("compile_batch", &PyCompiler::compileBatch, "programs"_a,
           "registers"_a, "requests"_a, "routines"_a.none() = nb::none(),
           "Compiles many programs sharing one set of registers and requests; "
           "returns the "
           "list of stubs. programs: a 2-D uint64 array (one program per row, "
           "a zero word "
           "ends a shorter one) or a list of programs in any form compile() "
           "takes. "
           "Releases the GIL for the whole batch.")
      .def("interpret", &PyCompiler::interpret, "program"_a, "registers"_a,
           "inputs"_a, "requests"_a, "routines"_a.none() = nb::none(),
           "Runs a program on the CPU with inputs[i] the value of register i; "
           "returns the "
           "value each request receives (None when its stack was empty). For "
           "testing what "
           "a stub computes.");
}

} // namespace python
} // namespace ptxinject
