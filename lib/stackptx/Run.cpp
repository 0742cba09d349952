//===- Run.cpp - Running a Stack PTX program symbolically -----------------===//
//
// Stacks hold references to values and PTX instructions become records: a
// reference names an input register, a constant, a special register element
// or a node's result, so pushing an input writes nothing but the stack slot
// and a node is one small record. Instructions run from decoded layouts
// (DecodedSet.cpp): a Compiler decodes its set once; the C API decodes an
// entry into the workspace the first time a compile uses it.
//
//===----------------------------------------------------------------------===//
#include "Workspace.h"

namespace ptxinject {
namespace stackptx {
namespace detail {
namespace {

/// The symbolic machine over a State. Counters live in members while it
/// runs and go back to the State at the end.
class Machine {
public:
  Machine(State &S, const StackPtxFastRegister *Registers, size_t NumRegisters)
      : S(S), Set(*S.Set), Registers(Registers), NumRegisters(NumRegisters),
        StackData(S.StackData), StackSizes(S.StackSizes), Nodes(S.Nodes),
        Operands(S.Operands), StackSize(S.StackSize),
        StackStride(S.StackStride), NumStacks(S.NumStacks),
        MaxValues(S.MaxValues), MaxOperands(S.MaxOperands),
        Fast(S.Decoded ? S.Decoded->Fast.data() : nullptr) {}

  void run(Program Main, const RoutineTable &Routines, size_t Budget);
  void finish() {
    S.NumValues = NumValues;
    S.NumNodes = NumNodes;
    S.NumOperands = NumOperands;
    S.NumSpecials = NumSpecials;
  }

private:
  /// How a span of instructions ended.
  enum SpanExit { SpanLimit, SpanReturn, SpanCall };
  /// Checked: the value and operand arrays may fill up (unchecked spans are
  /// too short to). Predecoded: the Compiler's tables, not the workspace cache.
  template <bool Checked, bool Predecoded>
  SpanExit runSpan(const StackPtxFastInstruction *Code, size_t &Pc,
                   size_t Limit, unsigned &Callee);
  template <bool Predecoded>
  void runFrames(Program Main, const RoutineTable &Routines, size_t Budget);

  uint32_t *stack(unsigned I) { return StackData + size_t(I) * StackStride; }
  const RunStep *lookUpStep(uint32_t Key) const;
  void runStackEdit(unsigned Handler, unsigned Stack, unsigned Slot);
  void runPtxMultiStack(const InstrLayout &L, unsigned Index);
  void runSpecial(unsigned Index);
  void runMeta(unsigned Op, unsigned Stack, uint32_t Payload);
  bool popMeta(uint32_t &V) {
    if (MetaSize == 0)
      return false;
    V = S.MetaStack[--MetaSize];
    return true;
  }

