//===- StackPtxSource.cpp - Stack PTX programs as a program source --------===//
//
// Text, instruction and random Stack PTX programs, each compiled to the stub
// of the inject it was prepared for: operands map to stacks by type label or
// register type, text programs name operands by label.
//
//===----------------------------------------------------------------------===//
#include "ptxinject/variants/VariantCompiler.h"

#include "ptxinject/stackptx/Random.h"
#include "ptxinject/stackptx/Text.h"

#include <algorithm>
#include <cctype>

using namespace ptxinject;
using namespace ptxinject::variants;

namespace {
struct StackPtxScratch final : ProgramScratch {
  stackptx::Workspace WS;
};
} // namespace

StackPtxSource::StackPtxSource(stackptx::InstructionSet Set)
    : Set(std::move(Set)) {}

void StackPtxSource::addText(std::string Text) {
  TextOf.push_back(static_cast<long>(Texts.size()));
  Texts.push_back(std::move(Text));
  Programs.emplace_back();
}

void StackPtxSource::addInstructions(std::vector<StackPtxFastInstruction> P) {
  TextOf.push_back(-1);
  Programs.push_back(std::move(P));
}

void StackPtxSource::addRandom(size_t Count, size_t Length, uint64_t Seed) {
  RandomCount = Count;
  RandomLength = Length;
  RandomSeed = Seed;
  RandomLive = false;
}

void StackPtxSource::addRandomLive(size_t Count, size_t Length, uint64_t Seed) {
  addRandom(Count, Length, Seed);
  RandomLive = true;
}

namespace {
// A chain of Length operations on stack type Stack: each PTX instruction
// pops the previous result plus fresh inputs or constants and pushes one
// value, so the final value depends on every instruction.
void liveProgram(std::mt19937_64 &Rng, size_t Length,
                 const StackPtxFastInstructionSetInfo &Info, unsigned Stack,
                 const std::vector<unsigned> &Ops,
                 const std::vector<size_t> &Inputs,
                 std::vector<StackPtxFastInstruction> &Out) {
  Out.clear();
  auto PushOperand = [&] {
    bool UseInput = !Inputs.empty() && (Rng() % 3 != 0);
    if (UseInput) {
      Out.push_back(stack_ptx_fast_make_instruction(
          STACK_PTX_FAST_INSTRUCTION_KIND_INPUT, Stack,
          static_cast<unsigned>(Inputs[Rng() % Inputs.size()]), 0));
    } else {
      float Value = static_cast<float>(Rng() % 2000) / 256.0f - 4.0f;
      Out.push_back(stack_ptx_fast_make_f32_constant(Stack, Value));
    }
  };
  PushOperand();
  for (size_t I = 0; I < Length && !Ops.empty(); ++I) {
    unsigned Op = Ops[Rng() % Ops.size()];
    for (unsigned A = 1; A < Info.instructions[Op].num_args; ++A)
      PushOperand();
    Out.push_back(stack_ptx_fast_make_instruction(
        STACK_PTX_FAST_INSTRUCTION_KIND_PTX, Stack, Op, 0));
  }
  Out.push_back(stack_ptx_fast_make_instruction(
      STACK_PTX_FAST_INSTRUCTION_KIND_RETURN, 0, 0, 0));
}
} // namespace

