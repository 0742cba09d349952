//===- ModuleBindings.cpp - ptxinject.Module, Inject, Operand -------------===//
//
// The parsed module is the C++ Module itself (immutable, shared by copies),
// so one Python object renders from many threads. Parse and render release
// the GIL; stubs are borrowed from the Python strings, never copied.
//
//===----------------------------------------------------------------------===//
#include "Bindings.h"
#include "Errors.h"
#include "ModuleObject.h"
#include "TextArg.h"

#include "ptxinject/module/Module.h"
#include "ptxinject/support/File.h"

#include <nanobind/stl/string.h>
#include <nanobind/stl/string_view.h>
#include <nanobind/stl/vector.h>

namespace nb = nanobind;
using namespace nb::literals;

namespace ptxinject {
namespace python {

namespace {

/// An inject of a module: keeps the module (and so the inject) alive.
struct InjectRef {
  Module M;
  size_t Index;
  const Inject &get() const { return M.inject(Index); }
};

/// Reads the `types` argument: a dict, JSON text, or a path to a JSON file.
std::string typesJson(nb::handle Types) {
  if (nb::isinstance<nb::dict>(Types) || nb::isinstance<nb::list>(Types)) {
    nb::object Dumps = nb::module_::import_("json").attr("dumps");
    return nb::cast<std::string>(Dumps(Types));
  }
  nb::object Os = nb::module_::import_("os");
  bool IsPath =
      !nb::isinstance<nb::str>(Types) && !nb::isinstance<nb::bytes>(Types);
  std::string Text;
  if (!IsPath) {
    Text = std::string(textOf(Types, "types"));
    size_t First = Text.find_first_not_of(" \t\r\n");
    IsPath = First == std::string::npos ||
             (Text[First] != '{' && Text[First] != '[');
    if (!IsPath)
      return Text;
  }
  std::string Path = nb::cast<std::string>(nb::str(Os.attr("fspath")(Types)));
  Expected<std::string> File = readFile(Path);
  if (!File)
    throw BindingError(
        "invalid-argument",
        "cannot read the types file '" + Path +
            "' (pass a dict, JSON text, or a path to a JSON file)");
  return File.take();
}

ModuleObject parseModule(nb::handle Ptx, nb::handle Types, bool Prune) {
  std::string_view Text = textOf(Ptx, "ptx");
  // A str knows whether it is ASCII; bytes are checked by the first render.
  bool Ascii = PyUnicode_Check(Ptx.ptr()) && PyUnicode_IS_ASCII(Ptx.ptr());
  TypeTable Table = TypeTable::builtin();
  ParseOptions Options;
  Options.PruneUnusedGlobals = Prune;
  if (!Types.is_none()) {
    if (Error E = Table.addFromJson(typesJson(Types)))
      throw BindingError("invalid-argument", "types: " + E.located());
    Options.Types = &Table;
  }
  std::optional<Expected<Module>> Parsed;
  {
    nb::gil_scoped_release Release;
    Parsed.emplace(Module::parse(Text, Options));
  }
  if (!*Parsed)
    throwIfError(Parsed->error());
  return ModuleObject(Parsed->take(), Ascii);
}

/// Resolves stubs from a mapping (by inject name) or a sequence (by index).
/// The views borrow from the Python strings, which Stubs keeps alive.
void collectStubs(const Module &M, nb::handle Arg,
                  std::vector<nb::object> &Keep,
                  std::vector<std::string_view> &Views) {
  size_t N = M.numInjects();
  Views.assign(N, std::string_view());
  if (PyDict_Check(Arg.ptr())) {
    std::vector<char> Seen(N, 0);
    PyObject *Key, *Value;
    Py_ssize_t Pos = 0;
    while (PyDict_Next(Arg.ptr(), &Pos, &Key, &Value)) {
      std::string_view Name = textOf(Key, "an inject name");
      std::optional<size_t> I = M.injectIndex(Name);
      if (!I)
        throw BindingError(
            "inject-not-found",
            "no inject named '" + std::string(Name) +
                "' in the module; its injects are: " + injectNames(M));
      Keep.push_back(nb::borrow(Value));
      Views[*I] = textOf(Value, "a stub");
      Seen[*I] = 1;
    }
    for (size_t I = 0; I < N; ++I)
      if (!Seen[I])
        throw BindingError("wrong-stub-count",
                           "no stub for inject '" + M.inject(I).Name +
                               "' (pass '' to leave its sites empty)");
    return;
  }
  if (PyUnicode_Check(Arg.ptr()) || PyBytes_Check(Arg.ptr()))
    throw nb::type_error(
        "stubs must be a dict {name: stub} or a list of stubs, not a string");
  nb::object Seq = nb::steal(
      PySequence_Fast(Arg.ptr(), "stubs must be a dict or a sequence"));
  if (!Seq.is_valid())
    throw nb::python_error();
  size_t Count = (size_t)PySequence_Fast_GET_SIZE(Seq.ptr());
  if (Count != N)
    throw BindingError(
        "wrong-stub-count",
        std::to_string(Count) + " stubs for " + std::to_string(N) +
            " injects: give one per inject, in module.injects order");
  PyObject **Items = PySequence_Fast_ITEMS(Seq.ptr());
  for (size_t I = 0; I < N; ++I)
    Views[I] = textOf(Items[I], "a stub");
  Keep.push_back(std::move(Seq));
}

bool isAscii(nb::handle Obj) {
  return PyUnicode_Check(Obj.ptr()) && PyUnicode_IS_ASCII(Obj.ptr());
}

nb::object renderModule(const ModuleObject &M, nb::handle Stubs) {
  std::vector<nb::object> Keep;
  std::vector<std::string_view> Views;
  collectStubs(M, Stubs, Keep, Views);
  bool Ascii = M.Ascii;
  if (Ascii) {
    if (PyDict_Check(Stubs.ptr())) {
      PyObject *Key, *Value;
      Py_ssize_t Pos = 0;
      while (Ascii && PyDict_Next(Stubs.ptr(), &Pos, &Key, &Value))
        Ascii = isAscii(Value);
    } else {
      nb::handle Seq = Keep.back();
      for (Py_ssize_t I = 0; Ascii && I < PySequence_Fast_GET_SIZE(Seq.ptr());
           ++I)
        Ascii = isAscii(PySequence_Fast_ITEMS(Seq.ptr())[I]);
    }
  }
  if (Ascii) {
    // All ASCII: render straight into the new str, no decode, no copy.
    size_t Size = M.renderedSize(Views);
    Error E;
    nb::object Str = nb::steal(PyUnicode_New((Py_ssize_t)Size, 127));
    if (!Str.is_valid())
      throw nb::python_error();
    char *Data = (char *)PyUnicode_1BYTE_DATA(Str.ptr());
    size_t Written = 0;
    {
      nb::gil_scoped_release Release;
      E = M.renderTo(Views.data(), Views.size(), Data, Size + 1, Written);
    }
    throwIfError(E);
    return Str;
  }
  // One buffer per thread: a render loop allocates only when the PTX grows.
  thread_local std::string Out;
  Error E;
  {
    nb::gil_scoped_release Release;
    E = M.render(Views, Out);
  }
  throwIfError(E);
  return strOf(Out);
}

InjectRef injectByName(const Module &M, std::string_view Name) {
  std::optional<size_t> I = M.injectIndex(Name);
  if (!I)
    throw nb::key_error(("no inject named '" + std::string(Name) +
                         "'; its injects are: " + injectNames(M))
                            .c_str());
  return InjectRef{M, *I};
}

std::string operandRepr(const InjectOperand &O) {
  return "<Operand " + O.Label + ": " + operandKindName(O.Kind) + " " +
         O.TypeLabel + " %" + O.Register + " (." + O.RegisterType + ")>";
}

} // namespace

void bindModule(nb::module_ &M) {
  nb::enum_<OperandKind>(
      M, "OperandKind",
      "How the stub uses an operand: reads it (IN), reads and "
      "writes it (MOD) or writes it (OUT).")
      .value("IN", OperandKind::In)
      .value("MOD", OperandKind::Mod)
      .value("OUT", OperandKind::Out);

  nb::class_<InjectOperand>(M, "Operand",
                            "One operand of an inject, the same at every site.")
      .def_ro("label", &InjectOperand::Label,
              "The name it is looked up by, e.g. 'y'.")
      .def_ro("register", &InjectOperand::Register,
              "Stable register without '%', e.g. '_x0': write it as %_x0 in a "
              "stub.")
      .def_ro("kind", &InjectOperand::Kind, "OperandKind.IN, MOD or OUT.")
      .def_ro("register_type", &InjectOperand::RegisterType,
              "PTX register type, e.g. 'f32', 'b16', 'pred'.")
      .def_ro("type_label", &InjectOperand::TypeLabel,
              "Type label as the marker wrote it, e.g. 'F32'.")
      .def("__repr__", &operandRepr);

  nb::class_<InjectRef>(
      M, "Inject",
      "All sites sharing one name; a stub for it goes to every site.")
      .def_prop_ro("name", [](const InjectRef &R) { return R.get().Name; })
      .def_prop_ro(
          "operands",
          [](const InjectRef &R) {
            nb::list L;
            for (const InjectOperand &O : R.get().Operands)
              L.append(nb::cast(&O, nb::rv_policy::copy));
            return L;
          },
          "Operands in marker order (_x0, _x1, ...).")
      .def_prop_ro(
          "sites",
          [](const InjectRef &R) {
            nb::list L;
            for (const SiteLocation &S : R.get().Sites)
              L.append(nb::make_tuple(S.Line, S.Column));
            return L;
          },
          "(line, column) of each site's PTX_INJECT_START, in PTX order.")
      .def(
          "__getitem__",
          [](const InjectRef &R, nb::handle Key) {
            const Inject &I = R.get();
            if (PyLong_Check(Key.ptr())) {
              Py_ssize_t K = PyLong_AsSsize_t(Key.ptr());
              if (K < 0)
                K += (Py_ssize_t)I.Operands.size();
              if (K < 0 || (size_t)K >= I.Operands.size())
                throw nb::index_error("operand index out of range");
              return I.Operands[(size_t)K];
            }
            std::string_view Label = textOf(Key, "an operand label");
            const InjectOperand *O = I.findOperand(Label);
            if (!O)
              throw nb::key_error(("inject '" + I.Name + "' has no operand '" +
                                   std::string(Label) + "'")
                                      .c_str());
            return *O;
          },
          "key"_a, "Operand by label (or index).")
      .def("__contains__",
           [](const InjectRef &R, std::string_view Label) {
             return R.get().findOperand(Label) != nullptr;
           })
      .def("__len__",
           [](const InjectRef &R) { return R.get().Operands.size(); })
      .def("__repr__", [](const InjectRef &R) {
        const Inject &I = R.get();
        return "<Inject '" + I.Name +
               "': " + std::to_string(I.Operands.size()) + " operands, " +
               std::to_string(I.Sites.size()) + " sites>";
      });

  nb::class_<ModuleObject>(
      M, "Module",
      "Annotated PTX parsed once: its injects, and render() to splice "
      "stubs into it. Immutable; safe to render from many threads.")
      .def_static(
          "parse",
          [](nb::handle Ptx, nb::handle Types, bool Prune) {
            return parseModule(Ptx, Types, Prune);
          },
          "ptx"_a, nb::kw_only(), "types"_a.none() = nb::none(),
          "prune_unused_globals"_a = false,
          "Parses annotated PTX (str or bytes; either marker dialect).\n\n"
          "types: extra operand types for the tagged dialect, as a dict, JSON "
          "text "
          "or a path, in the format of data/ptx_inject_default_types.json.\n"
          "prune_unused_globals: drop unreferenced internal module-scope "
          "variables "
          "once here, so every render and cubin compile is spared them.\n\n"
          "Raises ptxinject.Error (code, message, line, column) on bad PTX. "
          "Releases the GIL while parsing.")
      .def_prop_ro(
          "injects",
          [](const ModuleObject &Self) {
            nb::list L;
            for (size_t I = 0; I < Self.numInjects(); ++I)
              L.append(InjectRef{Self, I});
            return L;
          },
          "The injects, in the order render() takes a list of stubs.")
      .def_prop_ro(
          "num_sites", [](const ModuleObject &Self) { return Self.numSites(); },
          "Sites over all injects.")
      .def_prop_ro(
          "source",
          [](const ModuleObject &Self) { return strOf(Self.source()); },
          "The parsed PTX (pruned with prune_unused_globals).")
      .def(
          "__getitem__",
          [](const ModuleObject &Self, std::string_view Name) {
            return injectByName(Self, Name);
          },
          "name"_a, "Inject by name (KeyError if none).")
      .def("__contains__",
           [](const ModuleObject &Self, std::string_view Name) {
             return Self.findInject(Name) != nullptr;
           })
      .def("__len__",
           [](const ModuleObject &Self) { return Self.numInjects(); })
      .def("render", &renderModule, "stubs"_a,
           "Splices one stub per inject into every site of it and returns the "
           "PTX.\n\n"
           "stubs: a dict {inject name: stub} naming every inject, or a list "
           "with "
           "one stub per inject in module.injects order. '' leaves the sites "
           "empty. "
           "Stubs name operands by their stable registers (%_x0 ...).\n\n"
           "Releases the GIL while rendering; many threads may render one "
           "module.")
      .def("__repr__", [](const ModuleObject &Self) {
        return "<Module: " + std::to_string(Self.numInjects()) + " injects, " +
               std::to_string(Self.numSites()) + " sites>";
      });
}

} // namespace python
} // namespace ptxinject
