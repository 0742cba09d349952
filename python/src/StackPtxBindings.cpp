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
#include "ptxinject/stackptx/StubCosts.h"
#include "ptxinject/stackptx/Text.h"
#include "ptxinject/variants/ContentHash.h"

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
using stackptx::StubCost;
using stackptx::StubCosts;

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

  // Compiles a batch into this thread's buffers (stub I ends at
  // B.Ends[I]), for compile_batch and digest_batch.
  ThreadBuffers &compileInto(nb::handle Progs, nb::handle Regs, nb::handle Reqs,
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
    return B;
  }

  // 64-bit digests of the stubs compileBatch would return (the low half of
  // the content hash the variant cache keys on): what a search keeps of
  // every stub it asked for, without making the strings.
  std::vector<uint64_t> digestBatch(nb::handle Progs, nb::handle Regs,
                                    nb::handle Reqs) const {
    ThreadBuffers &B = compileInto(Progs, Regs, Reqs, nb::none());
    std::vector<uint64_t> Digests;
    size_t Start = 0;
    for (size_t End : B.Ends) {
      std::string_view Stub(B.Out.data() + Start, End - Start);
      Digests.push_back(variants::ContentHasher().add(Stub).result().Lo);
      Start = End;
    }
    return Digests;
  }

  nb::list compileBatch(nb::handle Progs, nb::handle Regs, nb::handle Reqs,
                        nb::handle Routines) const {
    ThreadBuffers &B = compileInto(Progs, Regs, Reqs, Routines);
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
  auto SetClass =
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
          .def_prop_ro(
              "max_instruction_elems",
              [](const InstructionSet &S) {
                const StackPtxFastInstructionSetInfo &I = S.info();
                auto elems = [&](uint8_t Arg) -> size_t {
                  size_t V = Arg < I.num_arg_types
                                 ? I.arg_types[Arg].num_vec_elems
                                 : 0;
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
                         return names(S.info().arg_types,
                                      S.info().num_arg_types,
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
                  Out.append(nb::make_tuple(S.info().instructions[I].ptx,
                                            C.Latency, C.Approximate));
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
                  throw BindingError(
                      "invalid-argument",
                      "no stack type " + std::to_string(StackIdx) +
                          " (the set has " +
                          std::to_string(S.info().num_stack_types) + ")");
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
              "How the literals of stack type stack_idx are written: 'f32', "
              "'u32', "
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
                if (Error Err = stackptx::parseProgram(
                        textOf(Text, "a program"), S, R.Registers, Out))
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
  bindReferenceSet(M, SetClass);

  nb::class_<StubCosts>(M, "StubCosts",
                        "What compiled stubs cost by an instruction set's "
                        "description (ptxinject.search.InstructionCosts).")
      .def(nb::init<const InstructionSet &>(), "instruction_set"_a)
      .def(
          "measure",
          [](const StubCosts &C, const std::vector<std::string> &Stubs) {
            nb::list Out;
            for (const std::string &S : Stubs) {
              StubCost Cost = C.measure(S);
              Out.append(
                  nb::make_tuple(Cost.Live, Cost.Approximate, Cost.Latency));
            }
            return Out;
          },
          "stubs"_a,
          "Per stub: (live statements, approximate ones, summed latency).");

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
      .def("digest_batch", &PyCompiler::digestBatch, "programs"_a,
           "registers"_a, "requests"_a,
           "64-bit digests (FNV-1a/128, low half) of the stubs compile_batch "
           "returns, "
           "one per program, without making the strings.")
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
