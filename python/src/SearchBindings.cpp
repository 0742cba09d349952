//===- SearchBindings.cpp - The CPU side of a search ----------------------===//
//
// ptxinject.stack.Variation: the C++ operators (stackptx/Variation.h) over
// NumPy arrays of instruction words, a generation at a time with the GIL
// released, so a search loop in Python pays per generation, not per child.
// ptxinject.stack.evaluate: the batch CPU evaluator (stackptx/BatchEval.h)
// over a generation and the samples, scored against a target.
//
//===----------------------------------------------------------------------===//
#include "Bindings.h"
#include "Errors.h"
#include "ProgramArg.h"

#include "ptxinject/stackptx/BatchEval.h"
#include "ptxinject/stackptx/ConstantFit.h"
#include "ptxinject/stackptx/Variation.h"

#include <nanobind/ndarray.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/string_view.h>
#include <nanobind/stl/tuple.h>
#include <nanobind/stl/vector.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <optional>

namespace nb = nanobind;
using namespace nb::literals;

namespace ptxinject {
namespace python {

namespace {

using stackptx::Program;
using stackptx::VariationOp;

struct PyVariation {
  stackptx::InstructionSet Set;
  std::unique_ptr<stackptx::Variation> V;
  size_t MaxLength = 64;

  /// Count children of Parents (a 2-D uint64 array, one program a row, or
  /// a list of programs): child i varies parent i mod P with a second
  /// parent drawn at random (for the crossovers). Returns a 2-D uint64
  /// array of MaxLength + 1 columns (rows end with return words) and the
  /// operator of each child.
  nb::tuple offspring(nb::handle Parents, size_t Count, uint64_t Seed) {
    std::vector<Program> Spans;
    std::vector<std::vector<StackPtxFastInstruction>> Storage;
    RegisterList NoRegisters;
    const uint64_t *Data;
    size_t Rows, Cols;
    if (wordsOfArray(Parents, Data, Rows, Cols)) {
      const auto *Words =
          reinterpret_cast<const StackPtxFastInstruction *>(Data);
      for (size_t I = 0; I < Rows; ++I)
        Spans.emplace_back(Words + I * Cols, Cols);
    } else {
      size_t N = nb::len(Parents);
      Storage.resize(N);
      size_t I = 0;
      for (nb::handle P : Parents)
        Spans.push_back(toProgram(P, Set, NoRegisters, Storage[I++]));
    }
    if (Spans.empty() && Count)
      throw nb::value_error("offspring needs at least one parent");
    size_t Width = MaxLength + 1;
    auto *Out = new uint64_t[Count * Width](); // zero words are returns
    nb::capsule Owner(
        Out, [](void *P) noexcept { delete[] static_cast<uint64_t *>(P); });
    std::vector<uint8_t> Ops(Count);
    {
      nb::gil_scoped_release Release;
      std::mt19937_64 Rng(Seed);
      std::vector<StackPtxFastInstruction> Child;
      for (size_t I = 0; I < Count; ++I) {
        const Program &A = Spans[I % Spans.size()];
        const Program &B = Spans[Rng() % Spans.size()];
        Ops[I] = uint8_t(V->vary(Rng, A, B, Child));
        std::memcpy(Out + I * Width, Child.data(), Child.size() * 8);
      }
    }
    size_t Shape[2] = {Count, Width};
    nb::ndarray<nb::numpy, uint64_t, nb::ndim<2>> Array(Out, 2, Shape, Owner);
    std::vector<std::string> Names;
    for (uint8_t Op : Ops)
      Names.push_back(stackptx::variationOpName(VariationOp(Op)));
    return nb::make_tuple(Array, Names);
  }

