//===- Variation.cpp - Variation operators on Stack PTX programs ----------===//
#include "ptxinject/stackptx/Variation.h"

#include <algorithm>

namespace ptxinject {
namespace stackptx {

namespace {

using Words = std::vector<StackPtxFastInstruction>;

// The words before the first return: what the operators act on.
Program body(Program P) {
  size_t N = 0;
  while (N < P.size() && P[N].kind != STACK_PTX_FAST_INSTRUCTION_KIND_RETURN)
    ++N;
  return Program(P.data(), N);
}

size_t below(std::mt19937_64 &Rng, size_t N) { return N ? Rng() % N : 0; }

} // namespace

const char *variationOpName(VariationOp Op) {
  static const char *const Names[] = {"point",      "insert",    "delete",
                                      "swap",       "duplicate", "crossover1",
                                      "crossover2", "constant"};
  unsigned I = unsigned(Op);
  return I < unsigned(VariationOp::NumOps) ? Names[I] : "unknown";
}

Variation::Variation(const InstructionSet &Set, size_t NumRegisters,
                     const RandomProgramOptions &Draw,
                     const WordWeights &Weights,
                     const VariationOptions &Options)
    : Drawer(Set, NumRegisters, Draw, Weights), Options(Options) {
  for (unsigned W : Options.OpWeights)
    Total += W;
}

VariationOp Variation::vary(std::mt19937_64 &Rng, Program A, Program B,
                            Words &Out) const {
  VariationOp Op = VariationOp::Point;
  if (Total) {
    unsigned Roll = unsigned(Rng() % Total);
    for (unsigned I = 0; I < unsigned(VariationOp::NumOps); ++I) {
      if (Roll < Options.OpWeights[I]) {
        Op = VariationOp(I);
        break;
      }
      Roll -= Options.OpWeights[I];
    }
  }
  apply(Op, Rng, A, B, Out);
  return Op;
}

void Variation::apply(VariationOp Op, std::mt19937_64 &Rng, Program A,
                      Program B, Words &Out) const {
  Program PA = body(A), PB = body(B);
  Out.assign(PA.data(), PA.data() + PA.size());
  size_t N = Out.size();
  StackPtxFastInstruction W;
  switch (Op) {
  case VariationOp::Point:
    if (N && Drawer.draw(Rng, W))
      Out[below(Rng, N)] = W;
    break;
  case VariationOp::Insert:
    if (Drawer.draw(Rng, W))
      Out.insert(Out.begin() + below(Rng, N + 1), W);
    break;
  case VariationOp::Delete:
    if (N)
      Out.erase(Out.begin() + below(Rng, N));
    break;
  case VariationOp::Swap:
    if (N > 1)
      std::swap(Out[below(Rng, N)], Out[below(Rng, N)]);
    break;
  case VariationOp::Duplicate:
    if (N) {
      size_t From = below(Rng, N),
             Len = 1 + below(Rng, std::min<size_t>(N - From, 8));
      Words Segment(Out.begin() + From, Out.begin() + From + Len);
      Out.insert(Out.begin() + From + Len, Segment.begin(), Segment.end());
    }
    break;
  case VariationOp::OnePointCrossover: {
    size_t CutA = below(Rng, N + 1), CutB = below(Rng, PB.size() + 1);
    Out.resize(CutA);
    Out.insert(Out.end(), PB.data() + CutB, PB.data() + PB.size());
    break;
  }
  case VariationOp::TwoPointCrossover: {
    size_t A0 = below(Rng, N + 1), A1 = below(Rng, N + 1);
    size_t B0 = below(Rng, PB.size() + 1), B1 = below(Rng, PB.size() + 1);
    if (A0 > A1)
      std::swap(A0, A1);
    if (B0 > B1)
      std::swap(B0, B1);
    Out.erase(Out.begin() + A0, Out.begin() + A1);
    Out.insert(Out.begin() + A0, PB.data() + B0, PB.data() + B1);
    break;
  }
  case VariationOp::Constant: {
    std::vector<size_t> Constants;
    for (size_t I = 0; I < N; ++I)
      if (Out[I].kind == STACK_PTX_FAST_INSTRUCTION_KIND_CONSTANT)
        Constants.push_back(I);
    if (!Constants.empty())
      Drawer.perturbConstant(Rng, Out[Constants[below(Rng, Constants.size())]]);
    break;
  }
  case VariationOp::NumOps:
    break;
  }
  if (Out.size() > Options.MaxLength)
    Out.resize(Options.MaxLength);
  Out.push_back(stack_ptx_fast_encode_return);
}

void Variation::random(std::mt19937_64 &Rng, size_t Length, Words &Out) const {
  Out.clear();
  StackPtxFastInstruction W;
  while (Out.size() < std::min(Length, Options.MaxLength) &&
         Drawer.draw(Rng, W))
    Out.push_back(W);
  Out.push_back(stack_ptx_fast_encode_return);
}

} // namespace stackptx
} // namespace ptxinject
