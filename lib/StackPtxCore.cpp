//===- StackPtxCore.cpp - Stack PTX compiler core -------------------------===//
//
// Runs a program symbolically: stacks hold value ids, PTX instructions become
// graph nodes. Values are created in order, so operands always precede their
// users; one backward sweep finds live values and one forward sweep numbers
// and prints them. Everything lives in the caller's workspace.
//
//===----------------------------------------------------------------------===//
#include "StackPtxCore.h"

#include <cstring>

namespace ptxinject {
namespace stackptx {
namespace detail {
namespace {

constexpr uint32_t WorkspaceMagic = 0x53505458; // "SPTX"
constexpr uint32_t Dead = 0xFFFFFFFFu;
constexpr uint32_t Live = 0xFFFFFFFEu;
constexpr uint32_t NoValue = 0xFFFFFFFFu;
constexpr size_t OperandsPerValue = 4;
constexpr unsigned MaxOperandsPerNode = STACK_PTX_MAX_ARGS * STACK_PTX_MAX_VEC_ELEMS;

enum ValueKind : uint8_t { VInput, VConstant, VSpecial, VResult };

struct Value {
  uint8_t Kind;
  uint8_t Stack;
  uint16_t Aux;  // special: element (0xFFFF scalar); result: output position
  uint32_t A;    // input: register; constant: bits; special: register; result: node
  uint32_t Temp; // Dead, Live, or the temporary's number
};

struct Node {
  uint16_t Instr;
  uint8_t NumOperands;
  uint8_t NumResults;
  uint32_t FirstOperand;
  uint32_t FirstResult;
  uint32_t IsLive;
};

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
  const StackPtxInstructionSetInfo *Set;
  const StackPtxRegister *Registers;
  size_t NumRegisters;
  size_t Bound;
  // size_t, not uint32_t: stores through the uint32_t arrays below cannot
  // alias these counters, so the compiler keeps them in registers.
  size_t NumStacks, StackSize, StoreSize, MaxFrames;
  size_t MaxValues, MaxOperands, MaxAssignments;
  size_t NumValues, NumNodes, NumOperands, NumAssignments;
  uint32_t *StackData;  // NumStacks * StackSize
  size_t *StackSizes;   // NumStacks
  uint32_t *MetaStack;  // StackSize
  uint32_t *Slots;      // StoreSize
  uint32_t *TempCounts; // NumStacks
  Frame *Frames;        // MaxFrames + 1
  Value *Values;        // MaxValues
  Node *Nodes;          // MaxValues
  uint32_t *Operands;   // MaxOperands
  Assignment *Assignments;
};

size_t alignUp(size_t N) { return (N + 7) & ~size_t(7); }

struct Layout {
  size_t StackData, StackSizes, MetaStack, Slots, TempCounts, Frames, Values, Nodes,
      Operands, Assignments, Total;
};

Layout layoutFor(size_t NumStacks, size_t StackSize, size_t StoreSize, size_t MaxFrames,
                 size_t MaxValues) {
  Layout L;
  size_t At = alignUp(sizeof(State));
  auto Take = [&](size_t Bytes) {
    size_t Here = At;
    At += alignUp(Bytes);
    return Here;
  };
  L.StackData = Take(NumStacks * StackSize * sizeof(uint32_t));
  L.StackSizes = Take(NumStacks * sizeof(size_t));
  L.MetaStack = Take(StackSize * sizeof(uint32_t));
  L.Slots = Take(StoreSize * sizeof(uint32_t));
  L.TempCounts = Take(NumStacks * sizeof(uint32_t));
  L.Frames = Take((MaxFrames + 1) * sizeof(Frame));
  L.Values = Take(MaxValues * sizeof(Value));
  L.Nodes = Take(MaxValues * sizeof(Node));
  L.Operands = Take(MaxValues * OperandsPerValue * sizeof(uint32_t));
  L.Assignments = Take(NumStacks * StackSize * sizeof(Assignment));
  L.Total = At + 8; // slack to align an unaligned workspace pointer
  return L;
}

// Caps keep index arithmetic in 32 bits whatever the caller asks for.
size_t clampLimit(size_t V, size_t Max) { return V > Max ? Max : V; }

struct Limits32 {
  size_t StackSize, StoreSize, MaxFrames, MaxValues, ExecutionLimit;
};

Limits32 clampLimits(const StackPtxCompilerInfo &L) {
  Limits32 C;
  C.StackSize = clampLimit(L.stack_size, 1u << 16);
  C.StoreSize = clampLimit(L.store_size, 1u << 16);
  C.MaxFrames = clampLimit(L.max_frame_depth, 1u << 12);
  C.MaxValues = clampLimit(L.max_ast_size, 1u << 24);
  C.ExecutionLimit = L.execution_limit;
  return C;
}

State *stateOf(void *Workspace) {
  uintptr_t P = reinterpret_cast<uintptr_t>(Workspace);
  return reinterpret_cast<State *>((P + 7) & ~uintptr_t(7));
}
const State *stateOf(const void *Workspace) {
  return stateOf(const_cast<void *>(Workspace));
}

/// The symbolic machine over a State.
class Machine {
public:
  Machine(State &S, const StackPtxInstructionSetInfo &Set, const StackPtxRegister *Registers,
          size_t NumRegisters)
      : S(S), Set(Set), Registers(Registers), NumRegisters(NumRegisters) {}

