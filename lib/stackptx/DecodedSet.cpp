//===- StackPtxDecodedSet.cpp - Instruction set entries decoded for compiling
//===//
//
// Turns the set's C tables into operand layouts and text pieces, so the
// compile loop reads one record per instruction instead of chasing arg types
// and measuring strings for every instruction it runs.
//
//===----------------------------------------------------------------------===//
#include "Core.h"

#include <atomic>
#include <cstring>
#include <iterator>

namespace ptxinject {
namespace stackptx {
namespace detail {

bool isUsableSet(const StackPtxFastInstructionSetInfo &Set) {
  if (!(Set.num_stack_types <= 255 &&
        (!Set.num_stack_types || Set.stack_types) &&
        (!Set.num_arg_types || Set.arg_types) &&
        (!Set.num_instructions || Set.instructions) &&
        (!Set.num_special_registers || Set.special_registers)))
    return false;
  // The stub writes a special register's name verbatim (strlen, then copy):
  // a caller-built table without one is rejected here, not dereferenced.
  for (size_t I = 0; I < Set.num_special_registers; ++I)
    if (!Set.special_registers[I].ptx)
      return false;
  return true;
}

void decodeInstruction(const StackPtxFastInstructionSetInfo &Set,
                       unsigned Index, InstrLayout &Out) {
  std::memset(&Out, 0, sizeof(Out));
  const StackPtxFastPtxInstructionInfo &Info = Set.instructions[Index];
  if (Info.num_args > STACK_PTX_FAST_MAX_ARGS ||
      Info.num_rets > STACK_PTX_FAST_MAX_RETS || Info.num_rets == 0)
    return;
  auto slotFor = [&](unsigned Stack) {
    for (unsigned K = 0; K < Out.NumStacks; ++K)
      if (Out.Stacks[K] == Stack)
        return K;
    Out.Stacks[Out.NumStacks] = uint8_t(Stack);
    return unsigned(Out.NumStacks++);
  };
  // Validate every arg type first, so a bad entry leaves nothing half-built.
  auto typeOf = [&](uint8_t Arg) -> const StackPtxFastArgTypeInfo * {
    if (Arg >= Set.num_arg_types)
      return nullptr;
    const StackPtxFastArgTypeInfo &T = Set.arg_types[Arg];
    if (T.stack_idx >= Set.num_stack_types ||
        T.num_vec_elems > STACK_PTX_FAST_MAX_VEC_ELEMS)
      return nullptr;
    return &T;
  };
  for (unsigned A = 0; A < Info.num_args; ++A)
    if (!typeOf(Info.args[A]))
      return;
  for (unsigned R = 0; R < Info.num_rets; ++R)
    if (!typeOf(Info.rets[R]))
      return;

  Out.NumArgs = Info.num_args;
  Out.NumRets = Info.num_rets;
  for (unsigned A = 0; A < Info.num_args; ++A) {
    const StackPtxFastArgTypeInfo &T = *typeOf(Info.args[A]);
    unsigned K = slotFor(T.stack_idx);
    unsigned N = T.num_vec_elems ? T.num_vec_elems : 1;
    Out.ArgVec[A] = T.num_vec_elems;
    for (unsigned E = 0; E < N; ++E)
      Out.ArgSlot[Out.NumArgElems++] = uint8_t(K);
    Out.Need[K] = uint8_t(Out.Need[K] + N);
  }
  for (unsigned R = 0; R < Info.num_rets; ++R) {
    const StackPtxFastArgTypeInfo &T = *typeOf(Info.rets[R]);
    unsigned K = slotFor(T.stack_idx);
    unsigned N = T.num_vec_elems ? T.num_vec_elems : 1;
    Out.RetVec[R] = T.num_vec_elems;
    for (unsigned E = 0; E < N; ++E)
      Out.RetStack[Out.NumRetElems++] = T.stack_idx;
    Out.Push[K] = uint8_t(Out.Push[K] + N);
  }
  Out.SingleStack = Out.NumStacks == 1;
  Out.TopFirst = Info.top_first ? 1 : 0;
  Out.Mnemonic = Info.ptx ? Info.ptx : "";
  Out.MnemonicLen = uint32_t(std::strlen(Out.Mnemonic));
  if (Out.MnemonicLen + 1 <= sizeof(Out.Head)) {
    std::memcpy(Out.Head, Out.Mnemonic, Out.MnemonicLen);
    Out.Head[Out.MnemonicLen] = ' ';
    Out.HeadLen = uint8_t(Out.MnemonicLen + 1);
  }
  Out.AllScalar = 1;
  for (unsigned A = 0; A < Out.NumArgs; ++A)
    Out.AllScalar &= Out.ArgVec[A] == 0;
  for (unsigned R = 0; R < Out.NumRets; ++R)
    Out.AllScalar &= Out.RetVec[R] == 0;
  Out.Runnable = 1;
}

void decodeStack(const StackPtxFastInstructionSetInfo &Set, unsigned Index,
                 StackText &Out) {
  const StackPtxFastStackTypeInfo &T = Set.stack_types[Index];
  Out.RegType = T.reg_type ? T.reg_type : "";
  Out.RegTypeLen = uint32_t(std::strlen(Out.RegType));
  Out.ConstantKind = T.constant_kind;
  Out.ByteMove =
      !std::strcmp(Out.RegType, "u8") || !std::strcmp(Out.RegType, "s8");
  // "%_s" + up to three digits + "_".
  char *P = Out.TempPrefix;
  *P++ = '%';
  *P++ = '_';
  *P++ = 's';
  if (Index >= 100)
    *P++ = char('0' + Index / 100);
  if (Index >= 10)
    *P++ = char('0' + Index / 10 % 10);
  *P++ = char('0' + Index % 10);
  *P++ = '_';
  Out.TempPrefixLen = uint8_t(P - Out.TempPrefix);
  std::memset(Out.MoveHead, 0, sizeof(Out.MoveHead));
  Out.MoveHeadLen = 0;
  size_t Len = Out.RegTypeLen;
  if (5 + 2 * Len + 1 <= sizeof(Out.MoveHead)) {
    char *H = Out.MoveHead;
    std::memcpy(H, Out.ByteMove ? "cvt." : "mov.", 4);
    H += 4;
    std::memcpy(H, Out.RegType, Len);
    H += Len;
    if (Out.ByteMove) {
      *H++ = '.';
      std::memcpy(H, Out.RegType, Len);
      H += Len;
    }
    *H++ = ' ';
    Out.MoveHeadLen = uint8_t(H - Out.MoveHead);
  }
  std::memset(Out.DeclHead, 0, sizeof(Out.DeclHead));
  Out.DeclHeadLen = 0;
  if (6 + Len + 1 + Out.TempPrefixLen + 1 <= sizeof(Out.DeclHead)) {
    char *H = Out.DeclHead;
    std::memcpy(H, ".reg .", 6);
    H += 6;
    std::memcpy(H, Out.RegType, Len);
    H += Len;
    *H++ = ' ';
    std::memcpy(H, Out.TempPrefix, Out.TempPrefixLen);
    H += Out.TempPrefixLen;
    *H++ = '<';
    Out.DeclHeadLen = uint8_t(H - Out.DeclHead);
  }
}

RunStep ptxStep(const InstrLayout &L, size_t StackSize) {
  // The steps take operands deepest first; the reference's order runs in
  // the multi-stack path.
  if (!L.Runnable || L.TopFirst || L.NumArgElems > StepMaxNeed ||
      L.NumRetElems > StepMaxRets || StackSize < StepMaxRets)
    return slowStep();
  // Operands on the first stack, results on the second (setp, cvt, ...).
  if (L.NumStacks == 2 && L.Need[0] == L.NumArgElems && L.Push[0] == 0 &&
      L.Need[1] == 0)
    return makeTwoStackStep(L.Stacks[0], L.Stacks[1], L.NumArgElems,
                            L.NumRetElems, StackSize);
  if (!L.SingleStack)
    return slowStep();
  // A node's results are its record reference plus the result index.
  return makeStep(L.Stacks[0], L.NumArgElems, L.NumRetElems,
                  makeRef(RefResult, 0), 1, StackSize);
}

std::shared_ptr<const DecodedSet>
decodeSet(const StackPtxFastInstructionSetInfo &Set,
          const StackPtxFastCompilerInfo &Limits) {
  static std::atomic<uint64_t> Serials{0};
  auto D = std::make_shared<DecodedSet>();
  D->Serial = ++Serials;
  D->StackSize = clampedStackSize(Limits);
  if (!isUsableSet(Set))
    return D;
  // Instructions are addressed by a 16-bit index.
  D->Instrs.resize(Set.num_instructions < 0x10000 ? Set.num_instructions
                                                  : 0x10000);
  D->Fast.resize(D->Instrs.size());
  for (size_t I = 0; I < D->Instrs.size(); ++I) {
    decodeInstruction(Set, unsigned(I), D->Instrs[I]);
    D->Fast[I] = fastWord(D->Instrs[I]);
    D->PtxSteps.push_back(ptxStep(D->Instrs[I], D->StackSize));
  }
  D->PtxSteps.push_back(slowStep());
  // One per stack of the set, then a slow one for every other key (a
  // stack_idx byte past them, or a nonzero idx byte): a few steps, not one
  // per possible byte, so that a new set's compiler is small to make.
  D->ConstSteps.assign(Set.num_stack_types + 1, slowStep());
  for (size_t K = 0; K < Set.num_stack_types; ++K)
    if (Set.stack_types[K].constant_kind != STACK_PTX_FAST_CONSTANT_NONE &&
        D->StackSize >= StepMaxRets)
      D->ConstSteps[K] =
          makeStep(unsigned(K), 0, 1, makeRef(RefConstant, 0), 1, D->StackSize);
  for (size_t K = 0; K < Set.num_stack_types; ++K)
    D->InputSteps.push_back(
        D->StackSize >= StepMaxRets
            ? makeStep(unsigned(K), 0, 1, 0, 0, D->StackSize)
            : slowStep());
  // By meta op, then one for ops past the last.
  static constexpr RunStep Meta[] = {handlerStep(HandleMetaConstant),
                                     handlerStep(HandleDup),
                                     handlerStep(HandleYankDup),
                                     handlerStep(HandleSwap),
                                     handlerStep(HandleSwapWith),
                                     handlerStep(HandleReplace),
                                     handlerStep(HandleDrop),
                                     handlerStep(HandleRotate),
                                     slowStep() /* reverse */,
                                     handlerStep(HandleClear),
                                     slowStep()};
  static_assert(sizeof(Meta) / sizeof(Meta[0]) ==
                    STACK_PTX_FAST_META_NUM_ENUMS + 1,
                "one handler per meta op");
  D->MetaSteps.assign(std::begin(Meta), std::end(Meta));
  // The handlers know the native meta instructions only.
  if (Set.reference_rules)
    for (unsigned Op : {STACK_PTX_FAST_META_SWAP_WITH,
                        STACK_PTX_FAST_META_REPLACE, STACK_PTX_FAST_META_DROP})
      D->MetaSteps[Op] = slowStep();
  D->StoreSteps = {handlerStep(HandleStore)};
  // A load's stack is the one its slot was stored from; with no stacks there
  // is nothing to load.
  D->LoadSteps = {Set.num_stack_types ? handlerStep(HandleLoad) : slowStep()};
  static const RunStep Slow = slowStep();
  for (KindSteps &K : D->Kinds)
    K = KindSteps{&Slow, 0, 0};
  // The key of a constant is its stack_idx byte and the low byte of its
  // (unused) idx: one with a nonzero idx takes the per-kind path.
  D->Kinds[STACK_PTX_FAST_INSTRUCTION_KIND_CONSTANT] =
      KindSteps{D->ConstSteps.data(), 8, uint32_t(Set.num_stack_types)};
  D->Kinds[STACK_PTX_FAST_INSTRUCTION_KIND_PTX] =
      KindSteps{D->PtxSteps.data(), 16, uint32_t(D->PtxSteps.size() - 1)};
  D->Kinds[STACK_PTX_FAST_INSTRUCTION_KIND_META] =
      KindSteps{D->MetaSteps.data(), 16, STACK_PTX_FAST_META_NUM_ENUMS};
  D->Kinds[STACK_PTX_FAST_INSTRUCTION_KIND_STORE] =
      KindSteps{D->StoreSteps.data(), 0, 0};
  D->Kinds[STACK_PTX_FAST_INSTRUCTION_KIND_LOAD] =
      KindSteps{D->LoadSteps.data(), 0, 0};
  if (D->StackSize >= StepMaxRets)
    D->SkipInput = withSizeAt(makeStep(0, 0, 0, 0, 0, D->StackSize),
                              Set.num_stack_types, D->StackSize);
  for (auto *Steps : {&D->PtxSteps, &D->ConstSteps, &D->InputSteps})
    for (RunStep &St : *Steps)
      if (St.Handler == HandleCommon)
        St = withSizeAt(St, Set.num_stack_types, D->StackSize);
  D->Stacks.resize(Set.num_stack_types);
  for (size_t K = 0; K < Set.num_stack_types; ++K)
    decodeStack(Set, unsigned(K), D->Stacks[K]);
  return D;
}

} // namespace detail
} // namespace stackptx
} // namespace ptxinject
