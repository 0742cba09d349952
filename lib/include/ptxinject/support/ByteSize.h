//===- ByteSize.h - Sizes written as 500M or 5G --------------- -*- C++ -*-===//
//
// The bounds of the project's caches are given the way ccache and du give
// sizes: a whole number of bytes with an optional K, M, G or T suffix, each
// a power of 1024 ("5G", "500M", "64k", "4096"). Header-only, so the
// LLVM-free core and the front end read one syntax.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_SUPPORT_BYTESIZE_H
#define PTXINJECT_SUPPORT_BYTESIZE_H

#include <cstdint>
#include <cstdio>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

namespace ptxinject {

/// The bytes Text names; none when it is empty, holds anything but digits
/// and one trailing suffix (K, M, G, T in either case, optionally followed
/// by B or iB), or does not fit in 64 bits.
inline std::optional<std::uint64_t> parseByteSize(std::string_view Text) {
  std::uint64_t Value = 0;
  std::size_t I = 0;
  constexpr std::uint64_t Max = std::numeric_limits<std::uint64_t>::max();
  for (; I < Text.size() && Text[I] >= '0' && Text[I] <= '9'; ++I) {
    unsigned Digit = static_cast<unsigned>(Text[I] - '0');
    if (Value > (Max - Digit) / 10)
      return std::nullopt;
    Value = Value * 10 + Digit;
  }
  if (I == 0)
    return std::nullopt;
  std::string_view Suffix = Text.substr(I);
  unsigned Shift = 0;
  if (!Suffix.empty()) {
    switch (Suffix.front()) {
    case 'k':
    case 'K':
      Shift = 10;
      break;
    case 'm':
    case 'M':
      Shift = 20;
      break;
    case 'g':
    case 'G':
      Shift = 30;
      break;
    case 't':
    case 'T':
      Shift = 40;
      break;
    default:
      return std::nullopt;
    }
    Suffix.remove_prefix(1);
    if (!(Suffix.empty() || Suffix == "B" || Suffix == "iB"))
      return std::nullopt;
  }
  if (Shift && Value > (Max >> Shift))
    return std::nullopt;
  return Value << Shift;
}

/// Bytes as a person reads them, in the units parseByteSize takes: "512",
/// "4.0K", "12.3M", "5.0G".
inline std::string formatByteSize(std::uint64_t Bytes) {
  const char Units[] = "KMGT";
  if (Bytes < 1024)
    return std::to_string(Bytes);
  double Value = static_cast<double>(Bytes) / 1024;
  int Unit = 0;
  while (Value >= 1024 && Unit < 3) {
    Value /= 1024;
    ++Unit;
  }
  char Buf[32];
  std::snprintf(Buf, sizeof(Buf), "%.1f%c", Value, Units[Unit]);
  return Buf;
}

} // namespace ptxinject

#endif // PTXINJECT_SUPPORT_BYTESIZE_H
