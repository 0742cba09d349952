//===- ShortBuffer.h - A too small buffer as the reference library leaves it
//===//
//
// stack_ptx_compile and ast_ptx_compile of the reference library print a
// stub's body (its instructions and the closing brace) first, one printf at
// a time into the caller's buffer, and put the opening brace and the
// register declarations in front of it once all of it fits. On a buffer too
// small for the stub they return ..._INSUFFICIENT_BUFFER having left
//
//   - the body's first buffer_size - 1 bytes (all of it when it is shorter)
//     and a NUL after them; a buffer of 0 bytes is not written;
//   - as the count, the body's length up to the end of the printf that did
//     not fit, or the whole body's length when the body fit and the
//     declarations did not.
//
// What "did not fit" means differs: stack_ptx.h refuses a printf that ends
// past the buffer (one that ends exactly at its end loses its last byte to
// the NUL, and the check after the body fails), ast_ptx.h one that leaves
// no room for its NUL.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_LIB_REFERENCE_SHORTBUFFER_H
#define PTXINJECT_LIB_REFERENCE_SHORTBUFFER_H

#include <algorithm>
#include <cstring>
#include <string_view>
#include <vector>

namespace ptxinject::reference {

enum class FitRule {
  EndWithinBuffer, // stack_ptx.h: a printf fails when it ends past the buffer
  RoomForNul,      // ast_ptx.h: a printf fails unless its NUL fits too
};

/// Writes into Buffer (BufferSize bytes) what the reference leaves there on a
/// too small buffer, given the stub's Body and the offsets in Body where each
/// of the reference's printf calls ends (ascending), and returns the count it
/// reports.
inline size_t leaveShortBuffer(std::string_view Body,
                               const std::vector<size_t> &PieceEnds,
                               FitRule Rule, char *Buffer, size_t BufferSize) {
  if (Buffer && BufferSize) {
    size_t Kept = std::min(Body.size(), BufferSize - 1);
    std::memcpy(Buffer, Body.data(), Kept);
    Buffer[Kept] = '\0';
  }
  for (size_t End : PieceEnds)
    if (Rule == FitRule::RoomForNul ? End >= BufferSize : End > BufferSize)
      return End;
  return Body.size();
}

/// Where the reference's printf calls end in a stub's Body, ascending. Each
/// statement (up to its ";\n") is printed as a head, then each operand and
/// each ", " between them, then the ";\n"; what follows the last statement
/// (the closing brace) is one call more. OperandsAt(At, LineEnd, Ends) says
/// where the operand list of the statement at At starts, having pushed the
/// ends of the head's own calls; Every is true when the list is walked even
/// when it starts at the statement's end (the head is then its first piece).
template <class OperandsAtFn>
const std::vector<size_t> &printfEnds(std::string_view Body, bool Every,
                                      OperandsAtFn OperandsAt) {
  thread_local std::vector<size_t> Ends;
  Ends.clear();
  constexpr auto None = std::string_view::npos;
  size_t At = 0;
  while (At < Body.size()) {
    size_t LineEnd = Body.find(";\n", At);
    if (LineEnd == None)
      break;
    size_t Next = LineEnd + 2;
    size_t Operand = OperandsAt(At, LineEnd, Ends);
    while (Operand < LineEnd || (Every && Operand == At)) {
      size_t Comma = Body.find(", ", Operand);
      if (Comma == None || Comma > LineEnd)
        Comma = LineEnd;
      Ends.push_back(Comma);
      if (Comma == LineEnd)
        break;
      Ends.push_back(Comma + 2);
      Operand = Comma + 2;
    }
    Ends.push_back(Next);
    At = Next;
  }
  if (At < Body.size())
    Ends.push_back(Body.size());
  return Ends;
}

/// The offset in Stub where its body starts: after the line holding the
/// opening brace and the register declarations that follow it (lines whose
/// first word is ".reg").
inline size_t bodyStart(std::string_view Stub) {
  size_t At = 0;
  bool Brace = false;
  while (At < Stub.size()) {
    size_t End = Stub.find('\n', At);
    if (End == std::string_view::npos)
      break;
    std::string_view Line = Stub.substr(At, End - At);
    size_t Word = Line.find_first_not_of(" \t");
    std::string_view First =
        Word == std::string_view::npos ? "" : Line.substr(Word);
    if (!Brace && First == "{")
      Brace = true;
    else if (!(Brace && First.substr(0, 5) == ".reg "))
      break;
    At = End + 1;
  }
  return At;
}

} // namespace ptxinject::reference

#endif // PTXINJECT_LIB_REFERENCE_SHORTBUFFER_H
