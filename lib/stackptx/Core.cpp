//===- StackPtxCore.cpp - Stack PTX compiler core -------------------------===//
//
// Runs a program symbolically: stacks hold references to values, PTX
// instructions become graph nodes. A reference names an input register, a
// constant, a special register element or a node's result, so pushing an
// input writes nothing but the stack slot and a node is one small record.
// Values are created in order, so operands always precede their users:
// liveness walks back from the requests, temporaries are numbered in
// creation order, and only live lines are printed. Everything lives in the
// caller's workspace. Instructions run from decoded layouts
// (StackPtxDecodedSet.cpp): a Compiler decodes its set once; the C API
// decodes an entry into the workspace the first time a compile uses it.
//
//===----------------------------------------------------------------------===//
#include "Core.h"

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <cassert>
#include <iterator>

namespace ptxinject {
namespace stackptx {
namespace detail {
namespace {

constexpr uint32_t WorkspaceMagic = 0x53505458; // "SPTX"
constexpr uint32_t Dead = 0xFFFFFFFFu;
constexpr uint32_t NoValue = 0xFFFFFFFFu;
constexpr uint32_t NoInputStack = 0xFFFFFFFFu;
constexpr size_t OperandsPerValue = 4;
constexpr size_t CopySlack = 4;
constexpr size_t NameLenCache = 16;
constexpr unsigned StepMemoBits = 9;
constexpr RunStep SlowStep = slowStep();
/// Where the memo keeps the step of an instruction word.
constexpr size_t memoSlot(uint32_t Key) { return (Key * 0x9E3779B1u) >> (32 - StepMemoBits); }
static_assert(memoSlot(0) != memoSlot(1), "a key that misses each slot");
// Bytes a fast writer may store past its final position.
constexpr size_t WriteSlack = 16;


/// Operands a record holds itself; a node with more keeps them in the
/// workspace's operand array.
constexpr unsigned InlineOperands = 4;

/// A record: the node of a PTX instruction, or a constant, numbered in one
/// sequence. A record keeps the instruction that made it, which says all
/// there is to say about a constant (stack and bits) and names a node's PTX
/// instruction, so that running an input, a constant or a node writes the
/// next record the same way whether it takes it or not. A node's operands
/// sit in the record when they fit: the run loop then addresses them
/// through the record it writes anyway, with no operand count to keep.
struct Node {
  StackPtxFastInstruction Code;
  uint32_t FirstOperand; // a node with more than InlineOperands operands: its first
  uint32_t FirstTemp;    // a node's first temporary once numbered
  uint32_t Inline[InlineOperands];
};

static_assert(sizeof(Node) == 32, "records are indexed by a shift");
static_assert(sizeof(Node) % RecordRef == 0, "a record reference scales to its address");

inline unsigned nodeInstr(const Node &N) { return N.Code.idx; }
inline unsigned constantStack(const Node &N) { return N.Code.stack_idx; }
inline uint32_t constantBits(const Node &N) {
  uint32_t Bits;
  std::memcpy(&Bits, &N.Code.payload, sizeof(Bits));
  return Bits;
}

struct Special {
  uint16_t Index;
  uint8_t Element; // 0xFF: scalar
  uint8_t Stack;
  uint32_t NodesBefore; // nodes created before it: its place in creation order
  uint32_t Temp;
  uint32_t Live;
};

/// A short text ("%x", "%_s0_12") as the fast writer keeps it: 16 bytes
/// stored whole, the length in the last byte (0: not kept).
struct ShortText {
  char Text[16];
  size_t length() const { return uint8_t(Text[15]); }
};
static_assert(sizeof("%_s255_16777215") <= sizeof(ShortText), "a temporary and its length fit");

struct Frame {
  uint32_t Routine; // NoValue for the main program
  uint32_t Pc;
};

struct Assignment {
  uint32_t Register;
  uint32_t Value;
  uint32_t CopyTemp; // Dead, or a temporary holding the input before it is overwritten
};

/// The workspace: this header, then the arrays it points to.
struct State {
  uint32_t Magic;
  uint32_t Compiled;
  // Laid out, at this address, for the decoded set with this serial (0: none).
  const State *Self;
  uint64_t SetupSerial;
  // Cache entries stamped with this compile's generation are decoded.
  uint32_t Generation;
  size_t Total; // the layout size the caches were laid out for
  const StackPtxFastInstructionSetInfo *Set;
  const DecodedSet *Decoded; // or null: decode into the caches
  const StackPtxFastRegister *Registers;
  size_t NumRegisters;
  size_t Bound;
  uint32_t NameLens[NameLenCache]; // of the first registers' names
  // Which of those are measured (NameLens, NameText) since the registers
  // were last set, and the longest name measured since: a batch of compiles
  // with one set of registers measures each name once.
  uint32_t MeasuredNames;
  size_t MaxNameSeen;
  ShortText NameText[NameLenCache];  // "%name" of those that fit
  size_t NumTempStacks;
  uint8_t TempStacks[256]; // stacks with temporaries, ascending
  // size_t, not uint32_t: stores through the uint32_t arrays below cannot
  // alias these counters, so the compiler keeps them in registers.
  size_t NumStacks, StackSize, StackStride, StoreSize, MaxFrames;
  size_t MaxValues, MaxOperands, MaxAssignments, NumCachedInstrs;
  // NumValues counts values created (the max_ast_size limit); only
  // constants, specials and nodes have records.
  size_t NumValues, NumNodes, NumOperands, NumSpecials, NumAssignments;
  size_t NumEmit;
  size_t ClearBytes; // stack sizes, temporary counts and slots: cleared per compile
  uint32_t *StackData;  // NumStacks * StackStride (+ StackDataSlack)
  size_t *StackSizes;   // NumStacks
  uint32_t *MetaStack;  // StackSize
  uint64_t *Slots;      // StoreSize: a reference + 1 (0 when empty), its stack << 32
  size_t *TempCounts;   // NumStacks
  Frame *Frames;        // MaxFrames + 1
  Node *Nodes;          // MaxValues: nodes and constants
  Special *Specials;    // MaxValues
  uint32_t *Operands;   // MaxOperands (+ CopySlack): operands that do not fit a record
  uint32_t *ResultTemps; // MaxValues
  ShortText *Printed;    // MaxValues: each node's first result, as the fast writer printed it
  Assignment *Assignments;
  uint32_t *Work;       // every operand + MaxAssignments: liveness worklist, then the emit list
  uint64_t *LiveNodes;  // MaxValues bits
  InstrLayout *InstrCache; // NumCachedInstrs
  uint32_t *InstrStamps;   // NumCachedInstrs
  StackText *StackCache;   // NumStacks
  uint32_t *StackStamps;   // NumStacks
  const StackText *Stacks; // Decoded->Stacks or StackCache

