//===- StackPtxCore.h - Stack PTX compiler core (private) -------*- C++ -*-===//
//
// The compile steps shared by the C and C++ APIs: run the program into a
// value graph held in the caller's workspace, mark live values, number
// temporaries, then write the stub. Writing is separate from compiling so
// the C API can report the size and write later without compiling twice.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_LIB_STACKPTXCORE_H
#define PTXINJECT_LIB_STACKPTXCORE_H

#include "ptxinject/stackptx/StackPtx.h"

#include <memory>
#include <vector>

namespace ptxinject {
namespace stackptx {
namespace detail {

/// Where routine bodies come from: spans (C++) or return-terminated arrays
/// (C, with Sizes == nullptr).
struct RoutineTable {
  const Program *Spans = nullptr;
  const StackPtxFastInstruction *const *Arrays = nullptr;
  size_t Count = 0;
  Program get(size_t I) const {
    if (Spans)
      return Spans[I];
    return Program(Arrays[I], SIZE_MAX);
  }
};

constexpr unsigned MaxStacksPerInstr =
    STACK_PTX_FAST_MAX_ARGS + STACK_PTX_FAST_MAX_RETS;
constexpr unsigned MaxArgElems =
    STACK_PTX_FAST_MAX_ARGS * STACK_PTX_FAST_MAX_VEC_ELEMS;
constexpr unsigned MaxRetElems =
    STACK_PTX_FAST_MAX_RETS * STACK_PTX_FAST_MAX_VEC_ELEMS;

/// One PTX instruction of a set, decoded so that running it needs no look-ups
/// in the set: the stacks it pops and pushes, element counts, and its text.
struct InstrLayout {
  uint8_t
      Runnable; // 0: the entry names bad arg types; the instruction is skipped
  uint8_t SingleStack; // all operands and results on Stacks[0]
  uint8_t NumStacks;   // distinct stacks popped or pushed
  uint8_t NumArgElems, NumRetElems;
  uint8_t NumArgs, NumRets;
  uint8_t Stacks[MaxStacksPerInstr], Need[MaxStacksPerInstr],
      Push[MaxStacksPerInstr];
  uint8_t ArgSlot[MaxArgElems];  // per operand element: its index in Stacks
  uint8_t RetStack[MaxRetElems]; // per result element: its stack
  uint8_t ArgVec[STACK_PTX_FAST_MAX_ARGS],
      RetVec[STACK_PTX_FAST_MAX_RETS]; // 0: scalar
  uint8_t AllScalar;                   // no braced vector operand or result
  uint8_t TopFirst; // the instruction info's top_first (run by the multi-stack
                    // path)
  uint8_t HeadLen;  // length of Head, or 0 when the mnemonic is too long for it
  uint32_t MnemonicLen;
  const char *Mnemonic; // the set's ptx string
  // The mnemonic and its trailing space, padded so that a writer may copy
  // it in whole 16-byte pieces.
  char Head[48];
};

/// How one stack's values are written: register type, literal kind, and the
/// "%_sK_" prefix of its temporaries.
struct StackText {
  const char *RegType;
  uint32_t RegTypeLen;
  uint8_t ConstantKind;
  uint8_t ByteMove; // u8/s8: PTX has no 8-bit mov, a cvt copies instead
  uint8_t TempPrefixLen;
  char TempPrefix[8];
  // "mov.T " or "cvt.T.T ", padded so that a writer may copy it in whole
  // 16-byte pieces; MoveHeadLen is 0 when the type is too long for it.
  uint8_t MoveHeadLen;
  char MoveHead[32];
  // ".reg .T %_sK_<", padded the same way; 0 when it does not fit.
  uint8_t DeclHeadLen;
  char DeclHead[32];
};

/// The fields the run loop needs, in one word: kind (FastSkip, FastSingle:
/// every operand and result on one stack, FastMulti), that stack, the
/// operand count and the result count, a byte each from the lowest.
enum FastKind : uint32_t { FastSkip = 0, FastSingle = 1, FastMulti = 2 };
inline uint32_t fastWord(const InstrLayout &L) {
  if (!L.Runnable)
    return FastSkip;
  // The single-stack fast path knows only the native operand order.
  if (!L.SingleStack || L.TopFirst)
    return FastMulti;
  return FastSingle | uint32_t(L.Stacks[0]) << 8 |
         uint32_t(L.NumArgElems) << 16 | uint32_t(L.NumRetElems) << 24;
}

/// A value reference: the kind in the top two bits. A record (a node or a
/// constant) is named by its number * RecordRef; a node's results add their
/// index (at most 7) to that.
enum RefKind : uint32_t {
  RefResult = 0,
  RefInput = 1,
  RefConstant = 2,
  RefSpecial = 3
};
constexpr uint32_t RecordRef = 8;
constexpr uint32_t RefPayload = 0x3FFFFFFFu;
constexpr uint32_t makeRef(RefKind K, uint32_t Payload) {
  return uint32_t(K) << 30 | Payload;
}
inline RefKind refKind(uint32_t Ref) { return RefKind(Ref >> 30); }

/// One instruction of the common kinds (input, constant, single-stack PTX
/// instruction with at most four operands and two results) as the run
/// loop's shared step reads it: pop Need from Stack, push Rets references
/// (the low and high halves of RefPair + the next record's reference *
/// ScalePair), and for a node or a constant take the next record. The step runs
/// all three kinds through one path with no branch on the kind, because the
/// kinds of a random program are what a branch predictor cannot learn. Meta
/// instructions and stores have handlers of their own; anything else is
/// HandleOther and goes through the per-kind switch.
enum StepHandler : uint8_t {
  HandleCommon,
  HandleTwoStack, // a common step whose results go to another stack than its
                  // operands
  HandleMetaConstant,
  HandleClear,
  HandleDup,
  HandleYankDup,
  HandleSwap,
  HandleSwapWith,
  HandleReplace,
  HandleDrop,
  HandleRotate,
  HandleStore,
  HandleLoad,
  HandleOther,
};
struct RunStep {
  uint64_t Need;
  // The stack size less Rets, plus one: Size - Need must be below it (a
  // compare and a borrow make the mask).
  uint64_t RangeEnd;
  uint64_t Base; // where the stack's slots start: Stack * stackStride()
  // The two pushed references, low half first, are RefPair + the next
  // record's reference * ScalePair: one multiply and one 8-byte store for both.
  uint64_t RefPair, ScalePair;
  // RecordRef per record taken (a node or a constant) | values created << 32,
  // to add to the run loop's packed counts.
  uint64_t RecordRets;
  // What the step adds to its stack's size when it runs: Rets - Need for a
  // common step (the new size is one masked add away from the old, the
  // shortest chain from one step to the next), Rets on a two-stack step's
  // result stack.
  int32_t SizeDelta;
  // Where the stack's size is: bytes from the workspace's stack data, so
  // that one base register serves both (see withSizeAt).
  uint32_t SizeAt;
  uint16_t Stack, RetStack;
  uint8_t Handler;
};
static_assert(sizeof(RunStep) <= 64, "a step fits a cache line");
constexpr unsigned StepMaxNeed = 4, StepMaxRets = 2;
/// Slots past each stack's capacity: a skipped step writes its two results
/// above the top of a possibly full stack, and operands are read four at a
/// time.
constexpr size_t StackSlack = 4;
constexpr size_t stackStride(size_t StackSize) {
  return StackSize + StackSlack;
}
/// Elements after the last stack: operands are read four at a time.
constexpr size_t StackDataSlack = 4;
/// Bytes of a workspace's stack data; the stack sizes come right after.
constexpr size_t stackDataBytes(size_t NumStacks, size_t StackSize) {
  return ((NumStacks * stackStride(StackSize) + StackDataSlack) *
              sizeof(uint32_t) +
          7) &
         ~size_t(7);
}
/// Step with its SizeAt set for a workspace of NumStacks stacks.
constexpr RunStep withSizeAt(RunStep St, size_t NumStacks, size_t StackSize) {
  St.SizeAt = uint32_t(stackDataBytes(NumStacks, StackSize) +
                       St.Stack * sizeof(size_t));
  return St;
}
/// A step's first reference and the next one (a node's second result).
constexpr uint64_t refPair(uint32_t RefBase) {
  return RefBase | uint64_t(RefBase + 1) << 32;
}
constexpr uint64_t scalePair(uint32_t RefScale) {
  return RefScale | uint64_t(RefScale) << 32;
}
/// StackSize is the clamped stack_size; steps are built for stacks that hold
/// at least StepMaxRets values.
constexpr RunStep makeStep(unsigned Stack, unsigned Need, unsigned Rets,
                           uint32_t RefBase, uint32_t RefScale,
                           size_t StackSize) {
  return RunStep{Need,
                 StackSize - Rets + 1,
                 Stack * stackStride(StackSize),
                 refPair(RefBase),
                 scalePair(RefScale),
                 uint64_t(RefScale != 0 ? RecordRef : 0) | uint64_t(Rets) << 32,
                 int32_t(Rets) - int32_t(Need),
                 0,
                 uint16_t(Stack),
                 uint16_t(Stack),
                 HandleCommon};
}
/// A PTX instruction whose operands are all on Stack and results all on
/// RetStack: the results' room is checked and taken there.
constexpr RunStep makeTwoStackStep(unsigned Stack, unsigned RetStack,
                                   unsigned Need, unsigned Rets,
                                   size_t StackSize) {
  return RunStep{Need,
                 StackSize - Rets + 1,
                 Stack * stackStride(StackSize),
                 refPair(makeRef(RefResult, 0)),
                 scalePair(1),
                 RecordRef | uint64_t(Rets) << 32,
                 int32_t(Rets),
                 0,
                 uint16_t(Stack),
                 uint16_t(RetStack),
                 HandleTwoStack};
}
constexpr RunStep handlerStep(StepHandler H) {
  return RunStep{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, H};
}
constexpr RunStep slowStep() { return handlerStep(HandleOther); }
/// The step of a decoded PTX instruction (slow unless it is the common shape).
RunStep ptxStep(const InstrLayout &L, size_t StackSize);
/// The clamped stack_size of a compile under Limits.
size_t clampedStackSize(const StackPtxFastCompilerInfo &Limits);

/// Where the step of an instruction of one kind is found:
/// Table[min((first 4 bytes >> Shift) & 0xFFFF, Bound)], Table[Bound] being
/// slow. Kinds past the last known one share the final entry.
struct KindSteps {
  const RunStep *Table;
  uint32_t Shift, Bound;
};
constexpr unsigned NumKindSteps = STACK_PTX_FAST_INSTRUCTION_KIND_NUM_ENUMS + 1;
// Inputs past this many registers take the per-kind path.
constexpr unsigned MaxStepInputs = 32;

/// A whole set decoded once, for a Compiler that compiles many programs.
struct DecodedSet {
  std::vector<InstrLayout> Instrs;
  std::vector<uint32_t> Fast;      // fastWord of each instruction
  std::vector<RunStep> PtxSteps;   // per instruction, then a slow one
  std::vector<RunStep> ConstSteps; // per stack, then a slow one
  std::vector<RunStep> MetaSteps;  // per meta op, then a slow one
  std::vector<RunStep> StoreSteps; // one
  std::vector<RunStep> LoadSteps;  // one
  // An input's step on each stack, but for its reference (per compile).
  std::vector<RunStep> InputSteps;
  // The step of an input past a compile's registers: it does nothing, like
  // the per-kind code, and stays right for a memo entry that still points
  // at it with the common step's handler from an earlier compile.
  RunStep SkipInput = slowStep();
  // Every kind but inputs, whose table is the compile's.
  KindSteps Kinds[NumKindSteps] = {};
  size_t StackSize = 0;
  // Unique per decoded set: a workspace laid out for one skips the layout
  // work while it keeps serving the same set (an address could be reused).
  uint64_t Serial = 0; // the steps are laid out for this stack size
  std::vector<StackText> Stacks;
};

/// True when the set's tables can be read (counts fit, arrays present).
bool isUsableSet(const StackPtxFastInstructionSetInfo &Set);
void decodeInstruction(const StackPtxFastInstructionSetInfo &Set,
                       unsigned Index, InstrLayout &Out);
void decodeStack(const StackPtxFastInstructionSetInfo &Set, unsigned Index,
                 StackText &Out);
/// Decodes every entry; an unusable set gives empty tables (compile rejects
/// it).
std::shared_ptr<const DecodedSet>
decodeSet(const StackPtxFastInstructionSetInfo &Set,
          const StackPtxFastCompilerInfo &Limits);

size_t workspaceBytes(const StackPtxFastCompilerInfo &Limits,
                      const StackPtxFastInstructionSetInfo &Set);

/// Compiles into Workspace. On success the workspace holds everything the
/// writers below need (the register names are read again when writing).
/// Decoded, when given, must come from decodeSet(Set); without it, entries
/// are decoded into the workspace as the program first uses them.
StackPtxFastResult
compileToWorkspace(const StackPtxFastCompilerInfo &Limits,
                   const StackPtxFastInstructionSetInfo &Set, Program Main,
                   const StackPtxFastRegister *Registers, size_t NumRegisters,
                   const RoutineTable &Routines, const size_t *Requests,
                   size_t NumRequests, void *Workspace, size_t WorkspaceSize,
                   const DecodedSet *Decoded = nullptr);

/// The first half of compileToWorkspace: checks everything but the program
/// and readies the workspace, for any number of compilePrepared calls with
/// the same registers, routines and requests (which must stay unchanged).
StackPtxFastResult prepareWorkspace(const StackPtxFastCompilerInfo &Limits,
                                    const StackPtxFastInstructionSetInfo &Set,
                                    const StackPtxFastRegister *Registers,
                                    size_t NumRegisters,
                                    const RoutineTable &Routines,
                                    const size_t *Requests, size_t NumRequests,
                                    void *Workspace, size_t WorkspaceSize,
                                    const DecodedSet *Decoded = nullptr);
/// The second half: compiles Main in a workspace prepareWorkspace readied.
StackPtxFastResult compilePrepared(void *Workspace, Program Main,
                                   const RoutineTable &Routines,
                                   const size_t *Requests, size_t NumRequests,
                                   size_t ExecutionLimit);

/// True when Workspace holds a compiled program.
bool hasCompiledProgram(const void *Workspace, size_t WorkspaceSize);
/// An upper bound on the stub length, known right after compiling.
size_t outputBound(const void *Workspace);
/// The exact stub length (formats without writing).
size_t outputSize(const void *Workspace);
/// Writes the stub (no NUL) to Out, which must hold outputBound() bytes
/// (bytes past the stub may be overwritten); returns its length.
size_t writeOutput(const void *Workspace, char *Out);
/// Writes the stub (no NUL) to Out, which must hold outputSize() bytes.
size_t writeOutputExact(const void *Workspace, char *Out);

} // namespace detail
} // namespace stackptx
} // namespace ptxinject

#endif
