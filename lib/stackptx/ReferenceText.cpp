//===- ReferenceText.cpp - A compiled stub as the reference writes it -----===//
//
// Reads the value graph a compile left in the workspace (Workspace.h) and
// prints it in the reference's order and spelling (ReferenceText.h). The
// order is the reference's walk: from the requests' values, the last request
// first, each instruction after the operands it reads, those in the order
// they are printed; each value is printed once, and its temporaries are
// numbered per stack as it is printed. A request that passes an input
// through after an earlier request overwrote that register reads a copy made
// first (Liveness.cpp); the reference has no such copy, so its lines come
// after the reference's, numbered after every other temporary.
//
//===----------------------------------------------------------------------===//
#include "ReferenceText.h"

#include "Workspace.h"

#include <charconv>
#include <utility>

namespace ptxinject {
namespace stackptx {
namespace detail {
namespace {

// The reference's letters for stacks 0 to 31 (mm-ptx 1.0).
constexpr char StackLetters[] = "abcdefghijklmnopqrstuvwxyzABCDEF";

/// V in decimal, appended (what printf's %u writes, without printf).
void appendDecimal(std::string &Out, uint32_t V) {
  char Buf[10];
  Out.append(Buf, std::to_chars(Buf, Buf + sizeof Buf, V).ptr);
}

/// V as eight upper-case hexadecimal digits (printf's %08X).
void appendHex8(std::string &Out, uint32_t V) {
  static const char Digits[] = "0123456789ABCDEF";
  for (int Shift = 28; Shift >= 0; Shift -= 4)
    Out.push_back(Digits[(V >> Shift) & 15]);
}

/// A temporary's name: "%_a3", or "%_s0_3"; Decl writes the declaration's
/// form ("%_a<3>", "%_s0_<3>").
void appendTempName(std::string &Out, bool Letters, unsigned Stack,
                    uint32_t Number, bool Decl = false) {
  Out.append("%_", 2);
  if (Letters && Stack < sizeof(StackLetters) - 1) {
    Out.push_back(StackLetters[Stack]);
  } else {
    Out.push_back('s');
    appendDecimal(Out, Stack);
    Out.push_back('_');
  }
  if (Decl)
    Out.push_back('<');
  appendDecimal(Out, Number);
  if (Decl)
    Out.push_back('>');
}

/// Appends to a stub's body and, when asked, keeps where each of the
/// reference's printf calls ends (only a too small buffer needs them).
struct BodyWriter {
  std::string &Out;
  std::vector<size_t> &Ends;
  bool Pieces;
  void put(const char *S, size_t N) { Out.append(S, N); }
  void put(const char *S) { Out.append(S); }
  void put(char C) { Out.push_back(C); }
  /// Ends the current printf call (one that printed something).
  void end() {
    if (Pieces && (Ends.empty() || Ends.back() != Out.size()))
      Ends.push_back(Out.size());
  }
};

/// The walk's arrays, kept per thread: a compile loop allocates nothing
/// once they have grown.
struct WalkArrays {
  /// The reference's walk: what to print, in order (value references:
  /// results of record Id * RecordRef, or specials).
  std::vector<uint32_t> Order;
  std::vector<uint8_t> NodeSeen, SpecialSeen;
  /// Per record, the index of its first temporary in NodeTemps.
  std::vector<uint32_t> FirstTemp;
  std::vector<uint32_t> NodeTemps, SpecialTemps, CopyTemps;
  std::vector<uint32_t> Counts; // temporaries per stack
  struct Visit {
    uint32_t Id;
    unsigned NextOperand;
  };
  std::vector<Visit> Path;
};

class ReferenceWriter : WalkArrays {
public:
  /// Borrows Kept's buffers, and gives them back when it ends.
  ReferenceWriter(const State &S, ReferenceTemps Temps, bool Pieces,
                  ReferenceStub &Stub, WalkArrays &Kept)
      : WalkArrays(std::move(Kept)), S(S),
        Letters(Temps == ReferenceTemps::StackLetter),
        // NOLINTNEXTLINE(bugprone-use-after-move): binds, does not read.
        W{Stub.Body, Stub.PieceEnds, Pieces}, Kept(Kept) {}
  ~ReferenceWriter() { Kept = std::move(static_cast<WalkArrays &>(*this)); }

  void run(ReferenceStub &Stub);

private:
  const State &S;
  bool Letters;
  BodyWriter W;
  WalkArrays &Kept;

