//===- ReferenceSetBindings.cpp - Sets in the reference library's terms ---===//
//
// InstructionSet.from_reference, reference_tables and from_reference_tables:
// an instruction set read straight from the reference library's Python API
// (the tables its four enum classes hold), for the mm_ptx compatibility
// layer (python/compat), which builds a set per set of enum classes a user
// defines. The native package's own sets come from JSON descriptions.
//
//===----------------------------------------------------------------------===//
#include "Bindings.h"
#include "Errors.h"

#include "ptxinject/stackptx/StackPtx.h"

#include <nanobind/stl/string.h>

#include <functional>

namespace nb = nanobind;
using namespace nb::literals;

namespace ptxinject {
namespace python {

namespace {

using stackptx::InstructionSet;

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

} // namespace

void bindReferenceSet(nb::module_ &M, nb::class_<InstructionSet> &Set) {
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
  Set.def_static(
         "from_reference", &setFromReference, "stack_prefixes"_a, "arg_types"_a,
         "instructions"_a, "special_registers"_a,
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
          "tables"_a, "from_reference() of what reference_tables() read.");
}

} // namespace python
} // namespace ptxinject
