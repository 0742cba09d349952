//===- Write.cpp - Printing the stub --------------------------------------===//
//
// Prints the live lines Liveness.cpp listed: declarations of temporaries,
// the instructions, special register reads and the requests' moves. One
// template serves the three writers: counting, exact, and the fast one that
// may store whole short texts into the caller's slack.
//
//===----------------------------------------------------------------------===//
#include "Workspace.h"

namespace ptxinject {
namespace stackptx {
namespace detail {
namespace {

/// 0 to 99 as their characters (low two bytes, padded) and length (third).
struct SmallNumberTable {
  uint32_t Entry[100];
  constexpr SmallNumberTable() : Entry() {
    for (uint32_t V = 0; V < 100; ++V) {
      uint32_t Tens = V / 10, Ones = V % 10;
      Entry[V] =
          V < 10 ? uint32_t('0' + V) | 1u << 16
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

template <class Writer>
void putTemp(Writer &W, const StackText &T, uint32_t Temp) {
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
inline __attribute__((always_inline)) void
putRegister(Writer &W, const State &S, uint32_t Reg) {
  if constexpr (Writer::StoresWhole)
    if (Reg < NameLenCache && S.NameText[Reg].length())
      return W.putShort(S.NameText[Reg]);
  W.put('%');
  const char *Name = S.Registers[Reg].name;
  W.putName(Name, Reg < NameLenCache ? S.NameLens[Reg] : std::strlen(Name));
}

template <class Writer>
inline __attribute__((always_inline)) void putOperand(Writer &W, const State &S,
                                                      uint32_t Ref) {
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
inline __attribute__((always_inline)) void putMove(Writer &W,
                                                   const StackText &T) {
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
void putInstruction(Writer &W, const State &S, uint32_t Id,
                    const InstrLayout &L) {
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
