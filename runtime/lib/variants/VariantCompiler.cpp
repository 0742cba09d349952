//===- VariantCompiler.cpp - Many kernel variants to cubins, on every core ===//
#include "ptxinject/variants/VariantCompiler.h"

#include "ptxinject/variants/KernelPrune.h"
#include "ptxinject/variants/ProgramDedup.h"
#include "ptxinject/variants/VariantCache.h"

#include "ptxinject/module/StubLabels.h"
#include "ptxinject/stackptx/Random.h"
#include "ptxinject/stackptx/Text.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <mutex>
#include <optional>
#include <thread>

using namespace ptxinject;

ProgramScratch::~ProgramScratch() = default;
ProgramSource::~ProgramSource() = default;

std::unique_ptr<ProgramScratch> ProgramSource::makeScratch() const {
  return nullptr;
}

//===----------------------------------------------------------------------===//
// Raw stubs
//===----------------------------------------------------------------------===//

bool RawStubSource::prepare(const Inject &Target, std::string &) {
  Resolved.assign(Stubs.size(), std::string());
  Errors.assign(Stubs.size(), StubError());
  for (size_t I = 0; I < Stubs.size(); ++I) {
    StubLabelError E;
    if (!resolveStubLabels(Target, Stubs[I], Resolved[I], E))
      Errors[I] = StubError{E.Message, E.Line, E.Column};
  }
  return true;
}

bool RawStubSource::stub(size_t Index, ProgramScratch *, std::string &,
                         std::string_view &Stub, StubError &Error) const {
  if (!Errors[Index].Message.empty()) {
    Error = Errors[Index];
    return false;
  }
  Stub = Resolved[Index];
  return true;
}

//===----------------------------------------------------------------------===//
// Stack PTX programs
//===----------------------------------------------------------------------===//

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

void StackPtxSource::addRandomLive(size_t Count, size_t Length,
                                   uint64_t Seed) {
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
    Out.push_back(stack_ptx_fast_make_instruction(STACK_PTX_FAST_INSTRUCTION_KIND_PTX,
                                             Stack, Op, 0));
  }
  Out.push_back(stack_ptx_fast_make_instruction(STACK_PTX_FAST_INSTRUCTION_KIND_RETURN,
                                           0, 0, 0));
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
          "literal prefix " + Op.RegisterType + "); add a stack type for it "
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

std::string ptxinject::describeOperands(const Inject &I) {
  std::string Out = "inject '" + I.Name + "' has operands ";
  for (size_t K = 0; K < I.Operands.size(); ++K) {
    const InjectOperand &Op = I.Operands[K];
    const char *Kind = Op.Kind == OperandKind::In    ? "in"
                       : Op.Kind == OperandKind::Out ? "out"
                                                     : "mod";
    Out += (K ? ", " : "") + Op.Label + " (" + Kind + " " +
           (Op.TypeLabel.empty() ? Op.RegisterType : Op.TypeLabel) + ")";
  }
  if (I.Operands.empty())
    Out += "(none)";
  return Out;
}

