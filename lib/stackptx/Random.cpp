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

void randomProgram(std::mt19937_64 &Rng, size_t Length,
                   const InstructionSet &Set,
                   Span<StackPtxFastRegister> Registers,
                   std::vector<StackPtxFastInstruction> &Out,
                   const RandomProgramOptions &Options) {
  const StackPtxFastInstructionSetInfo &Info = Set.info();
  std::vector<unsigned> Instrs, ConstStacks, Specials,
      AllowedStacks = Options.StackTypes;
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

  auto pick = [&](size_t N) { return size_t(Rng() % N); };
  auto pickStack = [&]() { return AllowedStacks[pick(AllowedStacks.size())]; };
  Out.clear();
  Out.reserve(Length + 1);
  for (size_t Misses = 0; Out.size() < Length && Misses < 1000;) {
    size_t Before = Out.size();
    unsigned Roll = unsigned(pick(100));
    if (Roll < 20 && !Registers.empty()) {
      Out.push_back(stack_ptx_fast_encode_input(pick(Registers.size())));
    } else if (Roll < 32 && !ConstStacks.empty()) {
      unsigned S = ConstStacks[pick(ConstStacks.size())];
      uint32_t Bits;
      if (Info.stack_types[S].constant_kind == STACK_PTX_FAST_CONSTANT_F32) {
        // Small, exactly representable values keep results finite and readable.
        float F = float(int(pick(33)) - 16) * 0.25f;
        std::memcpy(&Bits, &F, 4);
      } else {
        Bits = uint32_t(Rng() % 1000);
      }
      Out.push_back(stack_ptx_fast_encode_constant_bits(S, Bits));
    } else if (Roll < 75 && !Instrs.empty()) {
      Out.push_back(
          stack_ptx_fast_encode_ptx_instruction(Instrs[pick(Instrs.size())]));
    } else if (Roll < 78 && !Specials.empty()) {
      Out.push_back(stack_ptx_fast_encode_special_register(
          Specials[pick(Specials.size())]));
    } else if (Roll < 90 && Options.Meta) {
      unsigned Op = unsigned(pick(STACK_PTX_FAST_META_NUM_ENUMS));
      if (Op == STACK_PTX_FAST_META_CONSTANT)
        Out.push_back(stack_ptx_fast_encode_meta_constant(uint32_t(pick(4))));
      else
        Out.push_back(stack_ptx_fast_encode_meta(Op, pickStack()));
    } else if (Roll < 96 && Options.StoreLoad) {
      if (pick(2))
        Out.push_back(stack_ptx_fast_encode_store(pickStack(), pick(4)));
      else
        Out.push_back(stack_ptx_fast_encode_load(pick(4)));
    } else if (Options.NumRoutines) {
      Out.push_back(stack_ptx_fast_encode_routine(pick(Options.NumRoutines)));
    }
    Misses = Out.size() == Before ? Misses + 1 : 0; // nothing drawable: stop
  }
  Out.push_back(stack_ptx_fast_encode_return);
}

} // namespace stackptx
} // namespace ptxinject
