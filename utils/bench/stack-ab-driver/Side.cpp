//===- Side.cpp - One side of the Stack PTX A/B benchmark -----------------===//
//
// Built twice, once per revision, with -Dptxinject=<a namespace of its own>
// and -DSTACK_AB_SIDE=A or B: the two copies of the core then link into one
// program (see stack-ab), which times them on the same programs.
//
//===----------------------------------------------------------------------===//
#include "ptxinject/stackptx/Random.h"
#include "ptxinject/stackptx/StackPtx.h"

#include <string>
#include <vector>

#define STACK_AB_CAT2(A, B) A##B
#define STACK_AB_CAT(A, B) STACK_AB_CAT2(A, B)
#define STACK_AB_FN(Name) STACK_AB_CAT(Name, STACK_AB_SIDE)

using namespace ptxinject::stackptx;

namespace {
/// The bench's setting: four f32 registers, the last one requested.
struct Side {
  const InstructionSet &Set = InstructionSet::builtin();
  Compiler C{Set};
  Workspace WS;
  std::string Out;
  std::vector<StackPtxFastRegister> Regs;
  unsigned F32 = 0;
};
} // namespace

extern "C" void *STACK_AB_FN(stackAbCreate)() {
  Side *S = new Side;
  S->F32 = unsigned(S->Set.findStackType("F32"));
  S->Regs = {{"x", S->F32}, {"y", S->F32}, {"w", S->F32}, {"z", S->F32}};
  return S;
}

/// Appends N random programs of Length instructions (as the bench draws
/// them) to Flat; Starts gets each one's first index, then the end.
extern "C" void
STACK_AB_FN(stackAbGenerate)(void *P, size_t Length, size_t N,
                             std::vector<StackPtxFastInstruction> *Flat,
                             std::vector<size_t> *Starts) {
  Side *S = static_cast<Side *>(P);
  RandomProgramOptions Options;
  Options.StackTypes = {S->F32};
  Options.SpecialRegisters = false;
  std::mt19937_64 Rng(Length * 7919);
  std::vector<StackPtxFastInstruction> Prog;
  for (size_t I = 0; I < N; ++I) {
    randomProgram(Rng, Length, S->Set, S->Regs, Prog, Options);
    Starts->push_back(Flat->size());
    Flat->insert(Flat->end(), Prog.begin(), Prog.end());
  }
  Starts->push_back(Flat->size());
}

/// Compiles programs First to First + Count; returns their stubs' total size.
extern "C" size_t
STACK_AB_FN(stackAbCompile)(void *P, const StackPtxFastInstruction *Flat,
                            const size_t *Starts, size_t First, size_t Count) {
  Side *S = static_cast<Side *>(P);
  static const size_t Requests[] = {3};
  size_t Bytes = 0;
  for (size_t I = First; I < First + Count; ++I) {
    Program Prog(Flat + Starts[I], Starts[I + 1] - Starts[I]);
    S->C.compile(Prog, S->Regs, Requests, S->WS, S->Out);
    Bytes += S->Out.size();
  }
  return Bytes;
}

extern "C" const std::string *STACK_AB_FN(stackAbOutput)(void *P) {
  return &static_cast<Side *>(P)->Out;
}
