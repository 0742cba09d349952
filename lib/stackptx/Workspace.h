//===- Workspace.h - The compile state in the caller's -------- -*- C++ -*-===//
//
// What the phases of a compile share (Core.cpp lays the workspace out and
// drives a compile; Run.cpp runs the program symbolically; Liveness.cpp keeps
// what the requests need and numbers temporaries; Write.cpp prints the stub):
// the State at the start of the workspace, the records the run writes, and
// the small helpers each phase uses to read them. Private to lib/stackptx.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_STACKPTX_WORKSPACE_H
#define PTXINJECT_STACKPTX_WORKSPACE_H

#include "Core.h"

#include <algorithm>
#include <cassert>
#include <cstddef>
#include <cstring>
#include <iterator>

namespace ptxinject {
namespace stackptx {
namespace detail {

constexpr uint32_t WorkspaceMagic = 0x53505458; // "SPTX"
constexpr uint32_t Dead = 0xFFFFFFFFu;
constexpr uint32_t NoValue = 0xFFFFFFFFu;
constexpr uint32_t NoInputStack = 0xFFFFFFFFu;
constexpr size_t OperandsPerValue = 4;
constexpr size_t CopySlack = 4;
constexpr size_t NameLenCache = 16;
constexpr unsigned StepMemoBits = 9;
inline constexpr RunStep SlowStep = slowStep();
/// Where the memo keeps the step of an instruction word.
constexpr size_t memoSlot(uint32_t Key) {
  return (Key * 0x9E3779B1u) >> (32 - StepMemoBits);
}
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
  uint32_t
      FirstOperand; // a node with more than InlineOperands operands: its first
  uint32_t FirstTemp; // a node's first temporary once numbered
  uint32_t Inline[InlineOperands];
};

static_assert(sizeof(Node) == 32, "records are indexed by a shift");
static_assert(sizeof(Node) % RecordRef == 0,
              "a record reference scales to its address");

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
static_assert(sizeof("%_s255_16777215") <= sizeof(ShortText),
              "a temporary and its length fit");

struct Frame {
  uint32_t Routine; // NoValue for the main program
  uint32_t Pc;
};

struct Assignment {
  uint32_t Register;
  uint32_t Value;
  uint32_t CopyTemp; // Dead, or a temporary holding the input before it is
                     // overwritten
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
  ShortText NameText[NameLenCache]; // "%name" of those that fit
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
  size_t ClearBytes;   // stack sizes, temporary counts and slots: cleared per
                       // compile
  uint32_t *StackData; // NumStacks * StackStride (+ StackDataSlack)
  size_t *StackSizes;  // NumStacks
  uint32_t *MetaStack; // StackSize
  uint64_t *Slots; // StoreSize: a reference + 1 (0 when empty), its stack << 32
  size_t *TempCounts; // NumStacks
  Frame *Frames;      // MaxFrames + 1
  Node *Nodes;        // MaxValues: nodes and constants
  Special *Specials;  // MaxValues
  uint32_t
      *Operands; // MaxOperands (+ CopySlack): operands that do not fit a record
  uint32_t *ResultTemps; // MaxValues
  ShortText *Printed; // MaxValues: each node's first result, as the fast writer
                      // printed it
  Assignment *Assignments;
  uint32_t *Work; // every operand + MaxAssignments: liveness worklist, then the
                  // emit list
  uint64_t *LiveNodes;     // MaxValues bits
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
inline const uint32_t *operandsOf(const State &S, const Node &N,
                                  unsigned NumArgElems) {
  return NumArgElems <= InlineOperands ? N.Inline : S.Operands + N.FirstOperand;
}

inline size_t alignUp(size_t N) { return (N + 7) & ~size_t(7); }
/// Where a workspace's records start (layoutFor puts them first).
constexpr size_t RecordsAt = (sizeof(State) + 7) & ~size_t(7);

struct Layout {
  size_t StackData, StackSizes, MetaStack, Slots, TempCounts, Frames, Nodes,
      Specials, Operands, ResultTemps, Printed, Assignments, Work, LiveNodes,
      InstrCache, InstrStamps, StackCache, StackStamps, Total;
};

inline size_t cachedInstrs(const StackPtxFastInstructionSetInfo &Set) {
  return Set.num_instructions < 0x10000 ? Set.num_instructions : 0x10000;
}

inline Layout layoutFor(size_t NumStacks, size_t StackSize, size_t StoreSize,
                        size_t MaxFrames, size_t MaxValues, size_t NumInstrs) {
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
  L.Operands =
      Take((MaxValues * OperandsPerValue + CopySlack) * sizeof(uint32_t));
  L.ResultTemps = Take(MaxValues * sizeof(uint32_t));
  L.Printed = Take(MaxValues * sizeof(ShortText));
  L.Assignments = Take(NumStacks * StackSize * sizeof(Assignment));
  // (+ InlineOperands: a node's inline operands are copied four at a time.)
  L.Work = Take((MaxValues * (OperandsPerValue + InlineOperands) +
                 NumStacks * StackSize + InlineOperands) *
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
inline size_t clampLimit(size_t V, size_t Max) { return V > Max ? Max : V; }

struct Limits32 {
  size_t StackSize, StoreSize, MaxFrames, MaxValues, ExecutionLimit;
};

inline Limits32 clampLimits(const StackPtxFastCompilerInfo &L) {
  Limits32 C;
  C.StackSize = clampLimit(L.stack_size, 1u << 16);
  C.StoreSize = clampLimit(L.store_size, 1u << 16);
  C.MaxFrames = clampLimit(L.max_frame_depth, 1u << 12);
  C.MaxValues = clampLimit(L.max_ast_size, 1u << 24);
  C.ExecutionLimit = L.execution_limit;
  return C;
}

inline Layout layoutFor(const Limits32 &L,
                        const StackPtxFastInstructionSetInfo &Set) {
  return layoutFor(Set.num_stack_types, L.StackSize, L.StoreSize, L.MaxFrames,
                   L.MaxValues, cachedInstrs(Set));
}

inline State *stateOf(void *Workspace) {
  uintptr_t P = reinterpret_cast<uintptr_t>(Workspace);
  return reinterpret_cast<State *>((P + 7) & ~uintptr_t(7));
}
inline const State *stateOf(const void *Workspace) {
  return stateOf(const_cast<void *>(Workspace));
}

inline const InstrLayout &instrLayout(State &S, unsigned Index) {
  if (S.Decoded)
    return S.Decoded->Instrs[Index];
  if (S.InstrStamps[Index] != S.Generation) {
    decodeInstruction(*S.Set, Index, S.InstrCache[Index]);
    S.InstrStamps[Index] = S.Generation;
  }
  return S.InstrCache[Index];
}

/// The decoded layouts, indexed by instruction, for a loop to keep at hand.
inline const InstrLayout *layoutsOf(const State &S) {
  return S.Decoded ? S.Decoded->Instrs.data() : S.InstrCache;
}

/// For writers: every instruction they see was decoded by this compile.
inline const InstrLayout &decodedLayout(const State &S, unsigned Index) {
  return layoutsOf(S)[Index];
}

inline void needStackText(State &S, unsigned Stack) {
  if (!S.Decoded && S.StackStamps[Stack] != S.Generation) {
    decodeStack(*S.Set, Stack, S.StackCache[Stack]);
    S.StackStamps[Stack] = S.Generation;
  }
}

/// The stack a referenced value lives on.
inline unsigned refStack(State &S, uint32_t Ref) {
  uint32_t P = Ref & RefPayload;
  switch (refKind(Ref)) {
  case RefResult:
    return instrLayout(S, nodeInstr(S.Nodes[P / RecordRef]))
        .RetStack[P % RecordRef];
  case RefInput:
    return unsigned(S.Registers[P].stack_idx);
  case RefConstant:
    return constantStack(S.Nodes[P / RecordRef]);
  default:
    return S.Specials[P].Stack;
  }
}

/// Writes a record: the instruction that makes it, and a node's first operand.
inline void setRecord(Node &Dst, const StackPtxFastInstruction &Code,
                      uint32_t FirstOperand) {
  std::memcpy(&Dst.Code, &Code, sizeof(Code));
  Dst.FirstOperand = FirstOperand;
}

/// Copies a node's four inline operands from the stack top one element at a
/// time. A single 16-byte load would overlap the previous step's 8-byte
/// store of its results, and a load that straddles a store still in flight
/// cannot take its data from it: it waits for the store to reach the cache
/// (a profile put a third of the run loop's samples on that load). Element
/// loads each lie within one store and are forwarded.
inline __attribute__((always_inline)) void
copyInlineOperands(uint32_t *Dst, const uint32_t *Src) {
  // Volatile stores stay four plain moves: merged, they would need the
  // loads gathered into a vector register first.
  volatile uint32_t *Out = Dst;
  for (unsigned E = 0; E < InlineOperands; ++E)
    Out[E] = Src[E];
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

/// Runs Main (Run.cpp): the stacks, records and specials of S afterwards
/// hold what the program made.
void runProgram(State &S, Program Main, const RoutineTable &Routines,
                size_t Budget);

/// Gives the requested registers their values, then marks what they need,
/// numbers temporaries and bounds the output (Liveness.cpp).
void settleRequests(State &S, const size_t *Requests, size_t NumRequests);

} // namespace detail
} // namespace stackptx
} // namespace ptxinject

#endif