bool StackPtxSource::prepare(const Inject &Target, std::string &Error) {
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
      Error = "operand '" + Order[I]->Label + "' of inject '" + Target.Name +
              "' has type " + Order[I]->TypeLabel + " (PTX " +
              Order[I]->RegisterType + "), " + Why;
      return false;
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
    Error = "inject '" + Target.Name +
            "' has no out or mod operand for a Stack PTX program to write";
    return false;
  }
  for (size_t I = 0; I < Order.size(); ++I)
    Registers.push_back(StackPtxFastRegister{RegisterNames[I].c_str(), StackOf[I]});

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
                  "Stack PTX description; " + Operands;
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
        Error = "the Stack PTX description has no instruction that maps " +
                RegisterNames[Requests[0]] +
                "'s stack type to itself; live random programs need one";
        return false;
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
  return true;
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
  StackPtxFastResult R = Compiler->compile(Programs[Index], Registers, Requests,
                                       WS, Buffer);
  if (R != STACK_PTX_FAST_SUCCESS) {
    Error = StubError{std::string("Stack PTX: ") + stack_ptx_fast_result_to_string(R),
                      0, 0};
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

//===----------------------------------------------------------------------===//
// AST PTX programs
//===----------------------------------------------------------------------===//

AstPtxSource::AstPtxSource(const astptx::InstructionTable &Table,
                           std::vector<std::vector<AstPtxFastInstruction>> Bodies)
    : Table(Table), RoutineBodies(std::move(Bodies)) {
  for (const std::vector<AstPtxFastInstruction> &R : RoutineBodies)
    Routines.emplace_back(R.data(), R.size());
}

bool AstPtxSource::prepare(const Inject &Target, std::string &Error) {
  Output.clear();
  InputNames.clear();
  Inputs.clear();
  for (const InjectOperand &Op : Target.Operands) {
    if (Op.RegisterType != "f32") {
      Error = "AST PTX programs compute f32 values, but operand '" + Op.Label +
              "' of inject '" + Target.Name + "' is " + Op.RegisterType;
      return false;
    }
    if (Op.Kind != OperandKind::In) {
      if (!Output.empty()) {
        Error = "AST PTX programs have one result, but inject '" +
                Target.Name + "' has several out/mod operands ('" + Output +
                "' and '" + Op.Register + "')";
        return false;
      }
      Output = Op.Register;
    }
    if (Op.Kind != OperandKind::Out)
      InputNames.push_back(Op.Register);
  }
  if (Output.empty()) {
    Error = "inject '" + Target.Name +
            "' has no out or mod operand for an AST PTX program to write";
    return false;
  }
  for (const std::string &N : InputNames)
    Inputs.push_back(N.c_str());
  return true;
}

bool AstPtxSource::stub(size_t Index, ProgramScratch *, std::string &Buffer,
                        std::string_view &Stub, StubError &Error) const {
  std::string Message;
  AstPtxFastResult R = astptx::compile(
      Output, astptx::Span<const char *>(Inputs.data(), Inputs.size()), Table,
      astptx::Span<astptx::Program>(Routines.data(), Routines.size()),
      astptx::Program(Programs[Index].data(), Programs[Index].size()), Buffer,
      &Message);
  if (R != AST_PTX_FAST_SUCCESS) {
    Error = StubError{Message.empty() ? ast_ptx_fast_result_to_string(R) : Message,
                      0, 0};
    return false;
  }
  Stub = Buffer;
  return true;
}

//===----------------------------------------------------------------------===//
// The batch
//===----------------------------------------------------------------------===//

namespace {

// "inject_2" < "inject_10": digit runs compare by value.
bool naturalLess(std::string_view A, std::string_view B) {
  size_t I = 0, J = 0;
  while (I < A.size() && J < B.size()) {
    if (std::isdigit(static_cast<unsigned char>(A[I])) &&
        std::isdigit(static_cast<unsigned char>(B[J]))) {
      size_t EI = I, EJ = J;
      while (EI < A.size() && A[EI] == '0')
        ++EI;
      while (EJ < B.size() && B[EJ] == '0')
        ++EJ;
      size_t SI = EI, SJ = EJ;
      while (EI < A.size() && std::isdigit(static_cast<unsigned char>(A[EI])))
        ++EI;
      while (EJ < B.size() && std::isdigit(static_cast<unsigned char>(B[EJ])))
        ++EJ;
      if (EI - SI != EJ - SJ)
        return EI - SI < EJ - SJ;
      int C = A.substr(SI, EI - SI).compare(B.substr(SJ, EJ - SJ));
      if (C != 0)
        return C < 0;
      I = EI;
      J = EJ;
      continue;
    }
    if (A[I] != B[J])
      return A[I] < B[J];
    ++I;
    ++J;
  }
  return A.size() - I < B.size() - J;
}

bool sameOperands(const Inject &A, const Inject &B) {
  if (A.Operands.size() != B.Operands.size())
    return false;
  for (size_t I = 0; I < A.Operands.size(); ++I) {
    const InjectOperand &X = A.Operands[I], &Y = B.Operands[I];
    if (X.Kind != Y.Kind || X.RegisterType != Y.RegisterType ||
        X.Register != Y.Register)
      return false;
  }
  return true;
}

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point &T) {
  Clock::time_point Now = Clock::now();
  double S = std::chrono::duration<double>(Now - T).count();
  T = Now;
  return S;
}

// This thread's CPU time and run-queue wait, in seconds, from Linux's
// schedstat; false where it is not available.
bool readSchedStat(double &Cpu, double &Wait) {
#ifdef __linux__
  std::FILE *F = std::fopen("/proc/thread-self/schedstat", "r");
  if (!F)
    return false;
  unsigned long long CpuNs = 0, WaitNs = 0;
  bool Ok = std::fscanf(F, "%llu %llu", &CpuNs, &WaitNs) == 2;
  std::fclose(F);
  Cpu = CpuNs * 1e-9;
  Wait = WaitNs * 1e-9;
  return Ok;
#else
  (void)Cpu;
  (void)Wait;
  return false;
#endif
}

// Everything one worker owns; reused for every module it compiles. A module
// holds up to Pack variants of G programs each; position J * G + R is
// program R (inject Slots[J * G + R]) of the module's variant J.
struct Worker {
  std::vector<std::unique_ptr<ProgramScratch>> Scratch; // one per source
  std::vector<std::string> Buffers;       // one per position
  std::vector<std::string_view> Stubs;    // one per position
  std::vector<std::string_view> AllStubs; // one per inject of the module
  std::vector<bool> Bad;                  // per variant of the module
  std::vector<size_t> Programs;           // per variant: its program number
  std::vector<size_t> Failed;             // program numbers, this module
  std::vector<bool> Filled;               // per position: holds a program
  std::string Ptx, Pruned, Log, Error;
  StubError StubErr;
  std::vector<char> Cubin;
  std::vector<VariantFailure> Failures;
  double Stub = 0, Render = 0, CubinTime = 0, Sink = 0;
  double Cpu = 0, Wait = 0;
  size_t Isolations = 0;
  size_t LastPruned = 0;   // kernels the last assemble() removed
  size_t PrunedKernels = 0; // summed over this worker's modules
};

// Runs Body(Worker, Index) for Index in [0, N) on the workers, in chunks
// taken from a shared counter. Jobs == 1 runs on the calling thread.
template <typename Fn>
void onWorkers(std::vector<Worker> &Workers, size_t N, size_t Chunk, Fn Body) {
  std::atomic<size_t> Next{0};
  auto Loop = [&](Worker &W) {
    for (;;) {
      size_t Begin = Next.fetch_add(Chunk, std::memory_order_relaxed);
      if (Begin >= N)
        return;
      for (size_t I = Begin; I < std::min(N, Begin + Chunk); ++I)
        Body(W, I);
    }
  };
  if (Workers.size() == 1) {
    Loop(Workers[0]);
    return;
  }
  std::vector<std::thread> Threads;
  for (Worker &W : Workers)
    Threads.emplace_back([&Loop, &W] { Loop(W); });
  for (std::thread &T : Threads)
    T.join();
}

class Batch {
public:
  Batch(const Module &Kernel, const CubinBackend &Backend,
        const std::vector<ProgramSource *> &Sources,
        const VariantOptions &Options, const ModuleSink &Sink,
        std::vector<size_t> Slots, VariantReport &Report)
      : Kernel(Kernel), Backend(Backend), Sources(Sources), Options(Options),
        Sink(Sink), Slots(std::move(Slots)), G(Sources.size()),
        Places(Report.Places) {
    NumPrograms = Sources[0]->numPrograms();
    // Only a packed module can leave slots empty while others hold
    // programs (a failed variant of a single-variant module is not
    // compiled at all).
    if (Options.PruneUnfilledKernels && Options.Pack > 1) {
      Pruner.emplace(Kernel, this->Slots);
      if (!Pruner->active())
        Pruner.reset();
    }
  }

  /// Gives every worker its scratch and buffers.
  void setUp(Worker &W) const {
    W.Scratch.clear();
    for (const ProgramSource *S : Sources)
      W.Scratch.push_back(S->makeScratch());
    W.Buffers.assign(Options.Pack * G, std::string());
    W.Stubs.assign(Options.Pack * G, std::string_view());
    W.AllStubs.assign(Kernel.numInjects(), std::string_view());
    W.Bad.assign(Options.Pack, false);
    W.Filled.assign(Options.Pack * G, false);
    W.Programs.reserve(Options.Pack);
  }

  /// The stubs of program P, hashed as they will be rendered; false (with
  /// the failure recorded) when one of them cannot be made. Role R is
  /// hashed with the name of the inject its source was prepared for
  /// (Slots[R]), whichever packed site the program lands on.
  bool fingerprint(Worker &W, size_t P, Hash128 &Code) {
    Clock::time_point T = Clock::now();
    VariantCodeHasher H;
    bool Ok = true;
    for (size_t R = 0; R < G && Ok; ++R) {
      std::string_view Stub;
      Ok = Sources[R]->stub(P, W.Scratch[R].get(), W.Buffers[R], Stub,
                            W.StubErr);
      if (Ok)
        H.add(Kernel.inject(Slots[R]).Name, Stub);
      else
        failStub(W, P, R);
    }
    W.Stub += secondsSince(T);
    Code = H.result();
    return Ok;
  }

  /// The programs to compile, in order, and how many programs each stands
  /// for (itself and its duplicates), for the progress count.
  void setWork(std::vector<size_t> Programs, std::vector<size_t> Weights,
               VariantCache *Cache, const std::vector<Hash128> *Keys) {
    Todo = std::move(Programs);
    Weight = std::move(Weights);
    this->Cache = Cache;
    this->Keys = Keys;
    NumModules = (Todo.size() + Options.Pack - 1) / Options.Pack;
  }

  /// Without a first pass over the stubs, the workers hash each program's
  /// stubs as they make them, so the report still counts distinct programs.
  void hashWhileCompiling(std::vector<Hash128> *Codes, std::vector<char> *Good) {
    this->Codes = Codes;
    this->Good = Good;
  }

  size_t numModules() const { return NumModules; }
  size_t numPrograms() const { return NumPrograms; }

  void run(Worker &W) {
    double Cpu0 = 0, Wait0 = 0, Cpu1 = 0, Wait1 = 0;
    bool Sched = readSchedStat(Cpu0, Wait0);
    for (;;) {
      size_t M = NextModule.fetch_add(1, std::memory_order_relaxed);
      if (M >= NumModules)
        break;
      compileModule(W, M);
    }
    if (Sched && readSchedStat(Cpu1, Wait1)) {
      W.Cpu += Cpu1 - Cpu0;
      W.Wait += Wait1 - Wait0;
    }
  }

  std::string cacheWarning() {
    std::lock_guard<std::mutex> L(WarningLock);
    return CacheWarning;
  }

private:
  bool assemble(Worker &W, size_t Count) {
    Clock::time_point T = Clock::now();
    // Slots past Count (a last, partial module) stay empty.
    for (size_t J = 0; J < Options.Pack; ++J)
      for (size_t R = 0; R < G; ++R)
        W.AllStubs[Slots[J * G + R]] = J < Count && !W.Bad[J]
                                           ? W.Stubs[J * G + R]
                                           : std::string_view();
    Error E = Kernel.render(W.AllStubs, W.Ptx);
    W.LastPruned = 0;
    if (!E && Pruner) {
      // Kernels none of whose slots got a program are not compiled
      // (KernelPrune.h); the PTX kept is the PTX compiled.
      for (size_t J = 0; J < Options.Pack; ++J)
        for (size_t R = 0; R < G; ++R)
          W.Filled[J * G + R] = J < Count && !W.Bad[J];
      W.LastPruned = Pruner->prune(W.Ptx, W.Filled, W.Pruned);
      if (W.LastPruned)
        std::swap(W.Ptx, W.Pruned);
    }
    W.Render += secondsSince(T);
    if (E) {
      W.Log = "render: " + E.Message;
      return false;
    }
    bool Ok = Backend.compile(W.Ptx, W.Cubin, W.Log);
    if (!Ok) // one line per error, not one per site it repeats at
      W.Log = summarizeCompilerLog(W.Log);
    W.CubinTime += secondsSince(T);
    return Ok;
  }

  void fail(Worker &W, size_t Program, VariantStage Stage,
            const std::string &Message, size_t Role = 0) {
    VariantFailure F;
    F.Program = Program;
    F.Role = Role;
    F.Stage = Stage;
    F.Message = Message;
    W.Failures.push_back(std::move(F));
    W.Failed.push_back(Program);
  }

  void failStub(Worker &W, size_t Program, size_t Role) {
    fail(W, Program, VariantStage::Stub, W.StubErr.Message, Role);
    W.Failures.back().Line = W.StubErr.Line;
    W.Failures.back().Column = W.StubErr.Column;
  }

  void compileModule(Worker &W, size_t M) {
    size_t Base = M * Options.Pack;
    size_t Count = std::min(Options.Pack, Todo.size() - Base);
    W.Programs.assign(Todo.begin() + Base, Todo.begin() + Base + Count);
    W.Failed.clear();
    Clock::time_point T = Clock::now();
    for (size_t J = 0; J < Count; ++J) {
      W.Bad[J] = false;
      for (size_t R = 0; R < G && !W.Bad[J]; ++R) {
        size_t P = J * G + R;
        W.Stubs[P] = std::string_view();
        if (Sources[R]->stub(W.Programs[J], W.Scratch[R].get(), W.Buffers[P],
                             W.Stubs[P], W.StubErr))
          continue;
        W.Bad[J] = true;
        failStub(W, W.Programs[J], R);
      }
    }
    if (Codes)
      for (size_t J = 0; J < Count; ++J) {
        if (W.Bad[J])
          continue;
        VariantCodeHasher H;
        for (size_t R = 0; R < G; ++R)
          H.add(Kernel.inject(Slots[R]).Name, W.Stubs[J * G + R]);
        (*Codes)[W.Programs[J]] = H.result();
        (*Good)[W.Programs[J]] = 1;
      }
    W.Stub += secondsSince(T);

    bool Ok = W.Failed.size() < Count && assemble(W, Count);
    if (!Ok && W.Failed.size() < Count) {
      if (Count - W.Failed.size() == 1) {
        failRemaining(W, Count, W.Log);
      } else {
        isolate(W, Count);
        Ok = W.Failed.size() < Count && assemble(W, Count);
        if (!Ok)
          failRemaining(W, Count, W.Log);
      }
    }
    if (!Ok)
      W.Cubin.clear();
    else
      W.PrunedKernels += W.LastPruned;
    std::sort(W.Failed.begin(), W.Failed.end());

    T = Clock::now();
    CompiledModule C;
    C.Index = M;
    C.FirstProgram = Count ? W.Programs[0] : 0;
    C.NumPrograms = Count;
    C.Programs = &W.Programs;
    C.Failed = &W.Failed;
    if (Options.KeepPtx)
      C.Ptx = W.Ptx;
    C.Cubin = &W.Cubin;
    if (Sink && !Sink(C, W.Error))
      failRemaining(W, Count, W.Error);
    for (size_t J = 0; J < Count; ++J) {
      if (W.Bad[J])
        continue;
      ProgramPlace &Place = Places[W.Programs[J]];
      Place.Module = M;
      Place.Inject = Slots[J * G];
      Place.PackIndex = J;
    }
    if (Cache && !W.Cubin.empty())
      store(W, Count);
    W.Sink += secondsSince(T);
    if (Options.Progress) {
      size_t Done = 0;
      for (size_t J = 0; J < Count; ++J)
        Done += Weight[Base + J];
      Options.Progress->fetch_add(Done, std::memory_order_relaxed);
    }
  }

  // Every program of the module still standing fails with Message.
  void failRemaining(Worker &W, size_t Count, const std::string &Message) {
    for (size_t J = 0; J < Count; ++J)
      if (!W.Bad[J]) {
        fail(W, W.Programs[J], VariantStage::Cubin, Message);
        W.Bad[J] = true;
      }
  }

  // The packed module failed: compile each variant alone (its slots filled,
  // the others empty) to find the bad ones, which are then left out.
  void isolate(Worker &W, size_t Count) {
    std::vector<bool> Keep(W.Bad);
    for (size_t J = 0; J < Count; ++J) {
      if (Keep[J])
        continue;
      for (size_t K = 0; K < Count; ++K)
        W.Bad[K] = K != J;
      bool Ok = assemble(W, Count);
      ++W.Isolations;
      if (!Ok) {
        Keep[J] = true;
        fail(W, W.Programs[J], VariantStage::Cubin, W.Log);
      }
    }
    for (size_t J = 0; J < Count; ++J)
      W.Bad[J] = Keep[J];
  }

  // The module's cubin goes to the cache once, and an entry per good
  // program points at it. A failed write costs the next run a compile, not
  // this one its result, so it is a warning.
  void store(Worker &W, size_t Count) {
    Hash128 CubinHash;
    bool Ok = Cache->storeCubin(W.Cubin, CubinHash, W.Error);
    for (size_t J = 0; J < Count && Ok; ++J) {
      if (W.Bad[J])
        continue;
      VariantCache::Site Where{Kernel.inject(Slots[J * G]).Name, J};
      Ok = Cache->storeEntry((*Keys)[W.Programs[J]], CubinHash, W.Cubin.size(),
                             Where, W.Error);
    }
    if (!Ok) {
      std::lock_guard<std::mutex> L(WarningLock);
      if (CacheWarning.empty())
        CacheWarning = W.Error;
    }
  }

  const Module &Kernel;
  const CubinBackend &Backend;
  const std::vector<ProgramSource *> &Sources;
  const VariantOptions &Options;
  const ModuleSink &Sink;
  std::vector<size_t> Slots;
  size_t G = 1;
  size_t NumPrograms = 0, NumModules = 0;
  std::vector<size_t> Todo, Weight;
  VariantCache *Cache = nullptr;
  const std::vector<Hash128> *Keys = nullptr;
  std::vector<Hash128> *Codes = nullptr;
  std::vector<char> *Good = nullptr;
  std::vector<ProgramPlace> &Places;
  std::optional<KernelPruner> Pruner;
  std::mutex WarningLock;
  std::string CacheWarning;
  std::atomic<size_t> NextModule{0};
};

} // namespace

