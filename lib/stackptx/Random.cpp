//===- StackPtxRandom.cpp - Random Stack PTX programs ---------------------===//
//
// Draws instruction kinds with weights that keep stacks fed: operands
// (inputs, constants) are common enough that most PTX instructions run.
//
//===----------------------------------------------------------------------===//
#include "ptxinject/stackptx/Random.h"
#include "ptxinject/eval/PtxEval.h"

#include <algorithm>
#include <cstring>

namespace ptxinject {
namespace stackptx {
namespace {

bool touchesOnly(const StackPtxFastInstructionSetInfo &Info,
                 const StackPtxFastPtxInstructionInfo &I,
                 const std::vector<unsigned> &Stacks) {
  auto ok = [&](uint8_t A) {
    return A < Info.num_arg_types &&
           std::find(Stacks.begin(), Stacks.end(),
                     Info.arg_types[A].stack_idx) != Stacks.end();
  };
  for (unsigned A = 0; A < I.num_args; ++A)
    if (!ok(I.args[A]))
      return false;
  for (unsigned R = 0; R < I.num_rets; ++R)
    if (!ok(I.rets[R]))
      return false;
  return true;
}

bool interpreted(const StackPtxFastInstructionSetInfo &Info,
                 const StackPtxFastPtxInstructionInfo &I) {
  if (I.num_rets != 1)
    return false;
  for (unsigned A = 0; A < I.num_args; ++A)
    if (Info.arg_types[I.args[A]].num_vec_elems)
      return false;
  if (Info.arg_types[I.rets[0]].num_vec_elems)
    return false;
  uint32_t Args[STACK_PTX_FAST_MAX_ARGS] = {1, 1, 1, 1}, R;
  return eval::evaluateOpcode(I.ptx, Args, I.num_args, &R, 1);
}

} // namespace

WordDrawer::WordDrawer(const InstructionSet &Set, size_t NumRegisters,
                       const RandomProgramOptions &Options,
                       const WordWeights &Weights)
    : Set(Set), NumRegisters(NumRegisters), Options(Options),
      AllowedStacks(Options.StackTypes) {
  const StackPtxFastInstructionSetInfo &Info = Set.info();
  if (AllowedStacks.empty())
    for (unsigned S = 0; S < Info.num_stack_types; ++S)
      AllowedStacks.push_back(S);
  auto excluded = [&](const char *Name) {
    return std::find(Options.Exclude.begin(), Options.Exclude.end(), Name) !=
           Options.Exclude.end();
  };
  for (unsigned I = 0; I < Info.num_instructions; ++I)
    if (!excluded(Info.instructions[I].display) &&
        Options.For.has(Set.instructionTarget(I)) &&
        touchesOnly(Info, Info.instructions[I], AllowedStacks) &&
        (!Options.InterpretedOnly || interpreted(Info, Info.instructions[I])))
      Instrs.push_back(I);
  for (unsigned S : AllowedStacks)
    if (S < Info.num_stack_types &&
        Info.stack_types[S].constant_kind != STACK_PTX_FAST_CONSTANT_NONE)
      ConstStacks.push_back(S);
  if (Options.SpecialRegisters)
    for (unsigned S = 0; S < Info.num_special_registers; ++S) {
      uint8_t A = Info.special_registers[S].arg_type;
      if (!excluded(Info.special_registers[S].ptx) && A < Info.num_arg_types &&
          Options.For.has(Set.specialRegisterTarget(S)) &&
          std::find(AllowedStacks.begin(), AllowedStacks.end(),
                    Info.arg_types[A].stack_idx) != AllowedStacks.end())
        Specials.push_back(S);
    }
  const unsigned W[7] = {Weights.Input,       Weights.Constant,
                         Weights.Instruction, Weights.SpecialRegister,
                         Weights.Meta,        Weights.StoreLoad,
                         Weights.Routine};
  unsigned Sum = 0;
  for (unsigned K = 0; K < 7; ++K)
    Bounds[K] = Sum += W[K];
}

bool WordDrawer::draw(std::mt19937_64 &Rng,
                      StackPtxFastInstruction &Out) const {
  // A roll can land on a kind with nothing to draw (routines, when there
  // are none): roll again, as often as it takes within reason.
  for (unsigned Try = 0; Try < 1000; ++Try)
    if (drawOnce(Rng, Out))
      return true;
  return false;
}

bool WordDrawer::drawOnce(std::mt19937_64 &Rng,
                          StackPtxFastInstruction &Out) const {
  const StackPtxFastInstructionSetInfo &Info = Set.info();
  auto pick = [&](size_t N) { return size_t(Rng() % N); };
  auto pickStack = [&]() { return AllowedStacks[pick(AllowedStacks.size())]; };
  if (Bounds[6] == 0)
    return false;
  // A roll below a kind's bound draws that kind, if it has anything to
  // draw; else the roll falls to the next kind.
  unsigned Roll = unsigned(pick(Bounds[6]));
  if (Roll < Bounds[0] && NumRegisters) {
    Out = stack_ptx_fast_encode_input(pick(NumRegisters));
  } else if (Roll < Bounds[1] && !ConstStacks.empty()) {
    unsigned S = ConstStacks[pick(ConstStacks.size())];
    uint32_t Bits;
    if (Info.stack_types[S].constant_kind == STACK_PTX_FAST_CONSTANT_F32) {
      // Small, exactly representable values keep results finite and readable.
      float F = float(int(pick(33)) - 16) * 0.25f;
      std::memcpy(&Bits, &F, 4);
    } else {
      Bits = uint32_t(Rng() % 1000);
    }
    Out = stack_ptx_fast_encode_constant_bits(S, Bits);
  } else if (Roll < Bounds[2] && !Instrs.empty()) {
    Out = stack_ptx_fast_encode_ptx_instruction(Instrs[pick(Instrs.size())]);
  } else if (Roll < Bounds[3] && !Specials.empty()) {
    Out =
        stack_ptx_fast_encode_special_register(Specials[pick(Specials.size())]);
  } else if (Roll < Bounds[4] && Options.Meta) {
    unsigned Op = unsigned(pick(STACK_PTX_FAST_META_NUM_ENUMS));
    if (Op == STACK_PTX_FAST_META_CONSTANT)
      Out = stack_ptx_fast_encode_meta_constant(uint32_t(pick(4)));
    else
      Out = stack_ptx_fast_encode_meta(Op, pickStack());
  } else if (Roll < Bounds[5] && Options.StoreLoad) {
    if (pick(2))
      Out = stack_ptx_fast_encode_store(pickStack(), pick(4));
    else
      Out = stack_ptx_fast_encode_load(pick(4));
  } else if (Options.NumRoutines) {
    Out = stack_ptx_fast_encode_routine(pick(Options.NumRoutines));
  } else {
    return false;
  }
  return true;
}

void WordDrawer::perturbConstant(std::mt19937_64 &Rng,
                                 StackPtxFastInstruction &W) const {
  const StackPtxFastInstructionSetInfo &Info = Set.info();
  if (W.kind != STACK_PTX_FAST_INSTRUCTION_KIND_CONSTANT ||
      W.stack_idx >= Info.num_stack_types)
    return;
  std::uniform_real_distribution<float> Unit(-1.0f, 1.0f);
  switch (Info.stack_types[W.stack_idx].constant_kind) {
  case STACK_PTX_FAST_CONSTANT_F32:
    W.payload.f = (Rng() & 1) ? W.payload.f * (1.0f + 0.25f * Unit(Rng))
                              : W.payload.f + 0.5f * Unit(Rng);
    break;
  case STACK_PTX_FAST_CONSTANT_NONE:
    break;
  default: {
    int32_t Step = int32_t(1 + Rng() % 4);
    W.payload.u += uint32_t((Rng() & 1) ? Step : -Step);
    break;
  }
  }
}

void randomProgram(std::mt19937_64 &Rng, size_t Length,
                   const InstructionSet &Set,
                   Span<StackPtxFastRegister> Registers,
                   std::vector<StackPtxFastInstruction> &Out,
                   const RandomProgramOptions &Options) {
  WordDrawer Drawer(Set, Registers.size(), Options);
  Out.clear();
  Out.reserve(Length + 1);
  StackPtxFastInstruction W;
  while (Out.size() < Length && Drawer.draw(Rng, W)) // false: nothing to draw
    Out.push_back(W);
  Out.push_back(stack_ptx_fast_encode_return);
}

} // namespace stackptx
} // namespace ptxinject
