//===- StackPtxInterpreter.cpp - CPU interpreter of Stack PTX -------------===//
//
// A direct stack machine over concrete values, written apart from the
// compiler's value graph so the two can check each other. Skipping rules and
// limits mirror the compiler's (see docs/stack-ptx.md).
//
//===----------------------------------------------------------------------===//
#include "ptxinject/stackptx/Interpreter.h"
#include "ptxinject/eval/PtxEval.h"

#include <algorithm>
#include <cstring>
#include <optional>

namespace ptxinject {
namespace stackptx {
namespace {

struct Slot {
  bool Full = false;
  unsigned Stack = 0;
  uint32_t Bits = 0;
};

class Interpreter {
public:
  Interpreter(const StackPtxFastInstructionSetInfo &Set,
              const StackPtxFastCompilerInfo &Limits,
              Span<StackPtxFastRegister> Registers, Span<uint32_t> Inputs)
      : Stacks(Set.num_stack_types), Set(Set), Limits(Limits),
        Registers(Registers), Inputs(Inputs), Slots(Limits.store_size) {}

  bool run(Program Prog, Span<Program> Routines, size_t Depth,
           std::string &Error);
  std::vector<std::vector<uint32_t>> Stacks;
  /// Tracing: stacks hold value numbers instead of bits, and every value
  /// made is recorded here.
  Tape *Trace = nullptr;

private:
  // What a stack receives for a constant: its bits, or when tracing the
  // number of a new value holding them.
  uint32_t constant(uint32_t Bits) {
    if (!Trace)
      return Bits;
    uint32_t V = uint32_t(Trace->NumValues++);
    Trace->Constants.push_back({V, Bits});
    Trace->ConstantWords.push_back(uint32_t(Word));
    return V;
  }
  bool room(unsigned S, size_t N) const {
    return Stacks[S].size() + N <= Limits.stack_size;
  }
  bool newValues(size_t N) {
    if (Created + N > Limits.max_ast_size)
      return false;
    Created += N;
    return true;
  }
  bool ptx(unsigned Index, std::string &Error);
  void meta(unsigned Op, unsigned Stack, uint32_t Payload);

