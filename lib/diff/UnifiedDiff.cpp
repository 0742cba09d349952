//===- UnifiedDiff.cpp - Line diff in the unified format ------------------===//
//
// A longest-common-subsequence diff over lines. Goldens differ from fresh
// output in a few places, so the common head and tail are cut off first and
// the quadratic table only covers the changed middle.
//
//===----------------------------------------------------------------------===//
#include "ptxinject/diff/UnifiedDiff.h"

#include <algorithm>
#include <vector>

using namespace ptxinject;
using namespace ptxinject::diff;

namespace {

/// Lines with their newline, so a missing last newline is a difference.
std::vector<std::string_view> splitLines(std::string_view Text) {
  std::vector<std::string_view> Lines;
  size_t Start = 0;
  while (Start < Text.size()) {
    size_t End = Text.find('\n', Start);
    End = End == std::string_view::npos ? Text.size() : End + 1;
    Lines.push_back(Text.substr(Start, End - Start));
    Start = End;
  }
  return Lines;
}

enum class Op { Keep, Remove, Add };
struct Edit {
  Op Kind;
  size_t OldLine, NewLine; // 0-based line of each side at this edit
};

std::vector<Edit> lineEdits(const std::vector<std::string_view> &A,
                            const std::vector<std::string_view> &B) {
  size_t Head = 0;
  while (Head < A.size() && Head < B.size() && A[Head] == B[Head])
    ++Head;
  size_t Tail = 0;
  while (Tail < A.size() - Head && Tail < B.size() - Head &&
         A[A.size() - 1 - Tail] == B[B.size() - 1 - Tail])
    ++Tail;
  size_t N = A.size() - Head - Tail, M = B.size() - Head - Tail;
  // L[i][j]: LCS length of A[Head+i..] and B[Head+j..] within the middle.
  std::vector<unsigned> L((N + 1) * (M + 1), 0);
  auto At = [&](size_t I, size_t J) -> unsigned & {
    return L[I * (M + 1) + J];
  };
  for (size_t I = N; I-- > 0;)
    for (size_t J = M; J-- > 0;)
      At(I, J) = A[Head + I] == B[Head + J]
                     ? At(I + 1, J + 1) + 1
                     : std::max(At(I + 1, J), At(I, J + 1));
  std::vector<Edit> Edits;
  for (size_t K = 0; K < Head; ++K)
    Edits.push_back({Op::Keep, K, K});
  size_t I = 0, J = 0;
  while (I < N || J < M) {
    if (I < N && J < M && A[Head + I] == B[Head + J]) {
      Edits.push_back({Op::Keep, Head + I, Head + J});
      ++I, ++J;
    } else if (I < N && (J == M || At(I + 1, J) >= At(I, J + 1))) {
      // Removals first, as diff prints a changed line.
      Edits.push_back({Op::Remove, Head + I, Head + J});
      ++I;
    } else {
      Edits.push_back({Op::Add, Head + I, Head + J});
      ++J;
    }
  }
  for (size_t K = 0; K < Tail; ++K)
    Edits.push_back({Op::Keep, Head + N + K, Head + M + K});
  return Edits;
}

void appendLine(std::string &Out, char Prefix, std::string_view Line) {
  Out += Prefix;
  Out += Line;
  if (Line.empty() || Line.back() != '\n')
    Out += "\n\\ No newline at end of file\n";
}

/// "a,b" of a hunk header: first line (1-based; the line before for an
/// empty range, as diff writes it) and count.
std::string range(size_t Start, size_t Count) {
  std::string S = std::to_string(Count ? Start + 1 : Start);
  if (Count != 1)
    S += "," + std::to_string(Count);
  return S;
}

} // namespace

std::string ptxinject::diff::unifiedDiff(std::string_view OldName,
                                         std::string_view Old,
                                         std::string_view NewName,
                                         std::string_view New,
                                         unsigned Context) {
  if (Old == New)
    return "";
  std::vector<std::string_view> A = splitLines(Old), B = splitLines(New);
  std::vector<Edit> Edits = lineEdits(A, B);
  std::string Out =
      "--- " + std::string(OldName) + "\n+++ " + std::string(NewName) + "\n";
  size_t K = 0;
  while (K < Edits.size()) {
    // The next change, and the hunk around it: changes closer than twice
    // the context share one hunk.
    size_t First = K;
    while (First < Edits.size() && Edits[First].Kind == Op::Keep)
      ++First;
    if (First == Edits.size())
      break;
    size_t Begin = First >= Context ? First - Context : 0;
    Begin = std::max(Begin, K);
    size_t End = First;
    for (;;) {
      while (End < Edits.size() && Edits[End].Kind != Op::Keep)
        ++End;
      size_t Next = End;
      while (Next < Edits.size() && Edits[Next].Kind == Op::Keep)
        ++Next;
      if (Next == Edits.size() || Next - End > 2 * Context) {
        End = std::min(Edits.size(), End + Context);
        break;
      }
      End = Next;
    }
    size_t OldCount = 0, NewCount = 0;
    for (size_t E = Begin; E < End; ++E) {
      OldCount += Edits[E].Kind != Op::Add;
      NewCount += Edits[E].Kind != Op::Remove;
    }
    Out += "@@ -" + range(Edits[Begin].OldLine, OldCount) + " +" +
           range(Edits[Begin].NewLine, NewCount) + " @@\n";
    for (size_t E = Begin; E < End; ++E) {
      const Edit &Ed = Edits[E];
      if (Ed.Kind == Op::Keep)
        appendLine(Out, ' ', A[Ed.OldLine]);
      else if (Ed.Kind == Op::Remove)
        appendLine(Out, '-', A[Ed.OldLine]);
      else
        appendLine(Out, '+', B[Ed.NewLine]);
    }
    K = End;
  }
  return Out;
}