namespace {
std::string lowered(std::string_view S) {
  std::string Out(S);
  for (char &C : Out)
    C = static_cast<char>(std::tolower(static_cast<unsigned char>(C)));
  return Out;
}

// The stack an operand's values live on. The type label decides first
// (F16 -> the F16 stack, whose literal prefix b16 is the operand's register
// type); then a stack named like the register type (f32 -> F32); then the
// one stack whose literal prefix is the register type. -1 with Why set when
// there is none, or several and the label does not choose.
int stackFor(const stackptx::InstructionSet &Set, const InjectOperand &Op,
             std::string &Why) {
  const StackPtxFastInstructionSetInfo &Info = Set.info();
  std::string Reg = lowered(Op.RegisterType);
  auto Prefix = [&](size_t I) {
    const char *T = Info.stack_types[I].reg_type;
    return lowered(T ? T : "");
  };
  int ByLabel = Op.TypeLabel.empty() ? -1 : Set.findStackType(Op.TypeLabel);
  if (ByLabel >= 0 && Prefix(static_cast<size_t>(ByLabel)) == Reg)
    return ByLabel;
  int ByReg = Set.findStackType(Op.RegisterType);
  if (ByReg >= 0 && Prefix(static_cast<size_t>(ByReg)) == Reg)
    return ByReg;
  std::vector<size_t> Same;
  for (size_t I = 0; I < Info.num_stack_types; ++I)
    if (Prefix(I) == Reg)
      Same.push_back(I);
  if (Same.size() == 1)
    return static_cast<int>(Same[0]);
  if (Same.empty()) {
    Why = "which no stack of the Stack PTX description holds (no stack has "
          "literal prefix " +
          Op.RegisterType +
          "); add a stack type for it "
          "to the description";
  } else {
    Why = "which several stacks hold (";
    for (size_t I = 0; I < Same.size(); ++I)
      Why += std::string(I ? ", " : "") + Info.stack_types[Same[I]].name;
    Why += ") and its type label does not name one; give the operand one of "
           "those type labels";
  }
  return -1;
}
} // namespace

Error StackPtxSource::prepare(const Inject &Target) {
  // Inputs (in, mod) first so that a program's input indices are the same
  // whether it was written by hand, parsed or generated.
  RegisterNames.clear();
  Registers.clear();
  Requests.clear();
  std::vector<const InjectOperand *> Order;
  for (const InjectOperand &Op : Target.Operands)
    if (Op.Kind != OperandKind::Out)
      Order.push_back(&Op);
  NumInputs = Order.size();
  for (const InjectOperand &Op : Target.Operands)
    if (Op.Kind == OperandKind::Out)
      Order.push_back(&Op);
  std::vector<unsigned> StackTypes;
  std::vector<size_t> StackOf;
  for (size_t I = 0; I < Order.size(); ++I) {
    std::string Why;
    int Stack = stackFor(Set, *Order[I], Why);
    if (Stack < 0) {
      return Error::make(ErrorCode::InvalidArgument,
                         "operand '" + Order[I]->Label + "' of inject '" +
                             Target.Name + "' has type " + Order[I]->TypeLabel +
                             " (PTX " + Order[I]->RegisterType + "), " + Why);
    }
    StackOf.push_back(static_cast<size_t>(Stack));
    if (std::find(StackTypes.begin(), StackTypes.end(), unsigned(Stack)) ==
        StackTypes.end())
      StackTypes.push_back(static_cast<unsigned>(Stack));
    RegisterNames.push_back(Order[I]->Register);
    if (Order[I]->Kind != OperandKind::In)
      Requests.push_back(I);
  }
  if (Requests.empty()) {
    return Error::make(
        ErrorCode::InvalidArgument,
        "inject '" + Target.Name +
            "' has no out or mod operand for a Stack PTX program to write");
  }
  for (size_t I = 0; I < Order.size(); ++I)
    Registers.push_back(
        StackPtxFastRegister{RegisterNames[I].c_str(), StackOf[I]});

  // Text programs name operands by label; a word that is no label is
  // reported with the inject's labels, so the fix is in sight.
  Labels.clear();
  for (const InjectOperand *Op : Order)
    Labels.push_back(Op->Label);
  ByLabel = Registers;
  for (size_t I = 0; I < Order.size(); ++I)
    ByLabel[I].name = Labels[I].c_str();
  std::string Operands = describeOperands(Target);
  Errors.assign(Programs.size(), StubError());
  for (size_t I = 0; I < Programs.size(); ++I) {
    if (TextOf[I] < 0)
      continue;
    stackptx::TextError TE;
    if (!stackptx::parseProgram(Texts[TextOf[I]], Set, ByLabel, Programs[I],
                                TE)) {
      std::string Message = TE.Message;
      if (Message.rfind("unknown word", 0) == 0) {
        size_t Colon = Message.find(':');
        Message = Message.substr(0, Colon) + " for inject '" + Target.Name +
                  "': not one of its operand labels, nor a word of the "
                  "Stack PTX description; " +
                  Operands;
      }
      Errors[I] = StubError{Message, TE.Line, TE.Column};
    }
  }

  if (RandomCount > 0) {
    std::mt19937_64 Rng(RandomSeed);
    size_t First = Programs.size();
    Programs.resize(First + RandomCount);
    TextOf.resize(First + RandomCount, -1);
    Errors.resize(First + RandomCount);
    if (RandomLive) {
      // Operations whose arguments and single result are scalars of the
      // requested operand's stack type.
      const StackPtxFastInstructionSetInfo &Info = Set.info();
      unsigned Stack = static_cast<unsigned>(Registers[Requests[0]].stack_idx);
      std::vector<unsigned> Ops;
      for (size_t I = 0; I < Info.num_instructions; ++I) {
        const StackPtxFastPtxInstructionInfo &In = Info.instructions[I];
        bool Ok = In.num_rets == 1 && In.num_args >= 1 && !In.aligned &&
                  For.has(Set.instructionTarget(I));
        for (unsigned A = 0; Ok && A < In.num_args + In.num_rets; ++A) {
          const StackPtxFastArgTypeInfo &T =
              Info.arg_types[A < In.num_args ? In.args[A]
                                             : In.rets[A - In.num_args]];
          Ok = T.stack_idx == Stack && T.num_vec_elems == 0;
        }
        if (Ok)
          Ops.push_back(static_cast<unsigned>(I));
      }
      if (Ops.empty()) {
        return Error::make(
            ErrorCode::InvalidArgument,
            "the Stack PTX description has no instruction that maps " +
                RegisterNames[Requests[0]] +
                "'s stack type to itself; live random programs need one");
      }
      std::vector<size_t> Inputs;
      for (size_t I = 0; I < NumInputs; ++I)
        if (Registers[I].stack_idx == Stack)
          Inputs.push_back(I);
      for (size_t I = 0; I < RandomCount; ++I)
        liveProgram(Rng, RandomLength, Info, Stack, Ops, Inputs,
                    Programs[First + I]);
    } else {
      stackptx::RandomProgramOptions RO;
      RO.StackTypes = StackTypes;
      RO.For = For;
      stackptx::Span<StackPtxFastRegister> Inputs(Registers.data(), NumInputs);
      for (size_t I = 0; I < RandomCount; ++I)
        stackptx::randomProgram(Rng, RandomLength, Set, Inputs,
                                Programs[First + I], RO);
    }
    RandomCount = 0;
  }
  // Given programs may still name entries the target lacks; the set for
  // the target compiles those to nothing, so no stub names them.
  Compiler = std::make_unique<stackptx::Compiler>(Set.forTarget(For));
  return Error::success();
}