  State &S;
  const StackPtxFastInstructionSetInfo &Set;
  const StackPtxFastRegister *Registers;
  size_t NumRegisters;
  uint32_t *StackData;
  size_t *StackSizes;
  Node *Nodes;
  uint32_t *Operands;
  size_t StackSize, StackStride, NumStacks, MaxValues, MaxOperands;
  const uint32_t *Fast; // null: decode into the workspace cache
  size_t NumValues = 0, NumNodes = 0, NumOperands = 0, NumSpecials = 0;
  size_t MetaSize = 0;
};

/// The step of an instruction word, from the kind's table.
const RunStep *Machine::lookUpStep(uint32_t Key) const {
  const KindSteps &K =
      S.Kinds[std::min<uint32_t>(Key & 0xFF, NumKindSteps - 1)];
  return &K.Table[std::min<uint32_t>((Key >> K.Shift) & 0xFFFF, K.Bound)];
}

/// The meta instructions, store and load, on a valid stack, with their
/// conditions as arithmetic: when one cannot run, its reads and writes go to
/// the slot above the top, which holds nothing.
inline __attribute__((always_inline)) void
Machine::runStackEdit(unsigned Handler, unsigned Stack, unsigned Slot) {
  uint32_t *St = stack(Stack);
  size_t &SizeRef = StackSizes[Stack];
  size_t Size = SizeRef;
  // Indexed edits take their operand from the meta stack; with none there
  // the edit is skipped and consumes nothing.
  size_t Depth = 0;
  constexpr unsigned PopsMeta = 1u << HandleYankDup | 1u << HandleSwapWith |
                                1u << HandleReplace | 1u << HandleDrop;
  if (PopsMeta >> Handler & 1) {
    if (MetaSize == 0)
      return;
    Depth = S.MetaStack[--MetaSize];
  }
  switch (Handler) {
  case HandleDup:
  case HandleYankDup: {
    size_t Ok = Depth < Size && Size < StackSize;
    St[Size] = St[Ok ? Size - 1 - Depth : Size];
    SizeRef = Size + Ok;
    return;
  }
  case HandleSwap:
  case HandleSwapWith: {
    if (Handler == HandleSwap)
      Depth = 1;
    size_t Ok = Depth < Size && Size >= 1;
    size_t A = Size - Ok, B = Ok ? Size - 1 - Depth : Size;
    uint32_t X = St[A], Y = St[B];
    St[A] = Y;
    St[B] = X;
    return;
  }
  case HandleReplace: {
    // The top moves into the slot Depth below it (counted after the pop).
    size_t Ok = Depth + 1 < Size;
    size_t From = Size - Ok, To = Ok ? Size - 2 - Depth : Size;
    St[To] = St[From];
    SizeRef = Size - Ok;
    return;
  }
  case HandleDrop:
    SizeRef = Depth <= Size ? Size - Depth : Size;
    return;
  case HandleRotate: {
    // Top-first "a b c" becomes "b c a": the top sinks two places.
    size_t Ok = Size >= 3;
    size_t A = Size - Ok, B = Size - 2 * Ok, C = Size - 3 * Ok;
    uint32_t Top = St[A];
    St[A] = St[B];
    St[B] = St[C];
    St[C] = Top;
    return;
  }
  case HandleStore: {
    if (Slot >= S.StoreSize)
      return;
    size_t Ok = Size != 0;
    uint64_t Old = S.Slots[Slot];
    uint64_t New = (St[Size - Ok] + uint64_t(1)) | uint64_t(Stack) << 32;
    S.Slots[Slot] = Old ^ ((Old ^ New) & (0 - uint64_t(Ok)));
    SizeRef = Size - Ok;
    return;
  }
  default:
    return;
  }
}

template <bool Checked, bool Predecoded>
Machine::SpanExit Machine::runSpan(const StackPtxFastInstruction *Code,
                                   size_t &PcInOut, size_t Limit,
                                   unsigned &Callee) {
  // The hot state lives in locals for the span: stores into the workspace
  // arrays (some through byte-sized fields, which may alias anything) would
  // otherwise force the members to be reloaded after every store.
  // The fast loop looks one instruction ahead (see Next below) and never
  // past the span: it stops before the last instruction, which then runs
  // through the checked loop.
  constexpr bool LooksAhead = !Checked && Predecoded;
  if (LooksAhead && Limit - PcInOut < 2)
    return runSpan<true, Predecoded>(Code, PcInOut, Limit, Callee);
  // A pointer, not an index: one register fewer than code + index.
  const StackPtxFastInstruction *Ip = Code + PcInOut, *const End =
                                                          Code + Limit -
                                                          (LooksAhead ? 1 : 0);
  // Records (nodes and constants) and values created share a register,
  // values in the high half: one register fewer for the loop to keep. The
  // low half counts records in RecordRef units, so it is also the next
  // record's reference.
  size_t NNV = NumNodes * RecordRef | NumValues << 32, NO = NumOperands;
  constexpr uint64_t OneValue = uint64_t(1) << 32;
  State::StepMemo *const MemoTable = S.Memo;
  // The next record, addressed from the memo's register: the records are a
  // constant distance past it, which the compiler folds into the address
  // instead of keeping (and, short of registers, spilling) a base of its own.
  // A record's offset is its reference * 4, an addressing mode with no shift.
  auto nextRecord = [MemoTable](size_t NNV) -> Node & {
    constexpr size_t RecordsFromMemo = RecordsAt - offsetof(State, Memo);
    // Through an integer: the address is past the memo array, which is
    // right, but a pointer derived from the array makes the compiler warn.
    return *reinterpret_cast<Node *>(
        reinterpret_cast<uintptr_t>(MemoTable) + RecordsFromMemo +
        size_t(uint32_t(NNV)) * (sizeof(Node) / RecordRef));
  };
  uint32_t *const Ops = Operands;
  uint32_t *const Data = StackData;
  size_t *const Sizes = StackSizes;
  const size_t Capacity = StackSize, Stride = StackStride;
  const uint32_t *const FastWords = Fast;
  const size_t NumInstrs = Set.num_instructions;
  auto sync = [&] {
    NumValues = NNV >> 32;
    NumOperands = NO;
    NumNodes = uint32_t(NNV) / RecordRef;
  };
  auto reload = [&] {
    NNV = NumNodes * RecordRef | NumValues << 32;
    NO = NumOperands;
  };

  // In StepHandler order.
  static const void *const Handlers[] = {
      &&StepCommon,  &&StepTwoStack, &&StepMetaConstant, &&StepClear,
      &&StepDup,     &&StepYankDup,  &&StepSwap,         &&StepSwapWith,
      &&StepReplace, &&StepDrop,     &&StepRotate,       &&StepStore,
      &&StepLoad,    &&StepOther};
  static_assert(sizeof(Handlers) / sizeof(Handlers[0]) == HandleOther + 1,
                "a handler per StepHandler");
  // The memo entry of an instruction, filled in on a miss.
  auto lookUp = [&](const StackPtxFastInstruction *At) {
    uint32_t Key;
    std::memcpy(&Key, At, sizeof(Key));
    State::StepMemo &Memo = MemoTable[memoSlot(Key)];
    if (__builtin_expect(Memo.Key != Key, 0)) {
      const RunStep *Found = lookUpStep(Key);
      Memo = State::StepMemo{Key, Found, Handlers[Found->Handler], 0};
    }
    return &Memo;
  };
  // The next instruction's memo entry, looked up one step ahead: the
  // dispatch jump then has its target at hand as soon as it issues, so a
  // mispredicted one (the kinds of a random program are unpredictable) is
  // found out and refetched that much sooner. One pointer, not the step and
  // the handler, keeps a register free for the loop; both are read before
  // the next look-up may reuse the entry.
  const State::StepMemo Start{0, &SlowStep, &&StepOther, 0};
  const State::StepMemo *Next = &Start;
  if (LooksAhead)
    Next = lookUp(Ip);

  SpanExit Exit = SpanLimit;
  for (; Ip < End; ++Ip) {
  NextStep:
    const StackPtxFastInstruction I = *Ip;
    if (!Checked && Predecoded) {
      // The shared step of inputs, constants and PTX instructions. Every
      // choice in it is arithmetic: a step that cannot run (operands
      // missing, stack full) still writes its record and results, past the
      // record count and above the stack top, where nothing reads them.
      uint64_t Word;
      std::memcpy(&Word, &I, sizeof(Word));
      const RunStep &St = *Next->Step;
      const void *Handler = Next->Handler;
      Next = lookUp(Ip + 1);
      goto *Handler;
    StepCommon: {
      size_t &SizeRef = *reinterpret_cast<size_t *>(
          reinterpret_cast<char *>(Data) + St.SizeAt);
      size_t Size = SizeRef;
      // Masks, not selects: a compiler may turn a select into a branch;
      // "below RangeEnd" makes the mask a compare and a borrow.
      // Size - Need wraps when operands are missing.
      size_t Mask = 0 - size_t(Size - St.Need < St.RangeEnd);
      size_t Take = St.Need & Mask;
      size_t At = Size - Take;
      SizeRef = Size + (int64_t(St.SizeDelta) & Mask);
      uint32_t *Top = Data + St.Base + At;
      Node &Rec = nextRecord(NNV);
      copyInlineOperands(Rec.Inline, Top);
      uint64_t Refs = St.RefPair + uint64_t(uint32_t(NNV)) * St.ScalePair;
      std::memcpy(Top, &Refs, sizeof(Refs));
      std::memcpy(&Rec.Code, &I, sizeof(I));
      NNV += St.RecordRets & Mask;
      // The next dispatch right here, not through the loop's latch: one
      // jump fewer for the most common step.
      if (__builtin_expect(++Ip < End, 1))
        goto NextStep;
      goto Done;
    }
    StepTwoStack: {
      // As above, with the operands' stack checked for operands and the
      // results' stack for room.
      size_t SizeA = Sizes[St.Stack], SizeB = Sizes[St.RetStack];
      size_t Mask =
          0 - size_t((SizeA - St.Need <= Capacity) & (SizeB < St.RangeEnd));
      size_t Take = St.Need & Mask;
      size_t At = SizeA - Take;
      Sizes[St.Stack] = At;
      Sizes[St.RetStack] = SizeB + (int64_t(St.SizeDelta) & Mask);
      Node &Rec = nextRecord(NNV);
      copyInlineOperands(Rec.Inline, Data + St.Base + At);
      uint32_t *Top = Data + St.RetStack * Stride + SizeB;
      uint64_t Refs = St.RefPair + uint64_t(uint32_t(NNV)) * St.ScalePair;
      std::memcpy(Top, &Refs, sizeof(Refs));
      std::memcpy(&Rec.Code, &I, sizeof(I));
      NNV += St.RecordRets & Mask;
      continue;
    }
    StepMetaConstant:
      if (MetaSize < Capacity)
        S.MetaStack[MetaSize++] = uint32_t(Word >> 32);
      continue;
    StepClear:
      if (I.stack_idx < NumStacks)
        Sizes[I.stack_idx] = 0;
      continue;
// One label per handler, each with its edit inlined for its constant handler.
#define PTXINJECT_STACK_EDIT(H)                                                \
  Step##H : if (I.stack_idx < NumStacks)                                       \
                runStackEdit(Handle##H, I.stack_idx, I.idx);                   \
  continue;
      PTXINJECT_STACK_EDIT(Dup)
      PTXINJECT_STACK_EDIT(YankDup)
      PTXINJECT_STACK_EDIT(Swap)
      PTXINJECT_STACK_EDIT(SwapWith)
      PTXINJECT_STACK_EDIT(Replace)
      PTXINJECT_STACK_EDIT(Drop)
      PTXINJECT_STACK_EDIT(Rotate)
      PTXINJECT_STACK_EDIT(Store)
#undef PTXINJECT_STACK_EDIT
    StepLoad: {
      // The slot keeps its value's stack (0 when empty); the push is
      // arithmetic like a step's.
      unsigned Slot = unsigned(Word >> 16) & 0xFFFF;
      if (Slot >= S.StoreSize)
        continue;
      uint64_t Value = S.Slots[Slot];
      size_t Stack = size_t(Value >> 32), Size = Sizes[Stack];
      size_t Ok = size_t(uint32_t(Value) != 0) & size_t(Size < Capacity);
      Data[Stack * Stride + Size] = uint32_t(Value) - 1;
      Sizes[Stack] = Size + Ok;
      continue;
    }
    }
  StepOther:
    switch (I.kind) {
    case STACK_PTX_FAST_INSTRUCTION_KIND_RETURN:
      Exit = SpanReturn;
      goto Done;
    case STACK_PTX_FAST_INSTRUCTION_KIND_INPUT: {
      if (I.idx >= NumRegisters)
        break;
      unsigned Stack = unsigned(Registers[I.idx].stack_idx);
      size_t Size = Sizes[Stack];
      if (Size >= Capacity || (Checked && (NNV >> 32) >= MaxValues))
        break;
      Data[Stack * Stride + Size] = makeRef(RefInput, I.idx);
      Sizes[Stack] = Size + 1;
      NNV += OneValue;
      break;
    }
    case STACK_PTX_FAST_INSTRUCTION_KIND_CONSTANT: {
      unsigned Stack = I.stack_idx;
      if (Stack >= NumStacks ||
          Set.stack_types[Stack].constant_kind == STACK_PTX_FAST_CONSTANT_NONE)
        break;
      size_t Size = Sizes[Stack];
      if (Size >= Capacity || (Checked && (NNV >> 32) >= MaxValues))
        break;
      setRecord(nextRecord(NNV), I, 0);
      Data[Stack * Stride + Size] = makeRef(RefConstant, uint32_t(NNV));
      Sizes[Stack] = Size + 1;
      NNV += RecordRef + OneValue;
      break;
    }
    case STACK_PTX_FAST_INSTRUCTION_KIND_PTX: {
      if (I.idx >= NumInstrs)
        break;
      uint32_t F =
          Predecoded ? FastWords[I.idx] : fastWord(instrLayout(S, I.idx));
      size_t Need = (F >> 16) & 0xFF, Rets = F >> 24;
      if (F == FastSkip)
        break;
      if ((F & 0xFF) == FastMulti) {
        const InstrLayout &L = instrLayout(S, I.idx);
        if (Checked && ((NNV >> 32) + L.NumRetElems > MaxValues ||
                        (L.NumArgElems > InlineOperands &&
                         NO + L.NumArgElems > MaxOperands)))
          break;
        sync();
        runPtxMultiStack(L, I.idx);
        reload();
        break;
      }
      if (Checked && ((NNV >> 32) + Rets > MaxValues ||
                      (Need > InlineOperands && NO + Need > MaxOperands)))
        break;
      // Operands of one stack are its top elements, deepest first, so
      // `x y sub` is x - y.
      unsigned Stack = (F >> 8) & 0xFF;
      size_t Size = Sizes[Stack];
      if (Need > Size || Size - Need + Rets > Capacity)
        break;
      uint32_t *Top = Data + Stack * Stride + (Size - Need);
      Node &Rec = nextRecord(NNV);
      setRecord(Rec, I, uint32_t(NO));
      if (Need <= InlineOperands) {
        std::memcpy(Rec.Inline, Top,
                    sizeof(Rec.Inline)); // the stack's slack absorbs the excess
      } else {
        for (size_t E = 0; E < Need; ++E)
          Ops[NO + E] = Top[E];
        NO += Need;
      }
      uint32_t Ref = uint32_t(NNV);
      Top[0] = Ref;
      for (unsigned R = 1; R < Rets; ++R)
        Top[R] = Ref | R;
      NNV += RecordRef + Rets * OneValue;
      Sizes[Stack] = Size - Need + Rets;
      break;
    }
    case STACK_PTX_FAST_INSTRUCTION_KIND_SPECIAL_REGISTER:
      if (I.idx < Set.num_special_registers) {
        sync();
        runSpecial(I.idx);
        reload();
      }
      break;
    case STACK_PTX_FAST_INSTRUCTION_KIND_META: {
      uint32_t Payload;
      std::memcpy(&Payload, &I.payload, sizeof(Payload));
      runMeta(I.idx, I.stack_idx, Payload);
      break;
    }
    case STACK_PTX_FAST_INSTRUCTION_KIND_STORE: {
      unsigned Stack = I.stack_idx;
      if (Stack >= NumStacks || I.idx >= S.StoreSize || Sizes[Stack] == 0)
        break;
      S.Slots[I.idx] = (Data[Stack * Stride + --Sizes[Stack]] + uint64_t(1)) |
                       uint64_t(Stack) << 32;
      break;
    }
    case STACK_PTX_FAST_INSTRUCTION_KIND_LOAD: {
      if (I.idx >= S.StoreSize || uint32_t(S.Slots[I.idx]) == 0)
        break;
      uint32_t V = uint32_t(S.Slots[I.idx]) - 1;
      unsigned Stack = unsigned(S.Slots[I.idx] >> 32);
      size_t Size = Sizes[Stack];
      if (Size < Capacity) {
        Data[Stack * Stride + Size] = V;
        Sizes[Stack] = Size + 1;
      }
      break;
    }
    case STACK_PTX_FAST_INSTRUCTION_KIND_ROUTINE:
      ++Ip;
      Callee = I.idx;
      Exit = SpanCall;
      goto Done;
    default:
      break; // unknown kinds are skipped: any bytes are a valid instruction
    }
  }
Done:
  sync();
  PcInOut = size_t(Ip - Code);
  if (LooksAhead && Exit == SpanLimit) {
    // The instruction left over is most often the program's return, which
    // needs none of the checked loop's set-up.
    if (Ip->kind == STACK_PTX_FAST_INSTRUCTION_KIND_RETURN)
      return SpanReturn;
    return runSpan<true, Predecoded>(Code, PcInOut, Limit, Callee);
  }
  return Exit;
}

inline __attribute__((always_inline)) void
Machine::run(Program Main, const RoutineTable &Routines, size_t Budget) {
  if (Fast)
    runFrames<true>(Main, Routines, Budget);
  else
    runFrames<false>(Main, Routines, Budget);
}

/// A C return-terminated array (size SIZE_MAX) as a span through its return:
/// the fast loop looks one instruction ahead and must know where to stop.
Program throughReturn(Program P) {
  if (P.size() != SIZE_MAX)
    return P;
  size_t N = 0;
  while (P.data()[N].kind != STACK_PTX_FAST_INSTRUCTION_KIND_RETURN)
    ++N;
  return Program(P.data(), N + 1);
}

template <bool Predecoded>
inline __attribute__((always_inline)) void
Machine::runFrames(Program Main, const RoutineTable &Routines, size_t Budget) {
  // Only the per-kind code may run an array of unknown length.
  auto body = [&](Program P) { return Predecoded ? throughReturn(P) : P; };
  Main = body(Main);
  // One instruction adds at most this many values and operands.
  constexpr size_t MaxNewValues = MaxRetElems, MaxNewOperands = MaxArgElems;
  size_t Depth = 0;
  S.Frames[0] = Frame{NoValue, 0};
  const StackPtxFastInstruction *Code = Main.data();
  size_t End = Main.size(), Pc = 0;
  for (;;) {
    // The budget bounds the span instead of being counted per instruction.
    // Once it is spent nothing more can run (returns create no values), so
    // the run ends where the budget does.
    size_t Limit = End - Pc <= Budget ? End : Pc + Budget;
    SpanExit Exit = SpanLimit;
    unsigned Callee = 0;
    while (Pc < Limit) {
      size_t Start = Pc;
      size_t Room = (MaxValues - NumValues) / MaxNewValues;
      size_t OperandRoom = (MaxOperands - NumOperands) / MaxNewOperands;
      Room = Room < OperandRoom ? Room : OperandRoom;
      if (Room >= 16)
        Exit = runSpan<false, Predecoded>(
            Code, Pc, Limit - Pc <= Room ? Limit : Pc + Room, Callee);
      else
        Exit = runSpan<true, Predecoded>(Code, Pc, Limit, Callee);
      Budget -= Pc - Start;
      if (Exit != SpanLimit)
        break;
    }
    if (Exit == SpanCall) {
      if (Callee < Routines.Count && Depth < S.MaxFrames) {
        S.Frames[Depth].Pc = uint32_t(Pc);
        ++Depth;
        S.Frames[Depth] = Frame{Callee, 0};
        Program Body = body(Routines.get(Callee));
        Code = Body.data();
        End = Body.size();
        Pc = 0;
      }
      continue;
    }
    if (Budget == 0 || Depth == 0)
      return;
    if (Set.reference_rules)
      --Budget; // the reference counts the routine's return as a step
    --Depth;
    uint32_t R = S.Frames[Depth].Routine;
    Program Body = R == NoValue ? Main : body(Routines.get(R));
    Code = Body.data();
    End = Body.size();
    Pc = S.Frames[Depth].Pc;
  }
}

void Machine::runPtxMultiStack(const InstrLayout &L, unsigned Index) {
  for (unsigned K = 0; K < L.NumStacks; ++K) {
    size_t Size = StackSizes[L.Stacks[K]];
    if (L.Need[K] > Size || Size - L.Need[K] + L.Push[K] > StackSize)
      return;
  }
  Node &Rec = Nodes[NumNodes];
  setRecord(Rec, stack_ptx_fast_encode_ptx_instruction(Index),
            uint32_t(NumOperands));
  bool Inline = L.NumArgElems <= InlineOperands;
  uint32_t *Out = Inline ? Rec.Inline : Operands + NumOperands;
  size_t Next[MaxStacksPerInstr];
  if (L.TopFirst) {
    for (unsigned K = 0; K < L.NumStacks; ++K)
      Next[K] = StackSizes[L.Stacks[K]];
    for (unsigned E = 0; E < L.NumArgElems; ++E) {
      unsigned K = L.ArgSlot[E];
      Out[E] = stack(L.Stacks[K])[--Next[K]];
    }
  } else {
    for (unsigned K = 0; K < L.NumStacks; ++K)
      Next[K] = StackSizes[L.Stacks[K]] - L.Need[K];
    for (unsigned E = 0; E < L.NumArgElems; ++E) {
      unsigned K = L.ArgSlot[E];
      Out[E] = stack(L.Stacks[K])[Next[K]++];
    }
  }
  if (!Inline)
    NumOperands += L.NumArgElems;
  for (unsigned K = 0; K < L.NumStacks; ++K)
    StackSizes[L.Stacks[K]] -= L.Need[K];
  uint32_t Ref = uint32_t(NumNodes++) * RecordRef;
  for (unsigned I = 0; I < L.NumRetElems; ++I) {
    unsigned R = L.TopFirst ? L.NumRetElems - 1 - I : I;
    unsigned Stack = L.RetStack[R];
    stack(Stack)[StackSizes[Stack]++] = Ref | R;
  }
  NumValues += L.NumRetElems;
}

void Machine::runSpecial(unsigned Index) {
  const StackPtxFastSpecialRegisterInfo &Info = Set.special_registers[Index];
  if (Info.arg_type >= Set.num_arg_types)
    return;
  const StackPtxFastArgTypeInfo &T = Set.arg_types[Info.arg_type];
  if (T.stack_idx >= NumStacks ||
      T.num_vec_elems > STACK_PTX_FAST_MAX_VEC_ELEMS)
    return;
  unsigned Count = T.num_vec_elems ? T.num_vec_elems : 1;
  size_t &Size = StackSizes[T.stack_idx];
  if (Size + Count > StackSize || NumValues + Count > MaxValues)
    return;
  for (unsigned E = 0; E < Count; ++E) {
    S.Specials[NumSpecials] =
        Special{uint16_t(Index),
                T.num_vec_elems ? uint8_t(E) : uint8_t(0xFF),
                T.stack_idx,
                uint32_t(NumNodes),
                0,
                0};
    stack(T.stack_idx)[Size++] = makeRef(RefSpecial, uint32_t(NumSpecials++));
    ++NumValues;
  }
}

inline __attribute__((always_inline)) void
Machine::runMeta(unsigned Op, unsigned Stack, uint32_t Payload) {
  if (Op == STACK_PTX_FAST_META_CONSTANT) {
    if (MetaSize < StackSize)
      S.MetaStack[MetaSize++] = Payload;
    return;
  }
  if (Stack >= NumStacks)
    return;
  uint32_t *St = stack(Stack);
  size_t &Size = StackSizes[Stack];
  uint32_t Depth;
  switch (Op) {
  case STACK_PTX_FAST_META_DUP:
    if (Size > 0 && Size < StackSize) {
      St[Size] = St[Size - 1];
      ++Size;
    }
    return;
  case STACK_PTX_FAST_META_YANK_DUP:
    if (popMeta(Depth) && Depth < Size && Size < StackSize) {
      St[Size] = St[Size - 1 - Depth];
      ++Size;
    }
    return;
  case STACK_PTX_FAST_META_SWAP:
    if (Size >= 2) {
      uint32_t T = St[Size - 1];
      St[Size - 1] = St[Size - 2];
      St[Size - 2] = T;
    }
    return;
  case STACK_PTX_FAST_META_SWAP_WITH:
    if (popMeta(Depth) && Depth < Size &&
        (!Set.reference_rules || Size < StackSize)) {
      uint32_t T = St[Size - 1];
      St[Size - 1] = St[Size - 1 - Depth];
      St[Size - 1 - Depth] = T;
    }
    return;
  case STACK_PTX_FAST_META_REPLACE:
    if (Set.reference_rules) {
      // The reference counts Depth from the top before popping it.
      if (popMeta(Depth) && Depth < Size && Size < StackSize) {
        St[Size - 1 - Depth] = St[Size - 1];
        --Size;
      }
      return;
    }
    // The top moves into the slot Depth below it (counted after the pop).
    if (popMeta(Depth) && Size >= 1 && Depth < Size - 1) {
      uint32_t Top = St[--Size];
      St[Size - 1 - Depth] = Top;
    }
    return;
  case STACK_PTX_FAST_META_DROP:
    if (popMeta(Depth) && (Set.reference_rules ? Depth < Size : Depth <= Size))
      Size -= Depth;
    return;
  case STACK_PTX_FAST_META_ROTATE:
    // Top-first "a b c" becomes "b c a": the top sinks two places.
    if (Size >= 3) {
      uint32_t Top = St[Size - 1];
      St[Size - 1] = St[Size - 2];
      St[Size - 2] = St[Size - 3];
      St[Size - 3] = Top;
    }
    return;
  case STACK_PTX_FAST_META_REVERSE:
    for (size_t Lo = 0, Hi = Size; Lo + 1 < Hi; ++Lo, --Hi) {
      uint32_t T = St[Lo];
      St[Lo] = St[Hi - 1];
      St[Hi - 1] = T;
    }
    return;
  case STACK_PTX_FAST_META_CLEAR:
    Size = 0;
    return;
  default:
    return;
  }
}

} // namespace

void runProgram(State &S, Program Main, const RoutineTable &Routines,
                size_t Budget) {
  Machine M(S, S.Registers, S.NumRegisters);
  M.run(Main, Routines, Budget);
  M.finish();
}

} // namespace detail
} // namespace stackptx
} // namespace ptxinject