namespace {
std::string injectsWithOperands(const Module &Kernel) {
  std::string Out;
  for (size_t I = 0; I < Kernel.numInjects(); ++I)
    Out += "\n  " + describeOperands(Kernel.inject(I));
  return Out;
}
} // namespace

Expected<std::vector<size_t>>
ptxinject::resolveSlots(const Module &Kernel, const VariantOptions &Options) {
  std::vector<size_t> Slots;
  size_t G = std::max<size_t>(1, Options.InjectsPerVariant);
  if (Kernel.numInjects() == 0)
    return Error::make(ErrorCode::InjectNotFound,
                       "the kernel has no inject sites; annotate it with "
                       "PTX_INJECT and run ptxinject-rewrite before nvcc");
  if (Options.Slots.empty()) {
    // Programs going to whichever inject sorts first is a silent surprise
    // (a template's combine<F32,...> instead of mma): with a choice to
    // make, the caller makes it. Packing takes the first Pack injects.
    if (Options.Pack <= 1 && Kernel.numInjects() > 1)
      return Error::make(ErrorCode::InvalidArgument,
                         "the kernel has " +
                             std::to_string(Kernel.numInjects()) +
                             " injects; say which one(s) the programs fill "
                             "with --slot NAME (repeatable):" +
                             injectsWithOperands(Kernel));
    for (size_t I = 0; I < Kernel.numInjects(); ++I)
      Slots.push_back(I);
    std::stable_sort(Slots.begin(), Slots.end(), [&](size_t A, size_t B) {
      return naturalLess(Kernel.inject(A).Name, Kernel.inject(B).Name);
    });
  } else {
    for (const std::string &Name : Options.Slots) {
      std::optional<size_t> I = Kernel.injectIndex(Name);
      if (!I)
        return Error::make(ErrorCode::InjectNotFound,
                           "the kernel has no inject named '" + Name +
                               "'; its injects are:" +
                               injectsWithOperands(Kernel));
      if (std::find(Slots.begin(), Slots.end(), *I) != Slots.end())
        return Error::make(ErrorCode::InvalidArgument,
                           "inject '" + Name + "' is selected twice");
      Slots.push_back(*I);
    }
  }
  if (G > 1) {
    if (Options.Pack != 1)
      return Error::make(ErrorCode::InvalidArgument,
                         "--pack works with one inject per variant; with " +
                             std::to_string(G) +
                             " injects per variant use pack 1");
    if (Slots.size() != G)
      return Error::make(ErrorCode::InvalidArgument,
                         std::to_string(G) + " programs per variant need " +
                             std::to_string(G) + " injects, got " +
                             std::to_string(Slots.size()));
    return Slots;
  }
  if (Options.Pack == 0 || Options.Pack > Slots.size())
    return Error::make(ErrorCode::InvalidArgument,
                       "cannot pack " + std::to_string(Options.Pack) +
                           " programs per module: " +
                           (Options.Slots.empty() ? "the kernel has " : "") +
                           std::to_string(Slots.size()) + " inject(s)" +
                           (Options.Slots.empty() ? "" : " are selected") +
                           "; use a pack between 1 and " +
                           std::to_string(Slots.size()));
  Slots.resize(Options.Pack);
  for (size_t I = 1; I < Slots.size(); ++I)
    if (!sameOperands(Kernel.inject(Slots[0]), Kernel.inject(Slots[I])))
      return Error::make(
          ErrorCode::InconsistentSites,
          "packed injects '" + Kernel.inject(Slots[0]).Name + "' and '" +
              Kernel.inject(Slots[I]).Name +
              "' have different operands; every packed site must take the "
              "same operands in the same order");
  return Slots;
}

