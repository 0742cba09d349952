//===- PtxText.h - Words and blanks of marker lines -------------*- C++ -*-===//
//
// Private to the runtime: the small text helpers the PTX parser applies to
// marker and operand lines. Inline, as they run for every field of every
// operand line.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_RUNTIME_PTXTEXT_H
#define PTXINJECT_RUNTIME_PTXTEXT_H

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace ptxinject::module {

constexpr std::string_view MarkerPrefix = "PTX_INJECT_";
constexpr std::string_view StartWord = "PTX_INJECT_START";
constexpr std::string_view EndWord = "PTX_INJECT_END";

/// ' ', '\t', '\r', '\v', '\f' (not '\n'), as one shift and mask.
inline bool isBlank(char C) {
  constexpr uint64_t Blanks = (1ull << ' ') | (1ull << '\t') | (1ull << '\r') |
                              (1ull << '\v') | (1ull << '\f');
  unsigned char U = static_cast<unsigned char>(C);
  return U <= ' ' && ((Blanks >> U) & 1);
}

inline std::string_view trim(std::string_view S) {
  const char *B = S.data(), *E = B + S.size();
  while (B != E && isBlank(*B))
    ++B;
  while (B != E && isBlank(E[-1]))
    --E;
  return std::string_view(B, E - B);
}

/// Splits off the first blank-separated field of S and the blanks after
/// it. S has no trailing blanks (callers trim lines first), so what stays in
/// S is already trimmed.
inline std::string_view takeField(std::string_view &S) {
  const char *B = S.data(), *E = B + S.size();
  while (B != E && isBlank(*B))
    ++B;
  const char *F = B;
  while (F != E && !isBlank(*F))
    ++F;
  std::string_view Field(B, F - B);
  while (F != E && isBlank(*F))
    ++F;
  S = std::string_view(F, E - F);
  return Field;
}

/// "0x1b" for a byte, as errors name the byte they reject.
inline std::string hexByte(char C) {
  static const char Hex[] = "0123456789abcdef";
  unsigned char U = static_cast<unsigned char>(C);
  return std::string{'0', 'x', Hex[U >> 4], Hex[U & 15]};
}

/// The first byte of S that is a control character other than a tab (NUL,
/// ESC, DEL, ...), or npos. Names and labels are looked up as C strings by
/// the C API, so "a\0b" would answer for "a"; they are text, so control
/// bytes in them are rejected rather than kept.
inline size_t findControlByte(std::string_view S) {
  for (size_t I = 0; I < S.size(); ++I) {
    unsigned char C = static_cast<unsigned char>(S[I]);
    if ((C < 0x20 && C != '\t') || C == 0x7f)
      return I;
  }
  return std::string_view::npos;
}

/// True when Word starts S and is followed by a blank or the end.
inline bool startsWithWord(std::string_view S, std::string_view Word) {
  return S.size() >= Word.size() &&
         std::memcmp(S.data(), Word.data(), Word.size()) == 0 &&
         (S.size() == Word.size() || isBlank(S[Word.size()]));
}

} // namespace ptxinject::module

#endif