  void run(Program Main, const RoutineTable &Routines, size_t ExecutionLimit);
  void assignRequests(const size_t *Requests, size_t NumRequests);

private:
  uint32_t *stack(unsigned I) { return S.StackData + size_t(I) * S.StackSize; }
  bool hasRoom(unsigned Stack, uint32_t N) const {
    return S.StackSizes[Stack] + N <= S.StackSize;
  }
  bool newValue(uint8_t Kind, uint8_t Stack, uint16_t Aux, uint32_t A) {
    if (S.NumValues >= S.MaxValues)
      return false;
    S.Values[S.NumValues] = Value{Kind, Stack, Aux, A, Dead};
    uint32_t Id = S.NumValues++;
    stack(Stack)[S.StackSizes[Stack]++] = Id;
    return true;
  }
  void step(const StackPtxInstruction &I, const RoutineTable &Routines, uint32_t &Depth);
  void runPtx(unsigned Index);
  void runSpecial(unsigned Index);
  void runMeta(unsigned Op, unsigned Stack, uint32_t Payload);
  bool popMeta(uint32_t &V) {
    if (MetaSize == 0)
      return false;
    V = S.MetaStack[--MetaSize];
    return true;
  }

  State &S;
  const StackPtxInstructionSetInfo &Set;
  const StackPtxRegister *Registers;
  size_t NumRegisters;
  uint32_t MetaSize = 0;
};

void Machine::run(Program Main, const RoutineTable &Routines, size_t ExecutionLimit) {
  uint32_t Depth = 0;
  S.Frames[0] = Frame{NoValue, 0};
  Program Current = Main;
  size_t Executed = 0;
  for (;;) {
    Frame &F = S.Frames[Depth];
    if (F.Pc >= Current.size() || Current[F.Pc].kind == STACK_PTX_INSTRUCTION_KIND_RETURN) {
      if (Depth == 0)
        return;
      --Depth;
      uint32_t R = S.Frames[Depth].Routine;
      Current = R == NoValue ? Main : Routines.get(R);
      continue;
    }
    if (Executed++ >= ExecutionLimit)
      return;
    const StackPtxInstruction &I = Current[F.Pc++];
    if (I.kind == STACK_PTX_INSTRUCTION_KIND_ROUTINE) {
      if (I.idx < Routines.Count && Depth < S.MaxFrames) {
        ++Depth;
        S.Frames[Depth] = Frame{I.idx, 0};
        Current = Routines.get(I.idx);
      }
      continue;
    }
    step(I, Routines, Depth);
  }
}

void Machine::step(const StackPtxInstruction &I, const RoutineTable &, uint32_t &) {
  switch (I.kind) {
  case STACK_PTX_INSTRUCTION_KIND_INPUT: {
    if (I.idx >= NumRegisters)
      return;
    unsigned Stack = unsigned(Registers[I.idx].stack_idx);
    if (hasRoom(Stack, 1))
      newValue(VInput, uint8_t(Stack), 0, I.idx);
    return;
  }
  case STACK_PTX_INSTRUCTION_KIND_CONSTANT: {
    unsigned Stack = I.stack_idx;
    if (Stack >= S.NumStacks || Set.stack_types[Stack].constant_kind == STACK_PTX_CONSTANT_NONE ||
        !hasRoom(Stack, 1))
      return;
    uint32_t Bits;
    std::memcpy(&Bits, &I.payload, sizeof(Bits));
    newValue(VConstant, uint8_t(Stack), 0, Bits);
    return;
  }
  case STACK_PTX_INSTRUCTION_KIND_PTX:
    if (I.idx < Set.num_instructions)
      runPtx(I.idx);
    return;
  case STACK_PTX_INSTRUCTION_KIND_SPECIAL_REGISTER:
    if (I.idx < Set.num_special_registers)
      runSpecial(I.idx);
    return;
  case STACK_PTX_INSTRUCTION_KIND_META: {
    uint32_t Payload;
    std::memcpy(&Payload, &I.payload, sizeof(Payload));
    runMeta(I.idx, I.stack_idx, Payload);
    return;
  }
  case STACK_PTX_INSTRUCTION_KIND_STORE: {
    unsigned Stack = I.stack_idx;
    if (Stack >= S.NumStacks || I.idx >= S.StoreSize || S.StackSizes[Stack] == 0)
      return;
    S.Slots[I.idx] = stack(Stack)[--S.StackSizes[Stack]];
    return;
  }
  case STACK_PTX_INSTRUCTION_KIND_LOAD: {
    if (I.idx >= S.StoreSize || S.Slots[I.idx] == NoValue)
      return;
    uint32_t V = S.Slots[I.idx];
    unsigned Stack = S.Values[V].Stack;
    if (hasRoom(Stack, 1))
      stack(Stack)[S.StackSizes[Stack]++] = V;
    return;
  }
  default:
    return; // unknown kinds are skipped: any bytes are a valid instruction
  }
}

void Machine::runPtx(unsigned Index) {
  const StackPtxPtxInstructionInfo &Info = Set.instructions[Index];
  if (Info.num_args > STACK_PTX_MAX_ARGS || Info.num_rets > STACK_PTX_MAX_RETS ||
      Info.num_rets == 0)
    return;
  // Per-stack operand and result counts; at most 6 distinct stacks.
  unsigned Stacks[STACK_PTX_MAX_ARGS + STACK_PTX_MAX_RETS];
  uint32_t Need[STACK_PTX_MAX_ARGS + STACK_PTX_MAX_RETS];
  uint32_t Push[STACK_PTX_MAX_ARGS + STACK_PTX_MAX_RETS];
  unsigned NumStacks = 0;
  auto slotFor = [&](unsigned Stack) {
    for (unsigned K = 0; K < NumStacks; ++K)
      if (Stacks[K] == Stack)
        return K;
    Stacks[NumStacks] = Stack;
    Need[NumStacks] = Push[NumStacks] = 0;
    return NumStacks++;
  };
  unsigned TotalArgs = 0, TotalRets = 0;
  for (unsigned A = 0; A < Info.num_args; ++A) {
    if (Info.args[A] >= Set.num_arg_types)
      return;
    const StackPtxArgTypeInfo &T = Set.arg_types[Info.args[A]];
    if (T.stack_idx >= S.NumStacks || T.num_vec_elems > STACK_PTX_MAX_VEC_ELEMS)
      return;
    unsigned N = T.num_vec_elems ? T.num_vec_elems : 1;
    Need[slotFor(T.stack_idx)] += N;
    TotalArgs += N;
  }
  for (unsigned R = 0; R < Info.num_rets; ++R) {
    if (Info.rets[R] >= Set.num_arg_types)
      return;
    const StackPtxArgTypeInfo &T = Set.arg_types[Info.rets[R]];
    if (T.stack_idx >= S.NumStacks || T.num_vec_elems > STACK_PTX_MAX_VEC_ELEMS)
      return;
    unsigned N = T.num_vec_elems ? T.num_vec_elems : 1;
    Push[slotFor(T.stack_idx)] += N;
    TotalRets += N;
  }
  for (unsigned K = 0; K < NumStacks; ++K) {
    uint32_t Size = S.StackSizes[Stacks[K]];
    if (Need[K] > Size || Size - Need[K] + Push[K] > S.StackSize)
      return;
  }
  if (S.NumValues + TotalRets > S.MaxValues || S.NumOperands + TotalArgs > S.MaxOperands)
    return;

  // Operands of one stack are taken deepest first, so `x y sub` is x - y.
  uint32_t Next[STACK_PTX_MAX_ARGS + STACK_PTX_MAX_RETS];
  for (unsigned K = 0; K < NumStacks; ++K)
    Next[K] = S.StackSizes[Stacks[K]] - Need[K];
  Node &N = S.Nodes[S.NumNodes];
  N.Instr = uint16_t(Index);
  N.NumOperands = uint8_t(TotalArgs);
  N.NumResults = uint8_t(TotalRets);
  N.FirstOperand = S.NumOperands;
  N.FirstResult = S.NumValues;
  N.IsLive = 0;
  for (unsigned A = 0; A < Info.num_args; ++A) {
    const StackPtxArgTypeInfo &T = Set.arg_types[Info.args[A]];
    unsigned K = slotFor(T.stack_idx);
    unsigned Count = T.num_vec_elems ? T.num_vec_elems : 1;
    for (unsigned E = 0; E < Count; ++E)
      S.Operands[S.NumOperands++] = stack(T.stack_idx)[Next[K]++];
  }
  for (unsigned K = 0; K < NumStacks; ++K)
    S.StackSizes[Stacks[K]] -= Need[K];
  uint32_t NodeId = S.NumNodes++;
  uint16_t Position = 0;
  for (unsigned R = 0; R < Info.num_rets; ++R) {
    const StackPtxArgTypeInfo &T = Set.arg_types[Info.rets[R]];
    unsigned Count = T.num_vec_elems ? T.num_vec_elems : 1;
    for (unsigned E = 0; E < Count; ++E)
      newValue(VResult, T.stack_idx, Position++, NodeId);
  }
}

void Machine::runSpecial(unsigned Index) {
  const StackPtxSpecialRegisterInfo &Info = Set.special_registers[Index];
  if (Info.arg_type >= Set.num_arg_types)
    return;
  const StackPtxArgTypeInfo &T = Set.arg_types[Info.arg_type];
  if (T.stack_idx >= S.NumStacks || T.num_vec_elems > STACK_PTX_MAX_VEC_ELEMS)
    return;
  unsigned Count = T.num_vec_elems ? T.num_vec_elems : 1;
  if (!hasRoom(T.stack_idx, Count) || S.NumValues + Count > S.MaxValues)
    return;
  for (unsigned E = 0; E < Count; ++E)
    newValue(VSpecial, T.stack_idx, T.num_vec_elems ? uint16_t(E) : uint16_t(0xFFFF), Index);
}

void Machine::runMeta(unsigned Op, unsigned Stack, uint32_t Payload) {
  if (Op == STACK_PTX_META_CONSTANT) {
    if (MetaSize < S.StackSize)
      S.MetaStack[MetaSize++] = Payload;
    return;
  }
  if (Stack >= S.NumStacks)
    return;
  uint32_t *St = stack(Stack);
  size_t &Size = S.StackSizes[Stack];
  uint32_t Depth;
  switch (Op) {
  case STACK_PTX_META_DUP:
    if (Size > 0 && Size < S.StackSize) {
      St[Size] = St[Size - 1];
      ++Size;
    }
    return;
  case STACK_PTX_META_YANK_DUP:
    if (popMeta(Depth) && Depth < Size && Size < S.StackSize) {
      St[Size] = St[Size - 1 - Depth];
      ++Size;
    }
    return;
  case STACK_PTX_META_SWAP:
    if (Size >= 2) {
      uint32_t T = St[Size - 1];
      St[Size - 1] = St[Size - 2];
      St[Size - 2] = T;
    }
    return;
  case STACK_PTX_META_SWAP_WITH:
    if (popMeta(Depth) && Depth < Size) {
      uint32_t T = St[Size - 1];
      St[Size - 1] = St[Size - 1 - Depth];
      St[Size - 1 - Depth] = T;
    }
    return;
  case STACK_PTX_META_REPLACE:
    // The top moves into the slot Depth below it (counted after the pop).
    if (popMeta(Depth) && Size >= 1 && Depth < Size - 1) {
      uint32_t Top = St[--Size];
      St[Size - 1 - Depth] = Top;
    }
    return;
  case STACK_PTX_META_DROP:
    if (popMeta(Depth) && Depth <= Size)
      Size -= Depth;
    return;
  case STACK_PTX_META_ROTATE:
    // Top-first "a b c" becomes "b c a": the top sinks two places.
    if (Size >= 3) {
      uint32_t Top = St[Size - 1];
      St[Size - 1] = St[Size - 2];
      St[Size - 2] = St[Size - 3];
      St[Size - 3] = Top;
    }
    return;
  case STACK_PTX_META_REVERSE:
    for (uint32_t Lo = 0, Hi = Size; Lo + 1 < Hi; ++Lo, --Hi) {
      uint32_t T = St[Lo];
      St[Lo] = St[Hi - 1];
      St[Hi - 1] = T;
    }
    return;
  case STACK_PTX_META_CLEAR:
    Size = 0;
    return;
  default:
    return;
  }
}

void Machine::assignRequests(const size_t *Requests, size_t NumRequests) {
  for (size_t R = 0; R < NumRequests; ++R) {
    size_t Reg = Requests[R];
    unsigned Stack = unsigned(Registers[Reg].stack_idx);
    if (S.StackSizes[Stack] == 0 || S.NumAssignments >= S.MaxAssignments)
      continue; // nothing to give: the register keeps its value
    uint32_t V = stack(Stack)[--S.StackSizes[Stack]];
    S.Assignments[S.NumAssignments++] = Assignment{uint32_t(Reg), V, Dead};
    S.Values[V].Temp = Live;
  }
}

/// Marks live values backwards, numbers temporaries forwards, and bounds the
/// output size.
void finalize(State &S) {
  for (uint32_t V = S.NumValues; V-- > 0;) {
    Value &Val = S.Values[V];
    if (Val.Temp != Live || Val.Kind != VResult)
      continue;
    Node &N = S.Nodes[Val.A];
    if (N.IsLive)
      continue;
    N.IsLive = 1;
    for (uint32_t O = 0; O < N.NumOperands; ++O)
      S.Values[S.Operands[N.FirstOperand + O]].Temp = Live;
  }

  size_t MaxName = 0;
  for (size_t R = 0; R < S.NumRegisters; ++R) {
    size_t L = S.Registers[R].name ? std::strlen(S.Registers[R].name) : 0;
    MaxName = L > MaxName ? L : MaxName;
  }
  // "%_s255_16777215" is 15 characters, literals at most 11; plus ", " and braces.
  size_t OperandBound = (MaxName + 1 > 15 ? MaxName + 1 : 15) + 4;
  const StackPtxInstructionSetInfo &Set = *S.Set;
  size_t Bound = 8;
  for (uint32_t K = 0; K < S.NumStacks; ++K) {
    S.TempCounts[K] = 0;
    Bound += 32 + std::strlen(Set.stack_types[K].reg_type);
  }
  for (uint32_t V = 0; V < S.NumValues; ++V) {
    Value &Val = S.Values[V];
    if (Val.Kind == VSpecial) {
      if (Val.Temp == Live) {
        Val.Temp = S.TempCounts[Val.Stack]++;
        Bound += 16 + std::strlen(Set.stack_types[Val.Stack].reg_type) +
                 std::strlen(Set.special_registers[Val.A].ptx) + 2 * OperandBound;
      }
    } else if (Val.Kind == VResult) {
      const Node &N = S.Nodes[Val.A];
      if (N.IsLive) {
        Val.Temp = S.TempCounts[Val.Stack]++;
        if (Val.Aux == 0)
          Bound += 8 + std::strlen(Set.instructions[N.Instr].ptx) +
                   (N.NumOperands + N.NumResults) * OperandBound +
                   4 * (STACK_PTX_MAX_ARGS + STACK_PTX_MAX_RETS);
      }
    }
  }
  for (uint32_t A = 0; A < S.NumAssignments; ++A) {
    Assignment &As = S.Assignments[A];
    const Value &Source = S.Values[As.Value];
    Bound += 16 + std::strlen(Set.stack_types[Source.Stack].reg_type) + 2 * OperandBound;
    // A request that passes an input through must read it before an earlier
    // request overwrites that register (e.g. requests z, x from `z x`).
    if (Source.Kind != VInput)
      continue;
    for (uint32_t B = 0; B < A; ++B)
      if (S.Assignments[B].Register == Source.A) {
        As.CopyTemp = S.TempCounts[Source.Stack]++;
        Bound += 16 + std::strlen(Set.stack_types[Source.Stack].reg_type) + 2 * OperandBound;
        break;
      }
  }
  S.Bound = Bound;
}

/// Writes characters to memory the bound guarantees is large enough.
struct RawWriter {
  char *P;
  void put(const char *S, size_t N) {
    std::memcpy(P, S, N);
    P += N;
  }
  void put(const char *S) { put(S, std::strlen(S)); }
  void put(char C) { *P++ = C; }
  void putUnsigned(uint32_t V) {
    char Buf[10];
    unsigned N = 0;
    do {
      Buf[N++] = char('0' + V % 10);
      V /= 10;
    } while (V);
    while (N)
      *P++ = Buf[--N];
  }
  void putHex8(uint32_t V) {
    static const char Digits[] = "0123456789ABCDEF";
    for (int Shift = 28; Shift >= 0; Shift -= 4)
      *P++ = Digits[(V >> Shift) & 15];
  }
};

/// Counts the characters RawWriter would write.
struct CountingWriter {
  size_t N = 0;
  void put(const char *, size_t Len) { N += Len; }
  void put(const char *S) { N += std::strlen(S); }
  void put(char) { ++N; }
  void putUnsigned(uint32_t V) {
    do {
      ++N;
      V /= 10;
    } while (V);
  }
  void putHex8(uint32_t) { N += 8; }
};

template <class Writer> void putTemp(Writer &W, unsigned Stack, uint32_t Temp) {
  W.put("%_s", 3);
  W.putUnsigned(Stack);
  W.put('_');
  W.putUnsigned(Temp);
}

template <class Writer> void putOperand(Writer &W, const State &S, uint32_t V) {
  const Value &Val = S.Values[V];
  switch (Val.Kind) {
  case VInput:
    W.put('%');
    W.put(S.Registers[Val.A].name);
    return;
  case VConstant:
    switch (S.Set->stack_types[Val.Stack].constant_kind) {
    case STACK_PTX_CONSTANT_F32:
      W.put("0f", 2);
      W.putHex8(Val.A);
      return;
    case STACK_PTX_CONSTANT_S32:
      if (int32_t(Val.A) < 0) {
        W.put('-');
        W.putUnsigned(0u - Val.A);
        return;
      }
      W.putUnsigned(Val.A);
      return;
    default:
      W.putUnsigned(Val.A);
      return;
    }
  default:
    putTemp(W, Val.Stack, Val.Temp);
    return;
  }
}

/// Writes one instruction operand group: a scalar, or a braced vector.
template <class Writer>
void putGroup(Writer &W, const State &S, const StackPtxArgTypeInfo &T, const uint32_t *Values,
              bool ValuesAreTemps, unsigned Stack, uint32_t FirstTemp) {
  unsigned Count = T.num_vec_elems ? T.num_vec_elems : 1;
  if (T.num_vec_elems)
    W.put('{');
  for (unsigned E = 0; E < Count; ++E) {
    if (E)
      W.put(", ", 2);
    if (ValuesAreTemps)
      putTemp(W, Stack, FirstTemp + E);
    else
      putOperand(W, S, Values[E]);
  }
  if (T.num_vec_elems)
    W.put('}');
}

template <class Writer> void putMove(Writer &W, const char *RegType) {
  // PTX has no 8-bit mov; a same-type cvt copies instead.
  if (!std::strcmp(RegType, "u8") || !std::strcmp(RegType, "s8")) {
    W.put("cvt.", 4);
    W.put(RegType);
    W.put('.');
    W.put(RegType);
    W.put(' ');
    return;
  }
  W.put("mov.", 4);
  W.put(RegType);
  W.put(' ');
}

template <class Writer> void writeStub(const State &S, Writer &W) {
  const StackPtxInstructionSetInfo &Set = *S.Set;
  W.put("{\n", 2);
  for (uint32_t K = 0; K < S.NumStacks; ++K) {
    if (!S.TempCounts[K])
      continue;
    W.put(".reg .", 6);
    W.put(Set.stack_types[K].reg_type);
    W.put(" %_s", 4);
    W.putUnsigned(K);
    W.put("_<", 2);
    W.putUnsigned(S.TempCounts[K]);
    W.put(">;\n", 3);
  }
  static const char Elements[] = "xyzw";
  for (uint32_t V = 0; V < S.NumValues; ++V) {
    const Value &Val = S.Values[V];
    if (Val.Kind == VSpecial) {
      if (Val.Temp >= Live)
        continue;
      putMove(W, Set.stack_types[Val.Stack].reg_type);
      putTemp(W, Val.Stack, Val.Temp);
      W.put(", %", 3);
      W.put(Set.special_registers[Val.A].ptx);
      if (Val.Aux != 0xFFFF) {
        W.put('.');
        W.put(Elements[Val.Aux & 3]);
      }
      W.put(";\n", 2);
      continue;
    }
    if (Val.Kind != VResult || Val.Aux != 0)
      continue;
    const Node &N = S.Nodes[Val.A];
    if (!N.IsLive)
      continue;
    const StackPtxPtxInstructionInfo &Info = Set.instructions[N.Instr];
    W.put(Info.ptx);
    W.put(' ');
    uint32_t Result = N.FirstResult;
    for (unsigned R = 0; R < Info.num_rets; ++R) {
      const StackPtxArgTypeInfo &T = Set.arg_types[Info.rets[R]];
      if (R)
        W.put(", ", 2);
      putGroup(W, S, T, nullptr, true, T.stack_idx, S.Values[Result].Temp);
      Result += T.num_vec_elems ? T.num_vec_elems : 1;
    }
    const uint32_t *Operand = S.Operands + N.FirstOperand;
    for (unsigned A = 0; A < Info.num_args; ++A) {
      const StackPtxArgTypeInfo &T = Set.arg_types[Info.args[A]];
      W.put(", ", 2);
      putGroup(W, S, T, Operand, false, 0, 0);
      Operand += T.num_vec_elems ? T.num_vec_elems : 1;
    }
    W.put(";\n", 2);
  }
  for (uint32_t A = 0; A < S.NumAssignments; ++A) {
    const Assignment &As = S.Assignments[A];
    if (As.CopyTemp == Dead)
      continue;
    unsigned Stack = S.Values[As.Value].Stack;
    putMove(W, Set.stack_types[Stack].reg_type);
    putTemp(W, Stack, As.CopyTemp);
    W.put(", ", 2);
    putOperand(W, S, As.Value);
    W.put(";\n", 2);
  }
  for (uint32_t A = 0; A < S.NumAssignments; ++A) {
    const Assignment &As = S.Assignments[A];
    unsigned Stack = S.Values[As.Value].Stack;
    putMove(W, Set.stack_types[Stack].reg_type);
    W.put('%');
    W.put(S.Registers[As.Register].name);
    W.put(", ", 2);
    if (As.CopyTemp == Dead)
      putOperand(W, S, As.Value);
    else
      putTemp(W, Stack, As.CopyTemp);
    W.put(";\n", 2);
  }
  W.put('}');
}

} // namespace

size_t workspaceBytes(const StackPtxCompilerInfo &Limits,
                      const StackPtxInstructionSetInfo &Set) {
  Limits32 L = clampLimits(Limits);
  return layoutFor(Set.num_stack_types, L.StackSize, L.StoreSize, L.MaxFrames, L.MaxValues)
      .Total;
}

StackPtxResult compileToWorkspace(const StackPtxCompilerInfo &Limits,
                                  const StackPtxInstructionSetInfo &Set, Program Main,
                                  const StackPtxRegister *Registers, size_t NumRegisters,
                                  const RoutineTable &Routines, const size_t *Requests,
                                  size_t NumRequests, void *Workspace, size_t WorkspaceSize) {
  if (!Workspace || (NumRegisters && !Registers) || (NumRequests && !Requests) ||
      (Routines.Count && !Routines.Spans && !Routines.Arrays))
    return STACK_PTX_ERROR_INVALID_ARGUMENT;
  if (Set.num_stack_types > 255 || (Set.num_stack_types && !Set.stack_types) ||
      (Set.num_arg_types && !Set.arg_types) || (Set.num_instructions && !Set.instructions) ||
      (Set.num_special_registers && !Set.special_registers))
    return STACK_PTX_ERROR_INVALID_INSTRUCTION_SET;
  Limits32 L = clampLimits(Limits);
  Layout Lay = layoutFor(Set.num_stack_types, L.StackSize, L.StoreSize, L.MaxFrames,
                         L.MaxValues);
  if (WorkspaceSize < Lay.Total)
    return STACK_PTX_ERROR_INSUFFICIENT_WORKSPACE;
  for (size_t R = 0; R < NumRegisters; ++R)
    if (Registers[R].stack_idx >= Set.num_stack_types || !Registers[R].name)
      return STACK_PTX_ERROR_INVALID_REGISTER;
  for (size_t R = 0; R < NumRequests; ++R)
    if (Requests[R] >= NumRegisters)
      return STACK_PTX_ERROR_INVALID_REGISTER;
  if (!Main.data() && Main.size())
    return STACK_PTX_ERROR_INVALID_ARGUMENT;

  State &S = *stateOf(Workspace);
  char *Base = reinterpret_cast<char *>(&S);
  S.Magic = WorkspaceMagic;
  S.Compiled = 0;
  S.Set = &Set;
  S.Registers = Registers;
  S.NumRegisters = NumRegisters;
  S.NumStacks = uint32_t(Set.num_stack_types);
  S.StackSize = uint32_t(L.StackSize);
  S.StoreSize = uint32_t(L.StoreSize);
  S.MaxFrames = uint32_t(L.MaxFrames);
  S.MaxValues = uint32_t(L.MaxValues);
  S.MaxOperands = uint32_t(L.MaxValues * OperandsPerValue);
  S.MaxAssignments = S.NumStacks * S.StackSize;
  S.NumValues = S.NumNodes = S.NumOperands = S.NumAssignments = 0;
  S.StackData = reinterpret_cast<uint32_t *>(Base + Lay.StackData);
  S.StackSizes = reinterpret_cast<size_t *>(Base + Lay.StackSizes);
  S.MetaStack = reinterpret_cast<uint32_t *>(Base + Lay.MetaStack);
  S.Slots = reinterpret_cast<uint32_t *>(Base + Lay.Slots);
  S.TempCounts = reinterpret_cast<uint32_t *>(Base + Lay.TempCounts);
  S.Frames = reinterpret_cast<Frame *>(Base + Lay.Frames);
  S.Values = reinterpret_cast<Value *>(Base + Lay.Values);
  S.Nodes = reinterpret_cast<Node *>(Base + Lay.Nodes);
  S.Operands = reinterpret_cast<uint32_t *>(Base + Lay.Operands);
  S.Assignments = reinterpret_cast<Assignment *>(Base + Lay.Assignments);
  std::memset(S.StackSizes, 0, S.NumStacks * sizeof(size_t));
  std::memset(S.Slots, 0xFF, S.StoreSize * sizeof(uint32_t));

  static_assert(MaxOperandsPerNode <= 255, "operand count fits a byte");
  Machine M(S, Set, Registers, NumRegisters);
  M.run(Main, Routines, L.ExecutionLimit);
  M.assignRequests(Requests, NumRequests);
  finalize(S);
  S.Compiled = 1;
  return STACK_PTX_SUCCESS;
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
  RawWriter W{Out};
  writeStub(*stateOf(Workspace), W);
  return size_t(W.P - Out);
}

} // namespace detail
} // namespace stackptx
} // namespace ptxinject