std::unique_ptr<ProgramScratch> StackPtxSource::makeScratch() const {
  auto S = std::make_unique<StackPtxScratch>();
  if (Compiler)
    S->WS.resize(Compiler->workspaceSize());
  return S;
}

bool StackPtxSource::stub(size_t Index, ProgramScratch *Scratch,
                          std::string &Buffer, std::string_view &Stub,
                          StubError &Error) const {
  if (!Errors[Index].Message.empty()) {
    Error = Errors[Index];
    return false;
  }
  auto &WS = static_cast<StackPtxScratch *>(Scratch)->WS;
  StackPtxFastResult R =
      Compiler->compile(Programs[Index], Registers, Requests, WS, Buffer);
  if (R != STACK_PTX_FAST_SUCCESS) {
    Error = StubError{
        std::string("Stack PTX: ") + stack_ptx_fast_result_to_string(R), 0, 0};
    return false;
  }
  Stub = Buffer;
  return true;
}

stackptx::Program StackPtxSource::program(size_t Index) const {
  return Programs[Index];
}

std::string StackPtxSource::text(size_t Index) const {
  if (TextOf[Index] >= 0)
    return Texts[TextOf[Index]];
  return stackptx::printProgram(
      stackptx::Program(Programs[Index].data(), Programs[Index].size()), Set,
      stackptx::Span<StackPtxFastRegister>(ByLabel));
}