  const InstrLayout &layout(uint32_t Id) const {
    return decodedLayout(S, nodeInstr(S.Nodes[Id]));
  }
  const char *regType(unsigned Stack) const {
    return S.Set->stack_types[Stack].reg_type;
  }
  uint32_t takeTemp(unsigned Stack) { return Counts[Stack]++; }

  void walkFrom(uint32_t Ref);
  void printTempName(unsigned Stack, uint32_t Number);
  void printOperand(uint32_t Ref);
  void printInstruction(uint32_t Id);
  void printSpecial(uint32_t Index);
  void printMoveHead(unsigned Stack);
};

/// Puts the value Ref and what it reads in Order (once each).
void ReferenceWriter::walkFrom(uint32_t Ref) {
  uint32_t P = Ref & RefPayload;
  if (refKind(Ref) == RefSpecial) {
    if (!SpecialSeen[P]) {
      SpecialSeen[P] = 1;
      SpecialTemps[P] = takeTemp(S.Specials[P].Stack);
      Order.push_back(Ref);
    }
    return;
  }
  if (refKind(Ref) != RefResult || NodeSeen[P / RecordRef])
    return;
  Path.clear();
  Path.push_back({P / RecordRef, 0});
  NodeSeen[P / RecordRef] = 1;
  while (!Path.empty()) {
    Visit &V = Path.back();
    const InstrLayout &L = layout(V.Id);
    const uint32_t *Operands = operandsOf(S, S.Nodes[V.Id], L.NumArgElems);
    bool Descended = false;
    while (V.NextOperand < L.NumArgElems) {
      uint32_t Op = Operands[V.NextOperand++];
      uint32_t OpP = Op & RefPayload;
      if (refKind(Op) == RefSpecial) {
        walkFrom(Op);
      } else if (refKind(Op) == RefResult && !NodeSeen[OpP / RecordRef]) {
        NodeSeen[OpP / RecordRef] = 1;
        Path.push_back({OpP / RecordRef, 0});
        Descended = true;
        break;
      }
    }
    if (Descended)
      continue;
    // Every operand is printed: the instruction's turn.
    uint32_t Id = V.Id;
    Path.pop_back();
    FirstTemp[Id] = uint32_t(NodeTemps.size());
    for (unsigned R = 0; R < L.NumRetElems; ++R)
      NodeTemps.push_back(takeTemp(L.RetStack[R]));
    Order.push_back(makeRef(RefResult, Id * RecordRef));
  }
}

void ReferenceWriter::printTempName(unsigned Stack, uint32_t Number) {
  appendTempName(W.Out, Letters, Stack, Number);
}

void ReferenceWriter::printOperand(uint32_t Ref) {
  uint32_t P = Ref & RefPayload;
  switch (refKind(Ref)) {
  case RefResult: {
    uint32_t Id = P / RecordRef, R = P % RecordRef;
    printTempName(layout(Id).RetStack[R], NodeTemps[FirstTemp[Id] + R]);
    return;
  }
  case RefInput:
    W.put('%');
    W.put(S.Registers[P].name);
    return;
  case RefConstant: {
    // As the reference prints every literal: its 32 bits in hexadecimal,
    // 0f for an f32 stack, a U suffix for a u32 one.
    const Node &C = S.Nodes[P / RecordRef];
    const char *Type = regType(constantStack(C));
    bool F32 = !std::strcmp(Type, "f32"), U32 = !std::strcmp(Type, "u32");
    W.put(F32 ? "0f" : "0x", 2);
    appendHex8(W.Out, constantBits(C));
    if (U32)
      W.put('U');
    return;
  }
  default: {
    printTempName(S.Specials[P].Stack, SpecialTemps[P]);
    return;
  }
  }
}

void ReferenceWriter::printInstruction(uint32_t Id) {
  const InstrLayout &L = layout(Id);
  W.put('\t');
  W.put(L.Mnemonic, L.MnemonicLen);
  W.put(' ');
  W.end();
  const uint32_t *Temps = NodeTemps.data() + FirstTemp[Id];
  unsigned Elem = 0;
  for (unsigned R = 0; R < L.NumRets; ++R) {
    if (R) {
      W.put('|');
      W.end();
    }
    if (L.RetVec[R]) {
      W.put("\n\t\t{", 4);
      W.end();
    }
    unsigned Count = L.RetVec[R] ? L.RetVec[R] : 1;
    for (unsigned E = 0; E < Count; ++E, ++Elem) {
      if (E) {
        W.put(", ", 2);
        W.end();
      }
      printTempName(L.RetStack[Elem], Temps[Elem]);
      W.end();
    }
    if (L.RetVec[R]) {
      W.put('}');
      W.end();
    }
  }
  const uint32_t *Operand = operandsOf(S, S.Nodes[Id], L.NumArgElems);
  for (unsigned A = 0; A < L.NumArgs; ++A) {
    W.put(", ", 2);
    if (L.ArgVec[A])
      W.put("\n\t\t{", 4);
    W.end();
    unsigned Count = L.ArgVec[A] ? L.ArgVec[A] : 1;
    for (unsigned E = 0; E < Count; ++E) {
      if (E) {
        W.put(", ", 2);
        W.end();
      }
      printOperand(*Operand++);
      W.end();
    }
    if (L.ArgVec[A]) {
      W.put('}');
      W.end();
    }
  }
  W.put(";\n", 2);
  W.end();
}

void ReferenceWriter::printMoveHead(unsigned Stack) {
  W.put("\tmov.", 5);
  W.put(regType(Stack));
  W.put(' ');
}

void ReferenceWriter::printSpecial(uint32_t Index) {
  const Special &Sp = S.Specials[Index];
  printMoveHead(Sp.Stack);
  W.end();
  printTempName(Sp.Stack, SpecialTemps[Index]);
  W.end();
  W.put(", ", 2);
  W.end();
  W.put('%');
  // A name stops at its NUL (a set may tell equal names apart past one).
  W.put(S.Set->special_registers[Sp.Index].ptx);
  if (Sp.Element != 0xFF) {
    W.put('.');
    W.put("xyzw"[Sp.Element & 3]);
  }
  W.end();
  W.put(";\n", 2);
  W.end();
}

void ReferenceWriter::run(ReferenceStub &Stub) {
  Order.clear();
  NodeTemps.clear();
  NodeSeen.assign(S.NumNodes, 0);
  FirstTemp.assign(S.NumNodes, 0);
  SpecialSeen.assign(S.NumSpecials, 0);
  SpecialTemps.assign(S.NumSpecials, 0);
  Counts.assign(S.NumStacks, 0);
  // The reference pushes every request's value, then pops them.
  for (size_t A = S.NumAssignments; A-- > 0;)
    walkFrom(S.Assignments[A].Value);
  CopyTemps.assign(S.NumAssignments, Dead);
  for (size_t A = 0; A < S.NumAssignments; ++A)
    if (S.Assignments[A].CopyTemp != Dead)
      CopyTemps[A] =
          takeTemp(unsigned(S.Registers[S.Assignments[A].Register].stack_idx));

  for (uint32_t Ref : Order) {
    if (refKind(Ref) == RefResult)
      printInstruction((Ref & RefPayload) / RecordRef);
    else
      printSpecial(Ref & RefPayload);
  }
  for (size_t A = 0; A < S.NumAssignments; ++A) {
    if (CopyTemps[A] == Dead)
      continue;
    const Assignment &As = S.Assignments[A];
    unsigned Stack = unsigned(S.Registers[As.Register].stack_idx);
    printMoveHead(Stack);
    printTempName(Stack, CopyTemps[A]);
    W.put(", ", 2);
    printOperand(As.Value);
    W.put(";\n", 2);
    W.end();
  }
  for (size_t A = 0; A < S.NumAssignments; ++A) {
    const Assignment &As = S.Assignments[A];
    unsigned Stack = unsigned(S.Registers[As.Register].stack_idx);
    printMoveHead(Stack);
    W.put('%');
    W.put(S.Registers[As.Register].name);
    W.put(", ", 2);
    W.end();
    if (CopyTemps[A] == Dead)
      printOperand(As.Value);
    else
      printTempName(Stack, CopyTemps[A]);
    W.end();
    W.put(";\n", 2);
    W.end();
  }
  W.put("\t}", 2);
  W.end();

  std::string &Head = Stub.Head;
  Head.assign("\t{\n", 3);
  for (unsigned K = 0; K < S.NumStacks; ++K) {
    if (!Counts[K])
      continue;
    Head += "\t.reg .";
    Head += regType(K);
    Head.push_back(' ');
    appendTempName(Head, Letters, K, Counts[K], /*Decl=*/true);
    Head.append(";\n", 2);
  }
}

} // namespace

void writeReferenceStub(const void *Workspace, ReferenceTemps Temps,
                        bool WithPieces, ReferenceStub &Out) {
  Out.Head.clear();
  Out.Body.clear();
  Out.PieceEnds.clear();
  thread_local WalkArrays Kept;
  ReferenceWriter Writer(*stateOf(Workspace), Temps, WithPieces, Out, Kept);
  Writer.run(Out);
}

} // namespace detail
} // namespace stackptx
} // namespace ptxinject
