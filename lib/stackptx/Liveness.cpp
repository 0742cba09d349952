//===- Liveness.cpp - What the requests need, and temporaries -------------===//
//
// Values are created in order, so operands always precede their users:
// liveness walks back from the requests, temporaries are numbered in
// creation order, and only live lines are listed for the writer.
//
//===----------------------------------------------------------------------===//
#include "Workspace.h"

namespace ptxinject {
namespace stackptx {
namespace detail {
namespace {

void assignRequests(State &S, const size_t *Requests, size_t NumRequests) {
  for (size_t R = 0; R < NumRequests; ++R) {
    size_t Reg = Requests[R];
    unsigned Stack = unsigned(S.Registers[Reg].stack_idx);
    size_t &Size = S.StackSizes[Stack];
    if (Size == 0 || S.NumAssignments >= S.MaxAssignments)
      continue; // nothing to give: the register keeps its value
    uint32_t V = S.StackData[Stack * S.StackStride + --Size];
    S.Assignments[S.NumAssignments++] = Assignment{uint32_t(Reg), V, Dead};
  }
}

/// Keeps "%Name" (Len characters) for the fast writer, when it fits.
void keepName(ShortText &T, const char *Name, size_t Len) {
  if (Len + 1 >= sizeof(T.Text)) {
    T.Text[15] = 0;
    return;
  }
  T.Text[0] = '%';
  copyShortName(T.Text + 1, Name, Len);
  T.Text[15] = char(Len + 1);
}

/// Marks live values from the requests back through their operands, numbers
/// temporaries in creation order, lists what to print, and bounds the output.
inline __attribute__((always_inline)) void finalize(State &S) {
  Node *Nodes = S.Nodes;
  Special *Specials = S.Specials;
  uint64_t *LiveNodes = S.LiveNodes;
  size_t NumWords = (S.NumNodes + 63) / 64;
  if (NumWords == 1)
    LiveNodes[0] = 0; // the usual case, without a call
  else if (NumWords)
    std::memset(LiveNodes, 0, NumWords * sizeof(uint64_t));

  // Work ∝ live values: dead code is never visited. Each node enters once
  // (marked before its operands go on the list), so the list holds at most
  // every operand plus every request.
  // Only the registers the stub names are measured: the requested ones and
  // the inputs that live values read.
  size_t MaxName = S.MaxNameSeen;
  uint32_t Measured = S.MeasuredNames;
  auto measure = [&](uint32_t Reg) {
    if (Reg < NameLenCache) {
      if (Measured >> Reg & 1)
        return;
      Measured |= 1u << Reg;
    }
    const char *Name = S.Registers[Reg].name;
    size_t L = std::strlen(Name);
    if (Reg < NameLenCache) {
      S.NameLens[Reg] = uint32_t(L);
      keepName(S.NameText[Reg], Name, L);
    }
    MaxName = L > MaxName ? L : MaxName;
  };
  uint32_t *Work = S.Work;
  size_t NumWork = 0;
  for (size_t A = 0; A < S.NumAssignments; ++A) {
    measure(S.Assignments[A].Register);
    Work[NumWork++] = S.Assignments[A].Value;
  }
  // Inputs below 64 are gathered as bits and measured after the walk: the
  // walk's input case is then one OR, not a call.
  uint64_t InputBits = 0;
  const InstrLayout *Layouts = layoutsOf(S);
  while (NumWork) {
    uint32_t Ref = Work[--NumWork];
    uint32_t P = Ref & RefPayload;
    if (refKind(Ref) == RefResult) {
      uint32_t Id = P / RecordRef;
      uint64_t &Word = LiveNodes[Id / 64];
      uint64_t Bit = uint64_t(1) << (Id % 64);
      if (Word & Bit)
        continue;
      Word |= Bit;
      const Node &N = Nodes[Id];
      unsigned E = Layouts[nodeInstr(N)].NumArgElems;
      if (E <= InlineOperands) {
        // All four, then count the real ones: no loop whose length changes
        // from node to node for the branch predictor to miss.
        std::memcpy(Work + NumWork, N.Inline, sizeof(N.Inline));
        NumWork += E;
        continue;
      }
      const uint32_t *Ops = S.Operands + N.FirstOperand;
      for (unsigned O = 0; O < E; ++O)
        Work[NumWork++] = Ops[O];
    } else if (refKind(Ref) == RefInput) {
      if (P < 64)
        InputBits |= uint64_t(1) << P;
      else
        measure(P);
    } else if (refKind(Ref) == RefSpecial) {
      Specials[P].Live = 1;
    }
  }
  for (; InputBits; InputBits &= InputBits - 1)
    measure(uint32_t(__builtin_ctzll(InputBits)));
  S.MeasuredNames = Measured;
  S.MaxNameSeen = MaxName;

  // "%_s255_16777215" is 15 characters, literals at most 11; plus ", " and
  // braces.
  size_t OperandBound = (MaxName + 1 > 15 ? MaxName + 1 : 15) + 4;
  const StackPtxFastInstructionSetInfo &Set = *S.Set;
  size_t Bound = 8 + WriteSlack;
  size_t *TempCounts = S.TempCounts; // cleared when compiling began
  // A move line: "cvt.T.T " or "mov.T ", a destination, ", ", a source, ";\n".
  auto moveBound = [&](unsigned Stack) {
    needStackText(S, Stack);
    return 16 + 2 * size_t(S.Stacks[Stack].RegTypeLen) + 2 * OperandBound;
  };
  // The worklist is empty now; it becomes the list of lines to print, in
  // creation order: specials slot in before the first node created after them.
  uint32_t *Emit = S.Work;
  size_t NumEmit = 0;
  size_t NextSpecial = 0, NumResultTemps = 0;
  // The stacks that get temporaries, as bits: the declarations then visit
  // those stacks only, not every stack of the set.
  uint64_t TempStackBits[4] = {};
  static_assert(sizeof(TempStackBits) * 8 >= 256, "a bit per stack_idx");
  auto takeTemp = [&](unsigned Stack) {
    TempStackBits[Stack / 64] |= uint64_t(1) << (Stack % 64);
    return uint32_t(TempCounts[Stack]++);
  };
  auto emitSpecialsBefore = [&](size_t NodeId) {
    for (; NextSpecial < S.NumSpecials &&
           Specials[NextSpecial].NodesBefore <= NodeId;
         ++NextSpecial) {
      Special &Sp = Specials[NextSpecial];
      if (!Sp.Live)
        continue;
      Sp.Temp = takeTemp(Sp.Stack);
      Emit[NumEmit++] = makeRef(RefSpecial, uint32_t(NextSpecial));
      Bound += moveBound(Sp.Stack) +
               std::strlen(Set.special_registers[Sp.Index].ptx);
    }
  };
  for (size_t W = 0; W < NumWords; ++W) {
    for (uint64_t Bits = LiveNodes[W]; Bits; Bits &= Bits - 1) {
      uint32_t Id = uint32_t(W * 64 + unsigned(__builtin_ctzll(Bits)));
      if (S.NumSpecials)
        emitSpecialsBefore(Id);
      Emit[NumEmit++] = makeRef(RefResult, Id * RecordRef);
      Node &N = Nodes[Id];
      const InstrLayout &L = decodedLayout(S, nodeInstr(N));
      N.FirstTemp = uint32_t(NumResultTemps);
      for (unsigned R = 0; R < L.NumRetElems; ++R)
        S.ResultTemps[NumResultTemps++] = takeTemp(L.RetStack[R]);
      Bound += 8 + L.MnemonicLen +
               (L.NumArgElems + L.NumRetElems) * OperandBound +
               4 * (STACK_PTX_FAST_MAX_ARGS + STACK_PTX_FAST_MAX_RETS);
    }
  }
  if (S.NumSpecials)
    emitSpecialsBefore(SIZE_MAX);
  S.NumEmit = NumEmit;
  for (size_t A = 0; A < S.NumAssignments; ++A) {
    Assignment &As = S.Assignments[A];
    unsigned Stack = refStack(S, As.Value);
    Bound += moveBound(Stack);
    // A request that passes an input through must read it before an earlier
    // request overwrites that register (e.g. requests z, x from `z x`).
    if (refKind(As.Value) != RefInput)
      continue;
    uint32_t Reg = As.Value & RefPayload;
    for (size_t B = 0; B < A; ++B)
      if (S.Assignments[B].Register == Reg) {
        As.CopyTemp = takeTemp(Stack);
        Bound += moveBound(Stack);
        break;
      }
  }
  // Copies above may give a stack its first temporary, so declare last.
  S.NumTempStacks = 0;
  for (unsigned W = 0; W * 64 < S.NumStacks; ++W)
    for (uint64_t Bits = TempStackBits[W]; Bits; Bits &= Bits - 1) {
      unsigned K = W * 64 + unsigned(__builtin_ctzll(Bits));
      needStackText(S, K);
      S.TempStacks[S.NumTempStacks++] = uint8_t(K);
      Bound += 32 + S.Stacks[K].RegTypeLen;
    }
  S.Bound = Bound;
}

} // namespace

void settleRequests(State &S, const size_t *Requests, size_t NumRequests) {
  assignRequests(S, Requests, NumRequests);
  finalize(S);
}

} // namespace detail
} // namespace stackptx
} // namespace ptxinject
