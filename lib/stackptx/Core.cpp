//===- Core.cpp - Stack PTX compiler: workspace and driver ----------------===//
//
// A compile runs a program symbolically (Run.cpp), keeps what the requests
// need and numbers temporaries (Liveness.cpp), and prints the stub on demand
// (Write.cpp). This file lays the caller's workspace out, checks the
// arguments and drives a compile through those phases; everything lives in
// the workspace (Workspace.h).
//
//===----------------------------------------------------------------------===//
#include "Workspace.h"

#include "ptxinject/site/RegisterName.h"

namespace ptxinject {
namespace stackptx {
namespace detail {

size_t clampedStackSize(const StackPtxFastCompilerInfo &Limits) {
  return clampLimits(Limits).StackSize;
}

size_t workspaceBytes(const StackPtxFastCompilerInfo &Limits,
                      const StackPtxFastInstructionSetInfo &Set) {
  return layoutFor(clampLimits(Limits), Set).Total;
}

namespace {

/// Lays the workspace out for a set and limits: everything a compile needs
/// that does not depend on its program, registers and requests.
void layOut(const Limits32 &L, const Layout &Lay,
            const StackPtxFastInstructionSetInfo &Set, void *Workspace,
            const DecodedSet *Decoded) {
  State &S = *stateOf(Workspace);
  char *Base = reinterpret_cast<char *>(&S);
  S.InstrCache = reinterpret_cast<InstrLayout *>(Base + Lay.InstrCache);
  S.InstrStamps = reinterpret_cast<uint32_t *>(Base + Lay.InstrStamps);
  S.StackCache = reinterpret_cast<StackText *>(Base + Lay.StackCache);
  S.StackStamps = reinterpret_cast<uint32_t *>(Base + Lay.StackStamps);
  S.NumCachedInstrs = cachedInstrs(Set);
  // Stamps from an earlier compile with this layout stay below the next
  // generation; anything else (a fresh workspace, another layout, a wrapped
  // counter) starts the caches over.
  if (S.Magic != WorkspaceMagic || S.Total != Lay.Total ||
      S.Generation >= 0xFFFFFFF0u) {
    std::memset(S.InstrStamps, 0, S.NumCachedInstrs * sizeof(uint32_t));
    std::memset(S.StackStamps, 0, Set.num_stack_types * sizeof(uint32_t));
    S.Generation = 0;
  }
  ++S.Generation;
  S.Magic = WorkspaceMagic;
  S.Total = Lay.Total;
  S.Compiled = 0;
  S.Self = nullptr;
  S.Set = &Set;
  S.Decoded = Decoded;
  S.NumStacks = Set.num_stack_types;
  S.StackSize = L.StackSize;
  S.StackStride = stackStride(L.StackSize);
  S.StoreSize = L.StoreSize;
  S.MaxFrames = L.MaxFrames;
  S.MaxValues = L.MaxValues;
  S.MaxOperands = L.MaxValues * OperandsPerValue;
  S.MaxAssignments = S.NumStacks * S.StackSize;
  S.StackData = reinterpret_cast<uint32_t *>(Base + Lay.StackData);
  S.StackSizes = reinterpret_cast<size_t *>(Base + Lay.StackSizes);
  S.MetaStack = reinterpret_cast<uint32_t *>(Base + Lay.MetaStack);
  S.Slots = reinterpret_cast<uint64_t *>(Base + Lay.Slots);
  S.TempCounts = reinterpret_cast<size_t *>(Base + Lay.TempCounts);
  S.Frames = reinterpret_cast<Frame *>(Base + Lay.Frames);
  S.Nodes = reinterpret_cast<Node *>(Base + Lay.Nodes);
  assert(Lay.Nodes == RecordsAt &&
         "the run loop finds the records at RecordsAt");
  S.Specials = reinterpret_cast<Special *>(Base + Lay.Specials);
  S.Operands = reinterpret_cast<uint32_t *>(Base + Lay.Operands);
  S.ResultTemps = reinterpret_cast<uint32_t *>(Base + Lay.ResultTemps);
  S.Printed = reinterpret_cast<ShortText *>(Base + Lay.Printed);
  S.Assignments = reinterpret_cast<Assignment *>(Base + Lay.Assignments);
  S.Work = reinterpret_cast<uint32_t *>(Base + Lay.Work);
  S.LiveNodes = reinterpret_cast<uint64_t *>(Base + Lay.LiveNodes);
  S.Stacks = Decoded ? Decoded->Stacks.data() : S.StackCache;
  S.ClearBytes = Lay.MetaStack - Lay.StackSizes;
  // Steps need stacks of at least two slots, laid out as the Compiler's are
  // (their SizeAt counts on the stack sizes following the stack data).
  bool Steps = Decoded && S.StackSize >= StepMaxRets &&
               Decoded->StackSize == S.StackSize &&
               Lay.StackSizes - Lay.StackData ==
                   stackDataBytes(S.NumStacks, S.StackSize);
  for (KindSteps &K : S.Kinds)
    K = KindSteps{&SlowStep, 0, 0};
  if (Steps) {
    std::memcpy(S.Kinds, Decoded->Kinds, sizeof(S.Kinds));
    S.Kinds[STACK_PTX_FAST_INSTRUCTION_KIND_INPUT] =
        KindSteps{S.InputSteps, 16, MaxStepInputs};
  }
  for (RunStep &St : S.InputSteps)
    St = SlowStep;
  for (uint32_t &K : S.InputStackOf)
    K = NoInputStack;
  S.NumInputSteps = 0;
  // Only the run loop knows its handlers' addresses, so every entry starts
  // with a key of another entry's slot: its first look-up misses and fills it.
  for (size_t I = 0; I < std::size(S.Memo); ++I)
    S.Memo[I] =
        State::StepMemo{memoSlot(0) == I ? 1u : 0u, &SlowStep, nullptr, 0};
  S.SetupSerial = Decoded ? Decoded->Serial : 0;
  S.Self = &S;
}

} // namespace

namespace {

/// prepareWorkspace's body, inlined into compileToWorkspace: a single
/// compile pays no call between its halves.
inline __attribute__((always_inline)) StackPtxFastResult prepare(
    const StackPtxFastCompilerInfo &Limits,
    const StackPtxFastInstructionSetInfo &Set,
    const StackPtxFastRegister *Registers, size_t NumRegisters,
    const RoutineTable &Routines, const size_t *Requests, size_t NumRequests,
    void *Workspace, size_t WorkspaceSize, const DecodedSet *Decoded) {
  if (!Workspace || (NumRegisters && !Registers) ||
      (NumRequests && !Requests) ||
      (Routines.Count && !Routines.Spans && !Routines.Arrays))
    return STACK_PTX_FAST_ERROR_INVALID_ARGUMENT;
  State *Prev = stateOf(Workspace);
  // A workspace that the same Compiler laid out keeps its layout: only the
  // arguments that change between compiles are checked and set again.
  bool Reuse = Decoded && WorkspaceSize >= sizeof(State) + 8 &&
               Prev->Magic == WorkspaceMagic && Prev->Self == Prev &&
               Prev->SetupSerial == Decoded->Serial && Prev->Set == &Set &&
               WorkspaceSize >= Prev->Total;
  Limits32 L;
  Layout Lay;
  if (!Reuse) {
    if (!isUsableSet(Set))
      return STACK_PTX_FAST_ERROR_INVALID_INSTRUCTION_SET;
    L = clampLimits(Limits);
    Lay = layoutFor(L, Set);
    if (WorkspaceSize < Lay.Total)
      return STACK_PTX_FAST_ERROR_INSUFFICIENT_WORKSPACE;
  }
  // Names are written after '%': a name with its own ("%x") or another
  // character PTX refuses is an error here, not in ptxas. Once per call.
  for (size_t R = 0; R < NumRegisters; ++R)
    if (Registers[R].stack_idx >= Set.num_stack_types ||
        !isBareRegisterName(Registers[R].name))
      return STACK_PTX_FAST_ERROR_INVALID_REGISTER;
  for (size_t R = 0; R < NumRequests; ++R)
    if (Requests[R] >= NumRegisters)
      return STACK_PTX_FAST_ERROR_INVALID_REGISTER;
  if (!Reuse)
    layOut(L, Lay, Set, Workspace, Decoded);
  State &S = *Prev;
  S.Compiled = 0;
  S.Registers = Registers;
  S.NumRegisters = NumRegisters;
  S.MeasuredNames = 0;
  S.MaxNameSeen = 0;
  if (Decoded) {
    // The input steps of these registers; those of registers the last
    // compile had beyond them become slow again.
    size_t NumInputs = std::min<size_t>(NumRegisters, MaxStepInputs);
    for (size_t R = 0; R < NumInputs; ++R) {
      uint32_t Stack = uint32_t(Registers[R].stack_idx);
      if (S.InputStackOf[R] == Stack)
        continue;
      S.InputStackOf[R] = Stack;
      S.InputSteps[R] = Decoded->InputSteps[Stack];
      S.InputSteps[R].RefPair = refPair(makeRef(RefInput, uint32_t(R)));
    }
    for (size_t R = NumInputs; R < S.NumInputSteps; ++R) {
      S.InputStackOf[R] = NoInputStack;
      S.InputSteps[R] = Decoded->SkipInput;
    }
    S.NumInputSteps = NumInputs;
  }

  return STACK_PTX_FAST_SUCCESS;
}

/// compilePrepared's body, inlined the same way; the run and the liveness
/// pass are a call each.
inline __attribute__((always_inline)) StackPtxFastResult
compileNext(void *Workspace, Program Main, const RoutineTable &Routines,
            const size_t *Requests, size_t NumRequests, size_t ExecutionLimit) {
  // The callers have checked Main.
  State &S = *stateOf(Workspace);
  S.Compiled = 0;
  S.NumValues = S.NumNodes = S.NumOperands = S.NumSpecials = 0;
  S.NumAssignments = 0;
  std::memset(S.StackSizes, 0, S.ClearBytes);
  static_assert(MaxArgElems <= 255, "operand count fits a byte");
  runProgram(S, Main, Routines, ExecutionLimit);
  settleRequests(S, Requests, NumRequests);
  S.Compiled = 1;
  return STACK_PTX_FAST_SUCCESS;
}

} // namespace

StackPtxFastResult prepareWorkspace(const StackPtxFastCompilerInfo &Limits,
                                    const StackPtxFastInstructionSetInfo &Set,
                                    const StackPtxFastRegister *Registers,
                                    size_t NumRegisters,
                                    const RoutineTable &Routines,
                                    const size_t *Requests, size_t NumRequests,
                                    void *Workspace, size_t WorkspaceSize,
                                    const DecodedSet *Decoded) {
  return prepare(Limits, Set, Registers, NumRegisters, Routines, Requests,
                 NumRequests, Workspace, WorkspaceSize, Decoded);
}

StackPtxFastResult compilePrepared(void *Workspace, Program Main,
                                   const RoutineTable &Routines,
                                   const size_t *Requests, size_t NumRequests,
                                   size_t ExecutionLimit) {
  if (!Main.data() && Main.size())
    return STACK_PTX_FAST_ERROR_INVALID_ARGUMENT;
  return compileNext(Workspace, Main, Routines, Requests, NumRequests,
                     ExecutionLimit);
}

StackPtxFastResult
compileToWorkspace(const StackPtxFastCompilerInfo &Limits,
                   const StackPtxFastInstructionSetInfo &Set, Program Main,
                   const StackPtxFastRegister *Registers, size_t NumRegisters,
                   const RoutineTable &Routines, const size_t *Requests,
                   size_t NumRequests, void *Workspace, size_t WorkspaceSize,
                   const DecodedSet *Decoded) {
  // Checked first: a call with bad arguments leaves the workspace alone.
  if (!Main.data() && Main.size())
    return STACK_PTX_FAST_ERROR_INVALID_ARGUMENT;
  StackPtxFastResult R =
      prepare(Limits, Set, Registers, NumRegisters, Routines, Requests,
              NumRequests, Workspace, WorkspaceSize, Decoded);
  if (R != STACK_PTX_FAST_SUCCESS)
    return R;
  return compileNext(Workspace, Main, Routines, Requests, NumRequests,
                     Limits.execution_limit);
}

bool hasCompiledProgram(const void *Workspace, size_t WorkspaceSize) {
  if (!Workspace || WorkspaceSize < sizeof(State) + 8)
    return false;
  const State &S = *stateOf(Workspace);
  return S.Magic == WorkspaceMagic && S.Compiled == 1;
}

size_t outputBound(const void *Workspace) { return stateOf(Workspace)->Bound; }

} // namespace detail
} // namespace stackptx
} // namespace ptxinject