Error ptxinject::compileVariants(const Module &Kernel,
                                 const CubinBackend &Backend,
                                 ProgramSource &Programs,
                                 const VariantOptions &Options,
                                 const ModuleSink &Sink,
                                 VariantReport &Report) {
  std::vector<ProgramSource *> Sources{&Programs};
  return compileVariants(Kernel, Backend, Sources, Options, Sink, Report);
}

namespace {
// Step 2 of a screened batch: the cache answers for the distinct programs it
// holds (their places point into it); the rest go to Todo, each with its
// weight (itself and its duplicates) for the progress count. Programs that
// are settled now (stub failures, cache hits and their duplicates) are
// counted as done.
void screen(const Module &Kernel, const CubinBackend &Backend,
            const VariantOptions &Options, const std::vector<Hash128> &Codes,
            const ProgramGroups &Groups, VariantReport &Report,
            std::unique_ptr<VariantCache> &Cache, std::vector<Hash128> &Keys,
            std::vector<size_t> &Todo, std::vector<size_t> &TodoWeight) {
  size_t N = Codes.size();
  if (!Options.CacheDir.empty()) {
    Cache = std::make_unique<VariantCache>(Options.CacheDir);
    Keys.resize(N);
    Hash128 Context = variantCacheContext(Kernel.source(), Backend);
    for (size_t P : Groups.Unique)
      Keys[P] = VariantCache::key(Context, Codes[P]);
  }
  std::vector<size_t> Weight(N, 0);
  for (size_t P = 0; P < N; ++P)
    ++Weight[Groups.SameAs[P]];
  Todo.reserve(Groups.Unique.size());
  TodoWeight.reserve(Groups.Unique.size());
  size_t Settled = N - Groups.Unique.size(); // stub failures, duplicates
  for (size_t P : Groups.Unique) {
    VariantCache::Hit Hit;
    VariantCache::Found F =
        Cache ? Cache->lookup(Keys[P], Hit) : VariantCache::Found::Miss;
    std::optional<size_t> Inject;
    if (F == VariantCache::Found::Hit) {
      // The key holds the kernel's PTX, so the inject is there; an entry
      // naming another is damaged.
      Inject = Kernel.injectIndex(Hit.Where.Inject);
      if (!Inject)
        F = VariantCache::Found::Damaged;
    }
    if (F == VariantCache::Found::Hit) {
      ProgramPlace &Place = Report.Places[P];
      Place.CachedCubin = std::move(Hit.CubinPath);
      Place.Inject = *Inject;
      Place.PackIndex = Hit.Where.PackIndex;
      ++Report.CacheHits;
      ++Settled; // its duplicates are counted already
      continue;
    }
    if (F == VariantCache::Found::Damaged)
      ++Report.CacheRejected;
    Todo.push_back(P);
    TodoWeight.push_back(Weight[P]);
    Settled -= Weight[P] - 1; // its duplicates finish with it
  }
  if (Options.Progress)
    Options.Progress->fetch_add(Settled, std::memory_order_relaxed);
}
} // namespace