  const StackPtxFastInstructionSetInfo &Set;
  const StackPtxFastCompilerInfo &Limits;
  Span<StackPtxFastRegister> Registers;
  Span<uint32_t> Inputs;
  std::vector<Slot> Slots;
  std::vector<uint32_t> Meta;
  size_t Created = 0, Operands = 0, Executed = 0;
  // The program's word being run (Tape::ConstantWords).
  size_t Word = Tape::NoWord;
};

unsigned countOf(const StackPtxFastArgTypeInfo &T) {
  return T.num_vec_elems ? T.num_vec_elems : 1;
}

bool Interpreter::ptx(unsigned Index, std::string &Error) {
  const StackPtxFastPtxInstructionInfo &I = Set.instructions[Index];
  // No result: an entry the target lacks (InstructionSet::forTarget), which
  // the compiler skips without touching the stacks.
  if (I.num_rets == 0)
    return true;
  std::vector<size_t> Need(Set.num_stack_types), Push(Set.num_stack_types);
  size_t NumArgs = 0, NumRets = 0;
  for (unsigned A = 0; A < I.num_args; ++A) {
    Need[Set.arg_types[I.args[A]].stack_idx] +=
        countOf(Set.arg_types[I.args[A]]);
    NumArgs += countOf(Set.arg_types[I.args[A]]);
  }
  for (unsigned R = 0; R < I.num_rets; ++R) {
    Push[Set.arg_types[I.rets[R]].stack_idx] +=
        countOf(Set.arg_types[I.rets[R]]);
    NumRets += countOf(Set.arg_types[I.rets[R]]);
  }
  for (size_t S = 0; S < Stacks.size(); ++S)
    if (Need[S] > Stacks[S].size() ||
        Stacks[S].size() - Need[S] + Push[S] > Limits.stack_size)
      return true;
  if (Created + NumRets > Limits.max_ast_size ||
      Operands + NumArgs > Limits.max_ast_size * 4)
    return true;
  // Gather operands per stack in argument order: deepest first, or from the
  // top down for an instruction in the reference library's order.
  std::vector<size_t> Next(Stacks.size());
  for (size_t S = 0; S < Stacks.size(); ++S)
    Next[S] = Stacks[S].size() - (I.top_first ? 0 : Need[S]);
  std::vector<uint32_t> Args;
  for (unsigned A = 0; A < I.num_args; ++A) {
    const StackPtxFastArgTypeInfo &T = Set.arg_types[I.args[A]];
    for (unsigned E = 0; E < countOf(T); ++E)
      Args.push_back(I.top_first ? Stacks[T.stack_idx][--Next[T.stack_idx]]
                                 : Stacks[T.stack_idx][Next[T.stack_idx]++]);
  }
  uint32_t Result;
  bool Vector = false;
  for (unsigned R = 0; R < I.num_rets; ++R)
    Vector |= Set.arg_types[I.rets[R]].num_vec_elems != 0;
  for (unsigned A = 0; A < I.num_args; ++A)
    Vector |= Set.arg_types[I.args[A]].num_vec_elems != 0;
  bool Modelled = false;
  if (!Vector && NumRets == 1) {
    if (Trace) {
      // The operation is the same whatever the values: record it on the
      // values' numbers.
      std::optional<eval::ResolvedOpcode> Op =
          eval::ResolvedOpcode::resolve(I.ptx, unsigned(Args.size()));
      if (Op) {
        Modelled = true;
        Result = uint32_t(Trace->NumValues++);
        Tape::Step Step{*Op, {0, 0, 0, 0}, uint8_t(Args.size()), Result};
        std::copy(Args.begin(), Args.end(), Step.Args);
        Trace->Steps.push_back(Step);
      }
    } else {
      Modelled = eval::evaluateOpcode(I.ptx, Args.data(), unsigned(Args.size()),
                                      &Result, 1);
    }
  }
  if (!Modelled) {
    Error = std::string("the interpreter does not model '") + I.display + "'";
    return false;
  }
  for (size_t S = 0; S < Stacks.size(); ++S)
    Stacks[S].resize(Stacks[S].size() - Need[S]);
  Created += NumRets;
  Operands += NumArgs;
  Stacks[Set.arg_types[I.rets[0]].stack_idx].push_back(Result);
  return true;
}

void Interpreter::meta(unsigned Op, unsigned Stack, uint32_t Payload) {
  if (Op == STACK_PTX_FAST_META_CONSTANT) {
    if (Meta.size() < Limits.stack_size)
      Meta.push_back(Payload);
    return;
  }
  if (Stack >= Stacks.size())
    return;
  std::vector<uint32_t> &St = Stacks[Stack];
  auto popMeta = [&](uint32_t &D) {
    if (Meta.empty())
      return false;
    D = Meta.back();
    Meta.pop_back();
    return true;
  };
  size_t N = St.size();
  uint32_t D;
  switch (Op) {
  case STACK_PTX_FAST_META_DUP:
    if (N > 0 && room(Stack, 1))
      St.push_back(St.back());
    return;
  case STACK_PTX_FAST_META_YANK_DUP:
    if (popMeta(D) && D < N && room(Stack, 1))
      St.push_back(St[N - 1 - D]);
    return;
  case STACK_PTX_FAST_META_SWAP:
    if (N >= 2)
      std::swap(St[N - 1], St[N - 2]);
    return;
  case STACK_PTX_FAST_META_SWAP_WITH:
    if (popMeta(D) && D < N && (!Set.reference_rules || N < Limits.stack_size))
      std::swap(St[N - 1], St[N - 1 - D]);
    return;
  case STACK_PTX_FAST_META_REPLACE:
    if (Set.reference_rules) {
      if (popMeta(D) && D < N && N < Limits.stack_size) {
        St[N - 1 - D] = St.back();
        St.pop_back();
      }
      return;
    }
    if (popMeta(D) && N >= 1 && D < N - 1) {
      uint32_t Top = St.back();
      St.pop_back();
      St[N - 2 - D] = Top;
    }
    return;
  case STACK_PTX_FAST_META_DROP:
    if (popMeta(D) && (Set.reference_rules ? D < N : D <= N))
      St.resize(N - D);
    return;
  case STACK_PTX_FAST_META_ROTATE:
    if (N >= 3)
      std::rotate(St.end() - 3, St.end() - 1, St.end());
    return;
  case STACK_PTX_FAST_META_REVERSE:
    std::reverse(St.begin(), St.end());
    return;
  case STACK_PTX_FAST_META_CLEAR:
    St.clear();
    return;
  default:
    return;
  }
}

bool Interpreter::run(Program Prog, Span<Program> Routines, size_t Depth,
                      std::string &Error) {
  for (size_t Pc = 0; Pc < Prog.size(); ++Pc) {
    const StackPtxFastInstruction &I = Prog[Pc];
    if (Executed >= Limits.execution_limit)
      return true; // the caller sees the limit as an early end too
    if (I.kind == STACK_PTX_FAST_INSTRUCTION_KIND_RETURN) {
      // The reference counts a routine's return as a step.
      Executed += Set.reference_rules && Depth > 0;
      return true;
    }
    ++Executed;
    Word = Depth == 0 ? Pc : Tape::NoWord;
    uint32_t Payload;
    std::memcpy(&Payload, &I.payload, 4);
    switch (I.kind) {
    case STACK_PTX_FAST_INSTRUCTION_KIND_INPUT:
      if (I.idx < Registers.size() &&
          room(unsigned(Registers[I.idx].stack_idx), 1) && newValues(1))
        Stacks[Registers[I.idx].stack_idx].push_back(Inputs[I.idx]);
      break;
    case STACK_PTX_FAST_INSTRUCTION_KIND_CONSTANT:
      if (I.stack_idx < Stacks.size() &&
          Set.stack_types[I.stack_idx].constant_kind !=
              STACK_PTX_FAST_CONSTANT_NONE &&
          room(I.stack_idx, 1) && newValues(1))
        Stacks[I.stack_idx].push_back(constant(Payload));
      break;
    case STACK_PTX_FAST_INSTRUCTION_KIND_PTX:
      if (I.idx < Set.num_instructions && !ptx(I.idx, Error))
        return false;
      break;
    case STACK_PTX_FAST_INSTRUCTION_KIND_SPECIAL_REGISTER: {
      // No valid arg type: a register the target lacks, skipped as the
      // compiler does.
      if (I.idx >= Set.num_special_registers ||
          Set.special_registers[I.idx].arg_type >= Set.num_arg_types)
        break;
      const StackPtxFastArgTypeInfo &T =
          Set.arg_types[Set.special_registers[I.idx].arg_type];
      Word = Tape::NoWord; // not a constant a fit could move
      if (room(T.stack_idx, countOf(T)) && newValues(countOf(T)))
        for (unsigned E = 0; E < countOf(T); ++E)
          Stacks[T.stack_idx].push_back(
              constant(0)); // special registers read as zero
      break;
    }
    case STACK_PTX_FAST_INSTRUCTION_KIND_META:
      meta(I.idx, I.stack_idx, Payload);
      break;
    case STACK_PTX_FAST_INSTRUCTION_KIND_STORE:
      if (I.stack_idx < Stacks.size() && I.idx < Slots.size() &&
          !Stacks[I.stack_idx].empty()) {
        Slots[I.idx] = Slot{true, I.stack_idx, Stacks[I.stack_idx].back()};
        Stacks[I.stack_idx].pop_back();
      }
      break;
    case STACK_PTX_FAST_INSTRUCTION_KIND_LOAD:
      if (I.idx < Slots.size() && Slots[I.idx].Full &&
          room(Slots[I.idx].Stack, 1))
        Stacks[Slots[I.idx].Stack].push_back(Slots[I.idx].Bits);
      break;
    case STACK_PTX_FAST_INSTRUCTION_KIND_ROUTINE:
      if (I.idx < Routines.size() && Depth < Limits.max_frame_depth &&
          !run(Routines[I.idx], Routines, Depth + 1, Error))
        return false;
      break;
    default:
      break;
    }
  }
  return true;
}

} // namespace

namespace {

// The one run behind interpretProgram and traceProgram: checks the
// registers, runs Prog on Inputs (bits, or value numbers when Trace is
// set) and pops each request's value from its stack.
bool runProgram(const StackPtxFastInstructionSetInfo &Set,
                const StackPtxFastCompilerInfo &Limits, Program Prog,
                Span<StackPtxFastRegister> Registers, Span<uint32_t> Inputs,
                Span<size_t> Requests, Span<Program> Routines, Tape *Trace,
                std::vector<RequestValue> &Out, std::string &Error) {
  Out.clear();
  for (const StackPtxFastRegister &R : Registers)
    if (R.stack_idx >= Set.num_stack_types) {
      Error = "a register names a stack type the instruction set lacks";
      return false;
    }
  Interpreter I(Set, Limits, Registers, Inputs);
  I.Trace = Trace;
  if (!I.run(Prog, Routines, 0, Error))
    return false;
  for (size_t R : Requests) {
    if (R >= Registers.size()) {
      Error = "a request names a register past the register list";
      return false;
    }
    RequestValue V;
    std::vector<uint32_t> &St = I.Stacks[Registers[R].stack_idx];
    if (!St.empty()) {
      V.Assigned = true;
      V.Bits = St.back();
      St.pop_back();
    }
    Out.push_back(V);
  }
  return true;
}

} // namespace

bool interpretProgram(const StackPtxFastInstructionSetInfo &Set,
                      const StackPtxFastCompilerInfo &Limits, Program Prog,
                      Span<StackPtxFastRegister> Registers,
                      Span<uint32_t> InputBits, Span<size_t> Requests,
                      Span<Program> Routines, std::vector<RequestValue> &Out,
                      std::string &Error) {
  if (InputBits.size() < Registers.size()) {
    Out.clear();
    Error = "one input value is needed per register";
    return false;
  }
  return runProgram(Set, Limits, Prog, Registers, InputBits, Requests, Routines,
                    nullptr, Out, Error);
}

bool traceProgram(const StackPtxFastInstructionSetInfo &Set,
                  const StackPtxFastCompilerInfo &Limits, Program Prog,
                  Span<StackPtxFastRegister> Registers, Span<size_t> Requests,
                  Span<Program> Routines, Tape &Out, std::string &Error) {
  // Emptied, not replaced: a scoring loop traces into the same tape, and
  // its buffers' memory is worth keeping.
  Out.Constants.clear();
  Out.ConstantWords.clear();
  Out.Steps.clear();
  Out.Requests.clear();
  // Value i < NumInputs is register i's input.
  std::vector<uint32_t> InputValues(Registers.size());
  for (size_t R = 0; R < Registers.size(); ++R)
    InputValues[R] = uint32_t(R);
  Out.NumInputs = Out.NumValues = Registers.size();
  std::vector<RequestValue> Values;
  if (!runProgram(Set, Limits, Prog, Registers, InputValues, Requests, Routines,
                  &Out, Values, Error))
    return false;
  for (const RequestValue &V : Values)
    Out.Requests.push_back(V.Assigned ? int64_t(V.Bits) : Tape::Unassigned);
  return true;
}

} // namespace stackptx
} // namespace ptxinject