  // The run loop's step tables for a Compiler's set (see Machine::runSpan).
  // They live here, not per compile, so that the memo below may point into
  // them for as long as this workspace keeps its layout.
  KindSteps Kinds[NumKindSteps];
  // Per register: its input step. Entries past the last compile's registers
  // do nothing; the last entry, and those no compile has set, are slow.
  RunStep InputSteps[MaxStepInputs + 1];
  // The stack each entry was set for, or NoInputStack: a compile with the
  // registers of the last one sets nothing.
  uint32_t InputStackOf[MaxStepInputs];
  size_t NumInputSteps;
  // The step of each instruction word (its first four bytes) seen lately:
  // one multiply and one compare instead of the per-kind look-up.
  // The entry keeps where the run loop's code for the step's handler is, so
  // dispatch is one indirect jump with no table in between.
  struct StepMemo {
    uint32_t Key;
    const RunStep *Step;
    const void *Handler;
    uint64_t Pad;
  } Memo[size_t(1) << StepMemoBits];
};

/// A node's operands, in the record or in the operand array.
inline const uint32_t *operandsOf(const State &S, const Node &N, unsigned NumArgElems) {
  return NumArgElems <= InlineOperands ? N.Inline : S.Operands + N.FirstOperand;
}

size_t alignUp(size_t N) { return (N + 7) & ~size_t(7); }
/// Where a workspace's records start (layoutFor puts them first).
constexpr size_t RecordsAt = (sizeof(State) + 7) & ~size_t(7);

struct Layout {
  size_t StackData, StackSizes, MetaStack, Slots, TempCounts, Frames, Nodes,
      Specials, Operands, ResultTemps, Printed, Assignments, Work, LiveNodes, InstrCache, InstrStamps,
      StackCache, StackStamps, Total;
};

size_t cachedInstrs(const StackPtxFastInstructionSetInfo &Set) {
  return Set.num_instructions < 0x10000 ? Set.num_instructions : 0x10000;
}

Layout layoutFor(size_t NumStacks, size_t StackSize, size_t StoreSize, size_t MaxFrames,
                 size_t MaxValues, size_t NumInstrs) {
  Layout L;
  size_t At = alignUp(sizeof(State));
  auto Take = [&](size_t Bytes) {
    size_t Here = At;
    At += alignUp(Bytes);
    return Here;
  };
  // Records first, at a fixed offset from the header: the run loop reaches
  // them and the memo from one register.
  L.Nodes = Take(MaxValues * sizeof(Node));
  // Slack after the stacks and operands: operand lists are copied four
  // elements at a time.
  L.StackData = Take(stackDataBytes(NumStacks, StackSize));
  // Stack sizes, temporary counts and slots start at zero: one block, one
  // clear per compile.
  L.StackSizes = Take(NumStacks * sizeof(size_t));
  L.TempCounts = Take(NumStacks * sizeof(size_t));
  L.Slots = Take(StoreSize * sizeof(uint64_t));
  L.MetaStack = Take(StackSize * sizeof(uint32_t));
  L.Frames = Take((MaxFrames + 1) * sizeof(Frame));
  L.Specials = Take(MaxValues * sizeof(Special));
  L.Operands = Take((MaxValues * OperandsPerValue + CopySlack) * sizeof(uint32_t));
  L.ResultTemps = Take(MaxValues * sizeof(uint32_t));
  L.Printed = Take(MaxValues * sizeof(ShortText));
  L.Assignments = Take(NumStacks * StackSize * sizeof(Assignment));
  // (+ InlineOperands: a node's inline operands are copied four at a time.)
  L.Work = Take((MaxValues * (OperandsPerValue + InlineOperands) + NumStacks * StackSize +
                 InlineOperands) *
                sizeof(uint32_t));
  L.LiveNodes = Take((MaxValues + 63) / 64 * sizeof(uint64_t));
  L.InstrCache = Take(NumInstrs * sizeof(InstrLayout));
  L.InstrStamps = Take(NumInstrs * sizeof(uint32_t));
  L.StackCache = Take(NumStacks * sizeof(StackText));
  L.StackStamps = Take(NumStacks * sizeof(uint32_t));
  L.Total = At + 8; // slack to align an unaligned workspace pointer
  return L;
}

// Caps keep index arithmetic in 32 bits whatever the caller asks for.
size_t clampLimit(size_t V, size_t Max) { return V > Max ? Max : V; }

struct Limits32 {
  size_t StackSize, StoreSize, MaxFrames, MaxValues, ExecutionLimit;
};

Limits32 clampLimits(const StackPtxFastCompilerInfo &L) {
  Limits32 C;
  C.StackSize = clampLimit(L.stack_size, 1u << 16);
  C.StoreSize = clampLimit(L.store_size, 1u << 16);
  C.MaxFrames = clampLimit(L.max_frame_depth, 1u << 12);
  C.MaxValues = clampLimit(L.max_ast_size, 1u << 24);
  C.ExecutionLimit = L.execution_limit;
  return C;
}

} // namespace

size_t clampedStackSize(const StackPtxFastCompilerInfo &Limits) {
  return clampLimits(Limits).StackSize;
}

namespace {

Layout layoutFor(const Limits32 &L, const StackPtxFastInstructionSetInfo &Set) {
  return layoutFor(Set.num_stack_types, L.StackSize, L.StoreSize, L.MaxFrames, L.MaxValues,
                   cachedInstrs(Set));
}

State *stateOf(void *Workspace) {
  uintptr_t P = reinterpret_cast<uintptr_t>(Workspace);
  return reinterpret_cast<State *>((P + 7) & ~uintptr_t(7));
}
const State *stateOf(const void *Workspace) {
  return stateOf(const_cast<void *>(Workspace));
}

const InstrLayout &instrLayout(State &S, unsigned Index) {
  if (S.Decoded)
    return S.Decoded->Instrs[Index];
  if (S.InstrStamps[Index] != S.Generation) {
    decodeInstruction(*S.Set, Index, S.InstrCache[Index]);
    S.InstrStamps[Index] = S.Generation;
  }
  return S.InstrCache[Index];
}

/// The decoded layouts, indexed by instruction, for a loop to keep at hand.
const InstrLayout *layoutsOf(const State &S) {
  return S.Decoded ? S.Decoded->Instrs.data() : S.InstrCache;
}

/// For writers: every instruction they see was decoded by this compile.
const InstrLayout &decodedLayout(const State &S, unsigned Index) {
  return layoutsOf(S)[Index];
}

void needStackText(State &S, unsigned Stack) {
  if (!S.Decoded && S.StackStamps[Stack] != S.Generation) {
    decodeStack(*S.Set, Stack, S.StackCache[Stack]);
    S.StackStamps[Stack] = S.Generation;
  }
}

/// The stack a referenced value lives on.
unsigned refStack(State &S, uint32_t Ref) {
  uint32_t P = Ref & RefPayload;
  switch (refKind(Ref)) {
  case RefResult:
    return instrLayout(S, nodeInstr(S.Nodes[P / RecordRef])).RetStack[P % RecordRef];
  case RefInput:
    return unsigned(S.Registers[P].stack_idx);
  case RefConstant:
    return constantStack(S.Nodes[P / RecordRef]);
  default:
    return S.Specials[P].Stack;
  }
}

/// Writes a record: the instruction that makes it, and a node's first operand.
inline void setRecord(Node &Dst, const StackPtxFastInstruction &Code, uint32_t FirstOperand) {
  std::memcpy(&Dst.Code, &Code, sizeof(Code));
  Dst.FirstOperand = FirstOperand;
}

/// Copies a node's four inline operands from the stack top one element at a
/// time. A single 16-byte load would overlap the previous step's 8-byte
/// store of its results, and a load that straddles a store still in flight
/// cannot take its data from it: it waits for the store to reach the cache
/// (a profile put a third of the run loop's samples on that load). Element
/// loads each lie within one store and are forwarded.
inline __attribute__((always_inline)) void copyInlineOperands(uint32_t *Dst,
                                                              const uint32_t *Src) {
  // Volatile stores stay four plain moves: merged, they would need the
  // loads gathered into a vector register first.
  volatile uint32_t *Out = Dst;
  for (unsigned E = 0; E < InlineOperands; ++E)
    Out[E] = Src[E];
}

/// The symbolic machine over a State. Counters live in members while it
/// runs and go back to the State at the end.
class Machine {
public:
  Machine(State &S, const StackPtxFastRegister *Registers, size_t NumRegisters)
      : S(S), Set(*S.Set), Registers(Registers), NumRegisters(NumRegisters),
        StackData(S.StackData), StackSizes(S.StackSizes), Nodes(S.Nodes),
        Operands(S.Operands), StackSize(S.StackSize), StackStride(S.StackStride),
        NumStacks(S.NumStacks),
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
  SpanExit runSpan(const StackPtxFastInstruction *Code, size_t &Pc, size_t Limit, unsigned &Callee);
  template <bool Predecoded> void runFrames(Program Main, const RoutineTable &Routines, size_t Budget);

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
  const KindSteps &K = S.Kinds[std::min<uint32_t>(Key & 0xFF, NumKindSteps - 1)];
  return &K.Table[std::min<uint32_t>((Key >> K.Shift) & 0xFFFF, K.Bound)];
}

/// The meta instructions, store and load, on a valid stack, with their
/// conditions as arithmetic: when one cannot run, its reads and writes go to
/// the slot above the top, which holds nothing.
inline __attribute__((always_inline)) void Machine::runStackEdit(unsigned Handler,
                                                                 unsigned Stack,
                                                                 unsigned Slot) {
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
Machine::SpanExit Machine::runSpan(const StackPtxFastInstruction *Code, size_t &PcInOut,
                                   size_t Limit, unsigned &Callee) {
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
  const StackPtxFastInstruction *Ip = Code + PcInOut,
                            *const End = Code + Limit - (LooksAhead ? 1 : 0);
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
    return *reinterpret_cast<Node *>(reinterpret_cast<uintptr_t>(MemoTable) + RecordsFromMemo +
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
      &&StepCommon, &&StepTwoStack, &&StepMetaConstant, &&StepClear,    &&StepDup,
      &&StepYankDup, &&StepSwap,    &&StepSwapWith,     &&StepReplace,  &&StepDrop,
      &&StepRotate,  &&StepStore,   &&StepLoad,         &&StepOther};
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
        size_t &SizeRef =
            *reinterpret_cast<size_t *>(reinterpret_cast<char *>(Data) + St.SizeAt);
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
        size_t Mask = 0 - size_t((SizeA - St.Need <= Capacity) & (SizeB < St.RangeEnd));
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
#define PTXINJECT_STACK_EDIT(H)                                                          \
  Step##H:                                                                               \
    if (I.stack_idx < NumStacks)                                                         \
      runStackEdit(Handle##H, I.stack_idx, I.idx);                                       \
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
      if (Stack >= NumStacks || Set.stack_types[Stack].constant_kind == STACK_PTX_FAST_CONSTANT_NONE)
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
      uint32_t F = Predecoded ? FastWords[I.idx] : fastWord(instrLayout(S, I.idx));
      size_t Need = (F >> 16) & 0xFF, Rets = F >> 24;
      if (F == FastSkip)
        break;
      if ((F & 0xFF) == FastMulti) {
        const InstrLayout &L = instrLayout(S, I.idx);
        if (Checked &&
            ((NNV >> 32) + L.NumRetElems > MaxValues ||
             (L.NumArgElems > InlineOperands && NO + L.NumArgElems > MaxOperands)))
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
        std::memcpy(Rec.Inline, Top, sizeof(Rec.Inline)); // the stack's slack absorbs the excess
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
      S.Slots[I.idx] = (Data[Stack * Stride + --Sizes[Stack]] + uint64_t(1)) | uint64_t(Stack) << 32;
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

inline __attribute__((always_inline)) void Machine::run(Program Main,
                                                        const RoutineTable &Routines,
                                                        size_t Budget) {
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
inline __attribute__((always_inline)) void Machine::runFrames(Program Main,
                                                              const RoutineTable &Routines,
                                                              size_t Budget) {
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
        Exit = runSpan<false, Predecoded>(Code, Pc, Limit - Pc <= Room ? Limit : Pc + Room,
                                          Callee);
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
  size_t Next[MaxStacksPerInstr];
  for (unsigned K = 0; K < L.NumStacks; ++K)
    Next[K] = StackSizes[L.Stacks[K]] - L.Need[K];
  Node &Rec = Nodes[NumNodes];
  setRecord(Rec, stack_ptx_fast_encode_ptx_instruction(Index), uint32_t(NumOperands));
  bool Inline = L.NumArgElems <= InlineOperands;
  uint32_t *Out = Inline ? Rec.Inline : Operands + NumOperands;
  for (unsigned E = 0; E < L.NumArgElems; ++E) {
    unsigned K = L.ArgSlot[E];
    Out[E] = stack(L.Stacks[K])[Next[K]++];
  }
  if (!Inline)
    NumOperands += L.NumArgElems;
  for (unsigned K = 0; K < L.NumStacks; ++K)
    StackSizes[L.Stacks[K]] -= L.Need[K];
  uint32_t Ref = uint32_t(NumNodes++) * RecordRef;
  for (unsigned R = 0; R < L.NumRetElems; ++R) {
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
  if (T.stack_idx >= NumStacks || T.num_vec_elems > STACK_PTX_FAST_MAX_VEC_ELEMS)
    return;
  unsigned Count = T.num_vec_elems ? T.num_vec_elems : 1;
  size_t &Size = StackSizes[T.stack_idx];
  if (Size + Count > StackSize || NumValues + Count > MaxValues)
    return;
  for (unsigned E = 0; E < Count; ++E) {
    S.Specials[NumSpecials] =
        Special{uint16_t(Index), T.num_vec_elems ? uint8_t(E) : uint8_t(0xFF), T.stack_idx,
                uint32_t(NumNodes), 0, 0};
    stack(T.stack_idx)[Size++] = makeRef(RefSpecial, uint32_t(NumSpecials++));
    ++NumValues;
  }
}

inline __attribute__((always_inline)) void Machine::runMeta(unsigned Op, unsigned Stack,
                                                             uint32_t Payload) {
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
    if (popMeta(Depth) && Depth < Size) {
      uint32_t T = St[Size - 1];
      St[Size - 1] = St[Size - 1 - Depth];
      St[Size - 1 - Depth] = T;
    }
    return;
  case STACK_PTX_FAST_META_REPLACE:
    // The top moves into the slot Depth below it (counted after the pop).
    if (popMeta(Depth) && Size >= 1 && Depth < Size - 1) {
      uint32_t Top = St[--Size];
      St[Size - 1 - Depth] = Top;
    }
    return;
  case STACK_PTX_FAST_META_DROP:
    if (popMeta(Depth) && Depth <= Size)
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

/// Copies the N (at most 16) bytes of a register name, which may end at the
/// end of a page, so no byte past it is read: in overlapping pieces, without
/// a call.
inline void copyShortName(char *To, const char *Name, size_t N) {
  if (N >= 8) {
    std::memcpy(To, Name, 8);
    std::memcpy(To + N - 8, Name + N - 8, 8);
  } else if (N >= 4) {
    std::memcpy(To, Name, 4);
    std::memcpy(To + N - 4, Name + N - 4, 4);
  } else {
    if (N)
      To[0] = Name[0];
    if (N > 1)
      std::memcpy(To + N - 2, Name + N - 2, 2);
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

  // "%_s255_16777215" is 15 characters, literals at most 11; plus ", " and braces.
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
    for (; NextSpecial < S.NumSpecials && Specials[NextSpecial].NodesBefore <= NodeId;
         ++NextSpecial) {
      Special &Sp = Specials[NextSpecial];
      if (!Sp.Live)
        continue;
      Sp.Temp = takeTemp(Sp.Stack);
      Emit[NumEmit++] = makeRef(RefSpecial, uint32_t(NextSpecial));
      Bound += moveBound(Sp.Stack) + std::strlen(Set.special_registers[Sp.Index].ptx);
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
      Bound += 8 + L.MnemonicLen + (L.NumArgElems + L.NumRetElems) * OperandBound +
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

/// 0 to 99 as their characters (low two bytes, padded) and length (third).
struct SmallNumberTable {
  uint32_t Entry[100];
  constexpr SmallNumberTable() : Entry() {
    for (uint32_t V = 0; V < 100; ++V) {
      uint32_t Tens = V / 10, Ones = V % 10;
      Entry[V] = V < 10 ? uint32_t('0' + V) | 1u << 16
                        : uint32_t('0' + Tens) | uint32_t('0' + Ones) << 8 | 2u << 16;
    }
  }
};
constexpr SmallNumberTable SmallNumbers;

/// "00" to "FF", for writing f32 literals a byte at a time.
struct HexPairTable {
  char Text[512];
  constexpr HexPairTable() : Text() {
    const char *Digits = "0123456789ABCDEF";
    for (int I = 0; I < 256; ++I) {
      Text[2 * I] = Digits[I >> 4];
      Text[2 * I + 1] = Digits[I & 15];
    }
  }
};
constexpr HexPairTable HexPairs;

/// Writes V in decimal at P; returns the end. Out of line: numbers from 100
/// up are rare in a stub, and the writers inline their number printing in
/// many places, where GCC would unroll this loop in full every time (three
/// quarters of the writer's code, which then spread its hot paths over more
/// cache lines than they need).
__attribute__((noinline)) char *putDecimal(char *P, uint32_t V) {
  char Buf[10];
  unsigned N = 0;
  do {
    Buf[N++] = char('0' + V % 10);
    V /= 10;
  } while (V);
  while (N)
    *P++ = Buf[--N];
  return P;
}

/// Writes characters to a buffer the exact size of the stub.
struct ExactWriter {
  char *P;
  /// Whether the writer stores short texts whole (see SlackWriter).
  static constexpr bool StoresWhole = false;
  void put(const char *S, size_t N) {
    std::memcpy(P, S, N);
    P += N;
  }
  void put(const char *S) { put(S, std::strlen(S)); }
  void put(char C) { *P++ = C; }
  void putPrefix(const char (&S)[8], size_t N) { put(S, N); }
  void putPadded(const char (&S)[32], size_t N) { put(S, N); }
  void putHead(const InstrLayout &L) {
    put(L.Mnemonic, L.MnemonicLen);
    put(' ');
  }
  /// A string of the caller's (a register name): no byte past it is read.
  void putName(const char *S, size_t N) { put(S, N); }
  void putUnsigned(uint32_t V) {
    if (V < 100) {
      // Its characters only: the buffer ends at the stub.
      uint32_t E = SmallNumbers.Entry[V];
      P[0] = char(E);
      if (V >= 10)
        P[1] = char(E >> 8);
      P += E >> 16;
      return;
    }
    P = putDecimal(P, V);
  }
  void putHex8(uint32_t V) {
    for (int Shift = 24; Shift >= 0; Shift -= 8) {
      std::memcpy(P, HexPairs.Text + 2 * ((V >> Shift) & 0xFF), 2);
      P += 2;
    }
  }
};

/// Writes to a buffer of outputBound() bytes, which leaves WriteSlack bytes
/// past the stub: short pieces are stored whole and the position advanced
/// by their length, with no length-dependent copy.
struct SlackWriter : ExactWriter {
  // Register names ("%x") and node results are kept as ShortTexts and
  // stored whole: a use is one copy, not a walk from the reference to the
  // name or the temporary's stack and number (a chain of dependent loads
  // the write position waits on).
  static constexpr bool StoresWhole = true;
  ShortText *Printed; // the workspace's, one per node
  void putShort(const ShortText &T) {
    std::memcpy(P, T.Text, sizeof(T.Text));
    P += T.length();
  }
  /// Keeps what was printed from From on as node Id's first result.
  void keepResult(uint32_t Id, const char *From) {
    // 16 bytes whatever the length: the line's bound covers them.
    ShortText &T = Printed[Id];
    std::memcpy(T.Text, From, sizeof(T.Text));
    T.Text[sizeof(T.Text) - 1] = char(P - From);
  }
  void putPrefix(const char (&S)[8], size_t N) {
    std::memcpy(P, S, 8);
    P += N;
  }
  void putPadded(const char (&S)[32], size_t N) {
    std::memcpy(P, S, 16);
    if (N > 16)
      std::memcpy(P + 16, S + 16, 16);
    P += N;
  }
  void putName(const char *S, size_t N) {
    if (N <= 16)
      copyShortName(P, S, N);
    else
      std::memcpy(P, S, N);
    P += N;
  }
  void putHead(const InstrLayout &L) {
    if (!L.HeadLen)
      return ExactWriter::putHead(L);
    // 32 bytes whatever the length: mnemonics of the default set are both
    // shorter and longer than 16, a branch the predictor misses. The line's
    // bound covers the excess (its operands follow).
    std::memcpy(P, L.Head, 32);
    if (L.HeadLen > 32)
      std::memcpy(P + 32, L.Head + 32, 16);
    P += L.HeadLen;
  }
  void putUnsigned(uint32_t V) {
    if (V < 100) {
      // Two characters stored, one or two kept: one load gives both.
      uint32_t E = SmallNumbers.Entry[V];
      std::memcpy(P, &E, 2);
      P += E >> 16;
      return;
    }
    ExactWriter::putUnsigned(V);
  }
};

/// Counts the characters the writers above write.
struct CountingWriter {
  size_t N = 0;
  static constexpr bool StoresWhole = false;
  void put(const char *, size_t Len) { N += Len; }
  void put(const char *S) { N += std::strlen(S); }
  void put(char) { ++N; }
  void putPrefix(const char (&)[8], size_t Len) { N += Len; }
  void putPadded(const char (&)[32], size_t Len) { N += Len; }
  void putName(const char *, size_t Len) { N += Len; }
  void putHead(const InstrLayout &L) { N += L.MnemonicLen + 1; }
  void putUnsigned(uint32_t V) {
    do {
      ++N;
      V /= 10;
    } while (V);
  }
  void putHex8(uint32_t) { N += 8; }
};

template <class Writer> void putTemp(Writer &W, const StackText &T, uint32_t Temp) {
  W.putPrefix(T.TempPrefix, T.TempPrefixLen);
  W.putUnsigned(Temp);
}

/// Node Id's first result, which its uses print again.
template <class Writer>
void putFirstResult(Writer &W, const StackText &T, uint32_t Temp, uint32_t Id) {
  if constexpr (Writer::StoresWhole) {
    char *From = W.P;
    putTemp(W, T, Temp);
    W.keepResult(Id, From);
  } else {
    putTemp(W, T, Temp);
  }
}

template <class Writer>
inline __attribute__((always_inline)) void putRegister(Writer &W, const State &S, uint32_t Reg) {
  if constexpr (Writer::StoresWhole)
    if (Reg < NameLenCache && S.NameText[Reg].length())
      return W.putShort(S.NameText[Reg]);
  W.put('%');
  const char *Name = S.Registers[Reg].name;
  W.putName(Name, Reg < NameLenCache ? S.NameLens[Reg] : std::strlen(Name));
}

template <class Writer>
inline __attribute__((always_inline)) void putOperand(Writer &W, const State &S, uint32_t Ref) {
  uint32_t P = Ref & RefPayload;
  switch (refKind(Ref)) {
  case RefResult: {
    unsigned R = P % RecordRef;
    if constexpr (Writer::StoresWhole)
      if (R == 0) // printed already: its node comes first
        return W.putShort(W.Printed[P / RecordRef]);
    const Node &N = S.Nodes[P / RecordRef];
    putTemp(W, S.Stacks[decodedLayout(S, nodeInstr(N)).RetStack[R]],
            S.ResultTemps[N.FirstTemp + R]);
    return;
  }
  case RefInput:
    putRegister(W, S, P);
    return;
  case RefConstant: {
    const Node &C = S.Nodes[P / RecordRef];
    // Read the kind from the set: a stack holding only literals has no
    // decoded text.
    uint32_t Bits = constantBits(C);
    switch (S.Set->stack_types[constantStack(C)].constant_kind) {
    case STACK_PTX_FAST_CONSTANT_F32:
      W.put("0f", 2);
      W.putHex8(Bits);
      return;
    case STACK_PTX_FAST_CONSTANT_S32:
      if (int32_t(Bits) < 0) {
        W.put('-');
        W.putUnsigned(0u - Bits);
        return;
      }
      W.putUnsigned(Bits);
      return;
    default:
      W.putUnsigned(Bits);
      return;
    }
  }
  default: {
    const Special &Sp = S.Specials[P];
    putTemp(W, S.Stacks[Sp.Stack], Sp.Temp);
    return;
  }
  }
}

template <class Writer>
inline __attribute__((always_inline)) void putMove(Writer &W, const StackText &T) {
  if (T.MoveHeadLen) {
    W.putPadded(T.MoveHead, T.MoveHeadLen);
    return;
  }
  if (T.ByteMove) {
    W.put("cvt.", 4);
    W.put(T.RegType, T.RegTypeLen);
    W.put('.');
    W.put(T.RegType, T.RegTypeLen);
    W.put(' ');
    return;
  }
  W.put("mov.", 4);
  W.put(T.RegType, T.RegTypeLen);
  W.put(' ');
}

template <class Writer>
void putInstruction(Writer &W, const State &S, uint32_t Id, const InstrLayout &L) {
  const Node &N = S.Nodes[Id];
  W.putHead(L);
  const uint32_t *Temps = S.ResultTemps + N.FirstTemp;
  const uint32_t *Operand = operandsOf(S, N, L.NumArgElems);
  if (L.AllScalar) {
    // The common shape: results, then operands, all scalars.
    putFirstResult(W, S.Stacks[L.RetStack[0]], Temps[0], Id);
    for (unsigned R = 1; R < L.NumRetElems; ++R) {
      W.put(", ", 2);
      putTemp(W, S.Stacks[L.RetStack[R]], Temps[R]);
    }
    for (unsigned A = 0; A < L.NumArgElems; ++A) {
      W.put(", ", 2);
      putOperand(W, S, Operand[A]);
    }
    W.put(";\n", 2);
    return;
  }
  // Results: temporaries numbered consecutively per stack from the first.
  unsigned Elem = 0;
  for (unsigned R = 0; R < L.NumRets; ++R) {
    if (R)
      W.put(", ", 2);
    unsigned Count = L.RetVec[R] ? L.RetVec[R] : 1;
    if (L.RetVec[R])
      W.put('{');
    for (unsigned E = 0; E < Count; ++E, ++Elem) {
      if (E)
        W.put(", ", 2);
      if (Elem == 0)
        putFirstResult(W, S.Stacks[L.RetStack[0]], Temps[0], Id);
      else
        putTemp(W, S.Stacks[L.RetStack[Elem]], Temps[Elem]);
    }
    if (L.RetVec[R])
      W.put('}');
  }
  for (unsigned A = 0; A < L.NumArgs; ++A) {
    W.put(", ", 2);
    unsigned Count = L.ArgVec[A] ? L.ArgVec[A] : 1;
    if (L.ArgVec[A])
      W.put('{');
    for (unsigned E = 0; E < Count; ++E) {
      if (E)
        W.put(", ", 2);
      putOperand(W, S, Operand[E]);
    }
    if (L.ArgVec[A])
      W.put('}');
    Operand += Count;
  }
  W.put(";\n", 2);
}

template <class Writer> void writeStub(const State &S, Writer &W) {
  const StackPtxFastInstructionSetInfo &Set = *S.Set;
  W.put("{\n", 2);
  for (size_t I = 0; I < S.NumTempStacks; ++I) {
    unsigned K = S.TempStacks[I];
    const StackText &T = S.Stacks[K];
    if (T.DeclHeadLen) {
      W.putPadded(T.DeclHead, T.DeclHeadLen);
    } else {
      W.put(".reg .", 6);
      W.put(T.RegType, T.RegTypeLen);
      W.put(' ');
      W.putPrefix(T.TempPrefix, T.TempPrefixLen);
      W.put('<');
    }
    W.putUnsigned(uint32_t(S.TempCounts[K]));
    W.put(">;\n", 3);
  }
  static const char Elements[] = "xyzw";
  for (size_t I = 0; I < S.NumEmit; ++I) {
    uint32_t Ref = S.Work[I];
    uint32_t P = Ref & RefPayload;
    if (refKind(Ref) == RefResult) {
      uint32_t Id = P / RecordRef;
      putInstruction(W, S, Id, decodedLayout(S, nodeInstr(S.Nodes[Id])));
      continue;
    }
    const Special &Sp = S.Specials[P];
    const StackText &T = S.Stacks[Sp.Stack];
    putMove(W, T);
    putTemp(W, T, Sp.Temp);
    W.put(", %", 3);
    W.put(Set.special_registers[Sp.Index].ptx);
    if (Sp.Element != 0xFF) {
      W.put('.');
      W.put(Elements[Sp.Element & 3]);
    }
    W.put(";\n", 2);
  }
  for (size_t A = 0; A < S.NumAssignments; ++A) {
    const Assignment &As = S.Assignments[A];
    if (As.CopyTemp == Dead)
      continue;
    const StackText &T = S.Stacks[S.Registers[As.Value & RefPayload].stack_idx];
    putMove(W, T);
    putTemp(W, T, As.CopyTemp);
    W.put(", ", 2);
    putOperand(W, S, As.Value);
    W.put(";\n", 2);
  }
  for (size_t A = 0; A < S.NumAssignments; ++A) {
    const Assignment &As = S.Assignments[A];
    const StackText &T = S.Stacks[S.Registers[As.Register].stack_idx];
    putMove(W, T);
    putRegister(W, S, As.Register);
    W.put(", ", 2);
    if (As.CopyTemp == Dead)
      putOperand(W, S, As.Value);
    else
      putTemp(W, T, As.CopyTemp);
    W.put(";\n", 2);
  }
  W.put('}');
}

} // namespace

size_t workspaceBytes(const StackPtxFastCompilerInfo &Limits,
                      const StackPtxFastInstructionSetInfo &Set) {
  return layoutFor(clampLimits(Limits), Set).Total;
}

namespace {

/// Lays the workspace out for a set and limits: everything a compile needs
/// that does not depend on its program, registers and requests.
void layOut(const Limits32 &L, const Layout &Lay, const StackPtxFastInstructionSetInfo &Set,
            void *Workspace, const DecodedSet *Decoded) {
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
  if (S.Magic != WorkspaceMagic || S.Total != Lay.Total || S.Generation >= 0xFFFFFFF0u) {
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
  assert(Lay.Nodes == RecordsAt && "the run loop finds the records at RecordsAt");
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
  bool Steps = Decoded && S.StackSize >= StepMaxRets && Decoded->StackSize == S.StackSize &&
               Lay.StackSizes - Lay.StackData == stackDataBytes(S.NumStacks, S.StackSize);
  for (KindSteps &K : S.Kinds)
    K = KindSteps{&SlowStep, 0, 0};
  if (Steps) {
    std::memcpy(S.Kinds, Decoded->Kinds, sizeof(S.Kinds));
    S.Kinds[STACK_PTX_FAST_INSTRUCTION_KIND_INPUT] = KindSteps{S.InputSteps, 16, MaxStepInputs};
  }
  for (RunStep &St : S.InputSteps)
    St = SlowStep;
  for (uint32_t &K : S.InputStackOf)
    K = NoInputStack;
  S.NumInputSteps = 0;
  // Only the run loop knows its handlers' addresses, so every entry starts
  // with a key of another entry's slot: its first look-up misses and fills it.
  for (size_t I = 0; I < std::size(S.Memo); ++I)
    S.Memo[I] = State::StepMemo{memoSlot(0) == I ? 1u : 0u, &SlowStep, nullptr, 0};
  S.SetupSerial = Decoded ? Decoded->Serial : 0;
  S.Self = &S;
}

} // namespace

namespace {

/// prepareWorkspace's body, inlined into compileToWorkspace: a single
/// compile pays no call between its halves.
inline __attribute__((always_inline)) StackPtxFastResult
prepare(const StackPtxFastCompilerInfo &Limits, const StackPtxFastInstructionSetInfo &Set,
        const StackPtxFastRegister *Registers, size_t NumRegisters, const RoutineTable &Routines,
        const size_t *Requests, size_t NumRequests, void *Workspace, size_t WorkspaceSize,
        const DecodedSet *Decoded) {
  if (!Workspace || (NumRegisters && !Registers) || (NumRequests && !Requests) ||
      (Routines.Count && !Routines.Spans && !Routines.Arrays))
    return STACK_PTX_FAST_ERROR_INVALID_ARGUMENT;
  State *Prev = stateOf(Workspace);
  // A workspace that the same Compiler laid out keeps its layout: only the
  // arguments that change between compiles are checked and set again.
  bool Reuse = Decoded && WorkspaceSize >= sizeof(State) + 8 && Prev->Magic == WorkspaceMagic &&
               Prev->Self == Prev && Prev->SetupSerial == Decoded->Serial &&
               Prev->Set == &Set && WorkspaceSize >= Prev->Total;
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
  for (size_t R = 0; R < NumRegisters; ++R)
    if (Registers[R].stack_idx >= Set.num_stack_types || !Registers[R].name)
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

/// compilePrepared's body, inlined the same way (with the run and the
/// liveness pass it calls).
inline __attribute__((always_inline)) StackPtxFastResult
compileNext(void *Workspace, Program Main, const RoutineTable &Routines, const size_t *Requests,
            size_t NumRequests, size_t ExecutionLimit) {
  // The callers have checked Main.
  State &S = *stateOf(Workspace);
  S.Compiled = 0;
  S.NumValues = S.NumNodes = S.NumOperands = S.NumSpecials = 0;
  S.NumAssignments = 0;
  std::memset(S.StackSizes, 0, S.ClearBytes);
  static_assert(MaxArgElems <= 255, "operand count fits a byte");
  Machine M(S, S.Registers, S.NumRegisters);
  M.run(Main, Routines, ExecutionLimit);
  M.finish();
  assignRequests(S, Requests, NumRequests);
  finalize(S);
  S.Compiled = 1;
  return STACK_PTX_FAST_SUCCESS;
}

} // namespace

StackPtxFastResult prepareWorkspace(const StackPtxFastCompilerInfo &Limits,
                                const StackPtxFastInstructionSetInfo &Set,
                                const StackPtxFastRegister *Registers, size_t NumRegisters,
                                const RoutineTable &Routines, const size_t *Requests,
                                size_t NumRequests, void *Workspace, size_t WorkspaceSize,
                                const DecodedSet *Decoded) {
  return prepare(Limits, Set, Registers, NumRegisters, Routines, Requests, NumRequests,
                 Workspace, WorkspaceSize, Decoded);
}

StackPtxFastResult compilePrepared(void *Workspace, Program Main, const RoutineTable &Routines,
                               const size_t *Requests, size_t NumRequests,
                               size_t ExecutionLimit) {
  if (!Main.data() && Main.size())
    return STACK_PTX_FAST_ERROR_INVALID_ARGUMENT;
  return compileNext(Workspace, Main, Routines, Requests, NumRequests, ExecutionLimit);
}

StackPtxFastResult compileToWorkspace(const StackPtxFastCompilerInfo &Limits,
                                  const StackPtxFastInstructionSetInfo &Set, Program Main,
                                  const StackPtxFastRegister *Registers, size_t NumRegisters,
                                  const RoutineTable &Routines, const size_t *Requests,
                                  size_t NumRequests, void *Workspace, size_t WorkspaceSize,
                                  const DecodedSet *Decoded) {
  // Checked first: a call with bad arguments leaves the workspace alone.
  if (!Main.data() && Main.size())
    return STACK_PTX_FAST_ERROR_INVALID_ARGUMENT;
  StackPtxFastResult R = prepare(Limits, Set, Registers, NumRegisters, Routines, Requests,
                             NumRequests, Workspace, WorkspaceSize, Decoded);
  if (R != STACK_PTX_FAST_SUCCESS)
    return R;
  return compileNext(Workspace, Main, Routines, Requests, NumRequests, Limits.execution_limit);
}

bool hasCompiledProgram(const void *Workspace, size_t WorkspaceSize) {
  if (!Workspace || WorkspaceSize < sizeof(State) + 8)
    return false;
  const State &S = *stateOf(Workspace);
  return S.Magic == WorkspaceMagic && S.Compiled == 1;
}

size_t outputBound(const void *Workspace) { return stateOf(Workspace)->Bound; }

size_t outputSize(const void *Workspace) {
  CountingWriter W;
  writeStub(*stateOf(Workspace), W);
  return W.N;
}

size_t writeOutput(const void *Workspace, char *Out) {
  const State &S = *stateOf(Workspace);
  SlackWriter W{{Out}, S.Printed};
  writeStub(S, W);
  return size_t(W.P - Out);
}

size_t writeOutputExact(const void *Workspace, char *Out) {
  ExactWriter W{Out};
  writeStub(*stateOf(Workspace), W);
  return size_t(W.P - Out);
}

} // namespace detail
} // namespace stackptx
} // namespace ptxinject