Error ptxinject::compileVariants(const Module &Kernel,
                                 const CubinBackend &Backend,
                                 const std::vector<ProgramSource *> &Sources,
                                 const VariantOptions &Options,
                                 const ModuleSink &Sink,
                                 VariantReport &Report) {
  Report = VariantReport();
  if (Sources.empty())
    return Error::make(ErrorCode::InvalidArgument, "no program source given");
  VariantOptions O = Options;
  O.InjectsPerVariant = Sources.size();
  Expected<std::vector<size_t>> Slots = resolveSlots(Kernel, O);
  if (!Slots)
    return Slots.error();
  std::string Message;
  // Sources leave out what the backend's architecture lacks; an arch that
  // names no SM (compute_80, empty) leaves every entry in.
  stackptx::Target For;
  stackptx::Target::parse(Backend.options().Arch, For);
  for (size_t R = 0; R < Sources.size(); ++R)
    Sources[R]->setTarget(For);
  for (size_t R = 0; R < Sources.size(); ++R)
    if (!Sources[R]->prepare(Kernel.inject((*Slots)[R]), Message))
      return Error::make(ErrorCode::InvalidArgument, Message);
  for (size_t R = 1; R < Sources.size(); ++R)
    if (Sources[R]->numPrograms() != Sources[0]->numPrograms())
      return Error::make(
          ErrorCode::InvalidArgument,
          "inject '" + Kernel.inject((*Slots)[R]).Name + "' has " +
              std::to_string(Sources[R]->numPrograms()) +
              " programs but inject '" + Kernel.inject((*Slots)[0]).Name +
              "' has " + std::to_string(Sources[0]->numPrograms()) +
              "; a variant takes one program for each");

  Clock::time_point Start = Clock::now();
  size_t N = Sources[0]->numPrograms();
  Report.Places.resize(N);
  Batch B(Kernel, Backend, Sources, O, Sink, Slots.take(), Report);
  unsigned Jobs = Options.Jobs ? Options.Jobs
                               : std::max(1u, std::thread::hardware_concurrency());
  Jobs = static_cast<unsigned>(
      std::min<size_t>(Jobs, std::max<size_t>(1, (N + O.Pack - 1) / O.Pack)));
  std::vector<Worker> Workers(Jobs);
  for (Worker &W : Workers)
    B.setUp(W);

  // 1. With deduplication or a cache, every program's stubs first, hashed:
  // stub failures are found here, and equal programs are told apart from
  // distinct ones (cheap next to a compile: a Stack PTX stub takes
  // microseconds). Without either, programs are compiled in order as they
  // come, and the workers hash their stubs on the way.
  std::vector<Hash128> Codes(N);
  std::vector<char> Good(N, 0); // vector<bool> is not safe to write from threads
  bool Screen = Options.Dedup || !Options.CacheDir.empty();
  std::vector<size_t> Todo, Weight;
  ProgramGroups Groups;
  std::unique_ptr<VariantCache> Cache;
  std::vector<Hash128> Keys;
  if (Screen) {
    onWorkers(Workers, N, 64, [&](Worker &W, size_t P) {
      Good[P] = B.fingerprint(W, P, Codes[P]);
    });
    Groups = groupPrograms(Codes, std::vector<bool>(Good.begin(), Good.end()),
                           Options.Dedup);
    Report.UniquePrograms = Groups.Distinct;
    for (size_t P = 0; P < N; ++P)
      Report.Places[P].SameAs = Groups.SameAs[P];
    screen(Kernel, Backend, Options, Codes, Groups, Report, Cache, Keys, Todo,
           Weight);
  } else {
    Todo.resize(N);
    for (size_t P = 0; P < N; ++P) {
      Todo[P] = P;
      Report.Places[P].SameAs = P;
    }
    Weight.assign(N, 1);
    B.hashWhileCompiling(&Codes, &Good);
  }

  // 3. The programs left, packed into modules, on every worker.
  B.setWork(std::move(Todo), std::move(Weight), Cache.get(), &Keys);
  if (Jobs == 1) {
    B.run(Workers[0]);
  } else {
    std::vector<std::thread> Threads;
    for (unsigned I = 0; I < Jobs; ++I)
      Threads.emplace_back([&B, &Workers, I] { B.run(Workers[I]); });
    for (std::thread &T : Threads)
      T.join();
  }
  Report.WallSeconds = std::chrono::duration<double>(Clock::now() - Start).count();
  Report.Threads = Jobs;
  Report.Variants = N;
  Report.Modules = B.numModules();
  Report.CacheWarning = B.cacheWarning();
  if (!Screen)
    Report.UniquePrograms =
        groupPrograms(Codes, std::vector<bool>(Good.begin(), Good.end()), false)
            .Distinct;
  for (Worker &W : Workers) {
    Report.StubSeconds += W.Stub;
    Report.RenderSeconds += W.Render;
    Report.CubinSeconds += W.CubinTime;
    Report.SinkSeconds += W.Sink;
    Report.WorkerCpuSeconds += W.Cpu;
    Report.RunQueueWaitSeconds += W.Wait;
    Report.IsolationCompiles += W.Isolations;
    Report.PrunedKernels += W.PrunedKernels;
    for (VariantFailure &F : W.Failures)
      Report.Failures.push_back(std::move(F));
  }

  // 4. A duplicate runs its first program's code, or fails as it did: the
  // same stubs give the same PTX, the same compiler error.
  std::vector<size_t> CubinFailure(N, ProgramPlace::None);
  for (size_t I = 0; I < Report.Failures.size(); ++I)
    if (Report.Failures[I].Stage == VariantStage::Cubin)
      CubinFailure[Report.Failures[I].Program] = I;
  for (size_t P = 0; P < N; ++P) {
    size_t First = Report.Places[P].SameAs;
    if (First == P)
      continue;
    ProgramPlace &Place = Report.Places[P];
    const ProgramPlace &Of = Report.Places[First];
    Place.Module = Of.Module;
    Place.CachedCubin = Of.CachedCubin;
    Place.Inject = Of.Inject;
    Place.PackIndex = Of.PackIndex;
    if (CubinFailure[First] != ProgramPlace::None) {
      VariantFailure F = Report.Failures[CubinFailure[First]];
      F.Program = P;
      F.Message = "same stubs as program " + std::to_string(First) + ": " +
                  F.Message;
      Report.Failures.push_back(std::move(F));
    }
  }
  std::stable_sort(Report.Failures.begin(), Report.Failures.end(),
                   [](const VariantFailure &A, const VariantFailure &B) {
                     return A.Program < B.Program;
                   });
  return Error::success();
}