  /// Count fresh programs of Length words, drawn with the same options.
  nb::ndarray<nb::numpy, uint64_t, nb::ndim<2>>
  random(size_t Count, size_t Length, uint64_t Seed) {
    size_t Width = MaxLength + 1;
    auto *Out = new uint64_t[Count * Width]();
    nb::capsule Owner(
        Out, [](void *P) noexcept { delete[] static_cast<uint64_t *>(P); });
    {
      nb::gil_scoped_release Release;
      std::mt19937_64 Rng(Seed);
      std::vector<StackPtxFastInstruction> Program;
      for (size_t I = 0; I < Count; ++I) {
        V->random(Rng, Length, Program);
        std::memcpy(Out + I * Width, Program.data(), Program.size() * 8);
      }
    }
    size_t Shape[2] = {Count, Width};
    return nb::ndarray<nb::numpy, uint64_t, nb::ndim<2>>(Out, 2, Shape, Owner);
  }
};

// Operator weights by name ("point": 30, ...); unnamed ones keep theirs.
void readOpWeights(nb::handle Dict, stackptx::VariationOptions &O) {
  for (auto [Key, Value] : nb::cast<nb::dict>(Dict)) {
    std::string Name = nb::cast<std::string>(Key);
    unsigned Op = 0;
    for (; Op < unsigned(VariationOp::NumOps); ++Op)
      if (Name == stackptx::variationOpName(VariationOp(Op)))
        break;
    if (Op == unsigned(VariationOp::NumOps))
      throw BindingError("invalid-argument",
                         "unknown variation operator '" + Name +
                             "' (point, insert, delete, swap, duplicate, "
                             "crossover1, crossover2, constant)");
    O.OpWeights[Op] = nb::cast<unsigned>(Value);
  }
}

using F32Column = nb::ndarray<const float, nb::ndim<1>, nb::c_contig>;

using Words2D = nb::ndarray<const uint64_t, nb::ndim<2>, nb::c_contig>;
using F32Rows = nb::ndarray<const float, nb::ndim<2>, nb::c_contig>;

// A 2-D float array owned by NumPy, from Data (Rows x Cols).
template <class T>
nb::ndarray<nb::numpy, T, nb::ndim<2>> toArray(const std::vector<T> &Data,
                                               size_t Rows, size_t Cols) {
  T *Out = new T[std::max<size_t>(1, Rows * Cols)];
  std::copy(Data.begin(), Data.end(), Out);
  nb::capsule Owner(Out,
                    [](void *P) noexcept { delete[] static_cast<T *>(P); });
  size_t Shape[2] = {Rows, Cols};
  return nb::ndarray<nb::numpy, T, nb::ndim<2>>(Out, 2, Shape, Owner);
}

nb::ndarray<nb::numpy, double, nb::ndim<1>>
toArray1D(const std::vector<double> &Data) {
  auto *Out = new double[std::max<size_t>(1, Data.size())];
  std::copy(Data.begin(), Data.end(), Out);
  nb::capsule Owner(
      Out, [](void *P) noexcept { delete[] static_cast<double *>(P); });
  size_t Shape[1] = {Data.size()};
  return nb::ndarray<nb::numpy, double, nb::ndim<1>>(Out, 1, Shape, Owner);
}

// The batch evaluator's inputs: one column per register, each of Samples
// samples, and a request among the registers; Target may be null.
stackptx::BatchEvalInputs batchInputs(const RegisterList &R,
                                      const std::vector<F32Column> &Inputs,
                                      size_t Request, size_t Samples,
                                      const float *Target) {
  if (Inputs.size() != R.Registers.size())
    throw BindingError(
        "invalid-argument",
        "one input column per register: " + std::to_string(R.Registers.size()) +
            " registers, " + std::to_string(Inputs.size()) + " columns");
  if (Request >= R.Registers.size())
    throw BindingError("invalid-argument", "request " +
                                               std::to_string(Request) +
                                               " names no register");
  stackptx::BatchEvalInputs In;
  for (const F32Column &C : Inputs) {
    if (C.shape(0) != Samples)
      throw BindingError("invalid-argument",
                         "every input column needs as many samples as the "
                         "target (" +
                             std::to_string(Samples) + ")");
    In.Columns.push_back(reinterpret_cast<const uint32_t *>(C.data()));
  }
  In.Samples = Samples;
  In.Target = Target;
  return In;
}

nb::dict evaluatePrograms(nb::handle Progs, nb::handle RegsArg,
                          std::vector<F32Column> Inputs, size_t Request,
                          F32Column Target, nb::handle SetArg, unsigned Jobs,
                          bool WantOutputs) {
  stackptx::InstructionSet Set = instructionSetOf(SetArg);
  RegisterList R = toRegisters(RegsArg, Set);
  size_t Samples = Target.shape(0);
  stackptx::BatchEvalInputs In =
      batchInputs(R, Inputs, Request, Samples, Target.data());
  std::vector<std::vector<StackPtxFastInstruction>> Storage;
  std::vector<Program> Spans = toPrograms(Progs, Set, R, Storage);
  std::vector<stackptx::ProgramScore> Scores;
  const size_t Requests[] = {Request};
  std::unique_ptr<uint32_t[]> Outputs;
  if (WantOutputs)
    Outputs.reset(new uint32_t[std::max<size_t>(1, Spans.size() * Samples)]);
  {
    nb::gil_scoped_release Release;
    stackptx::evaluateBatch(Set, Spans, R.Registers, Requests, In, Jobs, Scores,
                            Outputs.get());
  }
  size_t N = Scores.size();
  auto column = [&](auto Get) {
    std::vector<double> Values;
    for (const stackptx::ProgramScore &S : Scores)
      Values.push_back(Get(S));
    return toArray1D(Values);
  };
  nb::dict D;
  D["max_abs"] = column([](auto &S) { return S.MaxAbs; });
  D["mean_abs"] = column([](auto &S) { return S.MeanAbs; });
  D["max_ulp"] = column([](auto &S) { return S.MaxUlp; });
  D["steps"] = column([](auto &S) { return double(S.Steps); });
  nb::list Errors;
  for (const stackptx::ProgramScore &S : Scores)
    Errors.append(S.Ok ? nb::object(nb::none())
                       : nb::object(nb::str(S.Error.c_str())));
  D["errors"] = Errors;
  if (Outputs) {
    auto *Data = reinterpret_cast<float *>(Outputs.release());
    nb::capsule Owner(Data, [](void *P) noexcept {
      delete[] reinterpret_cast<uint32_t *>(P);
    });
    size_t Shape[2] = {N, Samples};
    D["outputs"] =
        nb::ndarray<nb::numpy, float, nb::ndim<2>>(Data, 2, Shape, Owner);
  }
  return D;
}

nb::tuple linearScalePy(F32Rows Outputs, F32Column Target, bool ForMaxAbs) {
  size_t Rows = Outputs.shape(0), N = Outputs.shape(1);
  if (Target.shape(0) != N)
    throw BindingError("invalid-argument",
                       "outputs and target need as many samples");
  std::vector<double> A(Rows), B(Rows);
  for (size_t R = 0; R < Rows; ++R) {
    stackptx::LinearScale L = stackptx::linearScale(
        Outputs.data() + R * N, Target.data(), N, ForMaxAbs);
    A[R] = L.A;
    B[R] = L.B;
  }
  return nb::make_tuple(toArray1D(A), toArray1D(B));
}

// The fit candidates among Words' rows, in Order, until Count have a
// constant (prepareFit): (their row indices, their words as rows, their
// constants' positions).
nb::tuple fitCandidatesPy(Words2D Words, std::vector<size_t> Order,
                          std::vector<size_t> Tails, size_t Count,
                          std::optional<std::vector<uint64_t>> Weight,
                          nb::handle RegsArg, size_t Request,
                          nb::handle SetArg) {
  stackptx::InstructionSet Set = instructionSetOf(SetArg);
  RegisterList R = toRegisters(RegsArg, Set);
  size_t Rows = Words.shape(0), Width = Words.shape(1);
  if (Tails.size() != Rows || Request >= R.Registers.size() ||
      (Weight && Weight->size() != 2))
    throw BindingError("invalid-argument",
                       "a tail per program, a request among the registers "
                       "and a weight of two words");
  StackPtxFastInstruction W[2];
  if (Weight)
    std::memcpy(W, Weight->data(), sizeof W);
  for (size_t I : Order)
    if (I >= Rows)
      throw BindingError("invalid-argument", "an index past the programs");
  std::vector<size_t> Picked;
  std::vector<std::vector<StackPtxFastInstruction>> Fitted;
  std::vector<std::vector<size_t>> Positions;
  size_t Longest = 1;
  {
    nb::gil_scoped_release Release;
    stackptx::FitCandidate C;
    const auto *Data =
        reinterpret_cast<const StackPtxFastInstruction *>(Words.data());
    for (size_t I : Order) {
      if (Picked.size() == Count)
        break;
      if (!stackptx::prepareFit(Set, Program(Data + I * Width, Width), Tails[I],
                                Weight ? W : nullptr, R.Registers, Request,
                                C) ||
          C.Positions.empty())
        continue;
      Picked.push_back(I);
      Fitted.push_back(C.Words);
      Positions.push_back(C.Positions);
      Longest = std::max(Longest, C.Words.size());
    }
  }
  std::vector<uint64_t> Flat(Picked.size() * Longest, 0);
  for (size_t P = 0; P < Picked.size(); ++P)
    std::memcpy(&Flat[P * Longest], Fitted[P].data(), Fitted[P].size() * 8);
  return nb::make_tuple(Picked, toArray(Flat, Picked.size(), Longest),
                        Positions);
}

nb::tuple fitConstantsPy(Words2D Words,
                         std::vector<std::vector<size_t>> Positions,
                         nb::handle RegsArg, std::vector<F32Column> Inputs,
                         size_t Request, F32Column Target, nb::handle SetArg,
                         unsigned Iterations, size_t MaxConstants, bool Scale,
                         std::optional<F32Rows> Outputs, unsigned Jobs) {
  stackptx::InstructionSet Set = instructionSetOf(SetArg);
  RegisterList R = toRegisters(RegsArg, Set);
  size_t Rows = Words.shape(0), Width = Words.shape(1), N = Target.shape(0);
  if (Positions.size() != Rows)
    throw BindingError("invalid-argument", "one list of positions per program");
  stackptx::BatchEvalInputs In =
      batchInputs(R, Inputs, Request, N, Target.data());
  std::vector<std::vector<StackPtxFastInstruction>> Programs(Rows);
  for (size_t P = 0; P < Rows; ++P) {
    Programs[P].resize(Width);
    std::memcpy(Programs[P].data(), Words.data() + P * Width, Width * 8);
    for (size_t Pos : Positions[P])
      if (Pos >= Width)
        throw BindingError("invalid-argument", "a position past the program");
  }
  std::vector<float> Out;
  if (Outputs) {
    if (Outputs->shape(0) != Rows || Outputs->shape(1) != N)
      throw BindingError("invalid-argument", "one row of outputs per program");
    Out.assign(Outputs->data(), Outputs->data() + Rows * N);
  }
  stackptx::ConstantFitOptions O;
  O.Iterations = Iterations;
  O.MaxConstants = MaxConstants;
  O.Scale = Scale;
  O.Jobs = Jobs;
  size_t Evaluated;
  {
    nb::gil_scoped_release Release;
    Evaluated = stackptx::fitConstants(Set, Programs, Positions, R.Registers,
                                       Request, In, O, Out);
  }
  std::vector<uint64_t> Fitted(Rows * Width);
  for (size_t P = 0; P < Rows; ++P)
    std::memcpy(&Fitted[P * Width], Programs[P].data(), Width * 8);
  return nb::make_tuple(toArray(Fitted, Rows, Width), Evaluated,
                        toArray(Out, Rows, N));
}

std::vector<std::string> crossCheckPrograms(nb::handle Progs,
                                            nb::handle RegsArg,
                                            std::vector<F32Column> Inputs,
                                            size_t Request, nb::handle SetArg,
                                            size_t MaxSamples) {
  stackptx::InstructionSet Set = instructionSetOf(SetArg);
  RegisterList R = toRegisters(RegsArg, Set);
  stackptx::BatchEvalInputs In = batchInputs(
      R, Inputs, Request, Inputs.empty() ? 0 : Inputs[0].shape(0), nullptr);
  std::vector<std::vector<StackPtxFastInstruction>> Storage;
  std::vector<Program> Spans = toPrograms(Progs, Set, R, Storage);
  std::vector<std::string> Out;
  nb::gil_scoped_release Release;
  for (const Program &P : Spans)
    Out.push_back(
        stackptx::crossCheck(Set, P, R.Registers, Request, In, MaxSamples));
  return Out;
}

// Word kind weights by name; unnamed ones keep theirs.
void readWordWeights(nb::handle Dict, stackptx::WordWeights &W) {
  struct Field {
    const char *Name;
    unsigned stackptx::WordWeights::*Member;
  } Fields[] = {{"input", &stackptx::WordWeights::Input},
                {"constant", &stackptx::WordWeights::Constant},
                {"instruction", &stackptx::WordWeights::Instruction},
                {"special_register", &stackptx::WordWeights::SpecialRegister},
                {"meta", &stackptx::WordWeights::Meta},
                {"store_load", &stackptx::WordWeights::StoreLoad},
                {"routine", &stackptx::WordWeights::Routine}};
  for (auto [Key, Value] : nb::cast<nb::dict>(Dict)) {
    std::string Name = nb::cast<std::string>(Key);
    bool Found = false;
    for (const Field &F : Fields)
      if (Name == F.Name) {
        W.*F.Member = nb::cast<unsigned>(Value);
        Found = true;
      }
    if (!Found)
      throw BindingError("invalid-argument",
                         "unknown word kind '" + Name +
                             "' (input, constant, instruction, "
                             "special_register, meta, store_load, routine)");
  }
}

} // namespace

void bindVariation(nb::module_ &M) {
  M.def("_cross_check_programs", &crossCheckPrograms, "programs"_a,
        "registers"_a, "inputs"_a, "request"_a, "instruction_set"_a.none(),
        "max_samples"_a,
        "The engine behind ptxinject.stack.cross_check (use that).");
  M.def("_evaluate_programs", &evaluatePrograms, "programs"_a, "registers"_a,
        "inputs"_a, "request"_a, "target"_a, "instruction_set"_a.none(),
        "jobs"_a, "outputs"_a = false,
        "The engine behind ptxinject.stack.evaluate (use that).");
  M.def("_linear_scale", &linearScalePy, "outputs"_a, "target"_a,
        "for_max_abs"_a,
        "The engine behind ptxinject.search.fitting.linear_scale.");
  M.def("_fit_candidates", &fitCandidatesPy, "programs"_a, "order"_a, "tails"_a,
        "count"_a, "weight"_a.none(), "registers"_a, "request"_a,
        "instruction_set"_a.none(),
        "The engine behind ptxinject.search's choice of programs to fit.");
  M.def("_fit_constants", &fitConstantsPy, "programs"_a, "positions"_a,
        "registers"_a, "inputs"_a, "request"_a, "target"_a,
        "instruction_set"_a.none(), "iterations"_a, "max_constants"_a,
        "scale"_a, "outputs"_a.none(), "jobs"_a = 1,
        "The engine behind ptxinject.search's constant fitting.");
  nb::class_<PyVariation>(
      M, "Variation",
      "Variation operators on Stack PTX programs for a search: point "
      "mutation, insertion, deletion, swap, duplication, one- and two-point "
      "crossover, constant perturbation. Every child compiles and names "
      "nothing the arch lacks; the same seed gives the same children.")
      .def(
          "__init__",
          [](PyVariation *Self, nb::handle SetArg, size_t NumRegisters,
             const std::optional<std::string> &Arch, size_t MaxLength,
             bool InterpretedOnly, std::vector<unsigned> StackTypes,
             bool SpecialRegisters, nb::handle OpWeights,
             nb::handle WordWeightsArg) {
            new (Self)
                PyVariation{instructionSetOf(SetArg), nullptr, MaxLength};
            stackptx::RandomProgramOptions Draw;
            Draw.InterpretedOnly = InterpretedOnly;
            Draw.StackTypes = std::move(StackTypes);
            Draw.SpecialRegisters = SpecialRegisters;
            if (Arch && !stackptx::Target::parse(*Arch, Draw.For))
              throw BindingError("invalid-argument",
                                 "arch '" + *Arch +
                                     "' is not sm_NN such as sm_80 or sm_90a");
            stackptx::VariationOptions O;
            O.MaxLength = MaxLength;
            if (!OpWeights.is_none())
              readOpWeights(OpWeights, O);
            stackptx::WordWeights W;
            if (!WordWeightsArg.is_none())
              readWordWeights(WordWeightsArg, W);
            Self->V = std::make_unique<stackptx::Variation>(
                Self->Set, NumRegisters, Draw, W, O);
          },
          "instruction_set"_a.none(), "num_registers"_a, nb::kw_only(),
          "arch"_a.none() = nb::none(), "max_length"_a = 64,
          "interpreted_only"_a = false,
          "stack_types"_a = std::vector<unsigned>(),
          "special_registers"_a = true, "op_weights"_a.none() = nb::none(),
          "word_weights"_a.none() = nb::none(),
          "num_registers: the input registers programs may read (input "
          "words 0..n-1). arch: draw nothing it lacks. interpreted_only: "
          "draw only what the CPU interpreter models. stack_types: draw only "
          "instructions on these stacks (indices). special_registers: False "
          "draws none (the CPU interpreter reads them as 0, which a GPU does "
          "not). op_weights: {'point': 30, ...} relative weights of the "
          "operators. word_weights: {'input': 20, 'constant': 12, "
          "'instruction': 43, 'special_register': 3, 'meta': 12, "
          "'store_load': 6, 'routine': 4} relative weights of the kinds of "
          "new words.")
      .def_prop_ro("max_length",
                   [](const PyVariation &V) { return V.MaxLength; })
      .def("random", &PyVariation::random, "count"_a, "length"_a, "seed"_a = 0,
           "count fresh programs of `length` words drawn as the operators "
           "draw theirs: a (count, max_length + 1) uint64 array.")
      .def("offspring", &PyVariation::offspring, "parents"_a, "count"_a,
           "seed"_a = 0,
           "count children of the parents (a 2-D uint64 array, a row a "
           "program, or a list of programs): child i varies parent i % "
           "len(parents), crossing it with a random one. Returns (children, "
           "ops): a (count, max_length + 1) uint64 array whose rows end with "
           "return words, and each child's operator. Releases the GIL.");
}

} // namespace python
} // namespace ptxinject
