//===- ContentHash.cpp - A stable 128-bit hash of bytes -------------------===//
#include "ptxinject/variants/ContentHash.h"

using namespace ptxinject;
using namespace ptxinject::variants;

namespace {
// The FNV-1a 128-bit offset basis and prime (2^88 + 2^8 + 0x3b).
constexpr unsigned __int128 OffsetBasis =
    (static_cast<unsigned __int128>(0x6c62272e07bb0142ull) << 64) |
    0x62b821756295c58dull;
constexpr unsigned __int128 Prime =
    (static_cast<unsigned __int128>(1) << 88) | 0x13bull;
} // namespace

ContentHasher::ContentHasher() : State(OffsetBasis) {}

ContentHasher &ContentHasher::add(std::string_view Bytes) {
  unsigned __int128 H = State;
  for (unsigned char C : Bytes) {
    H ^= C;
    H *= Prime;
  }
  State = H;
  return *this;
}

ContentHasher &ContentHasher::field(std::string_view Bytes) {
  add(Bytes);
  char Length[8];
  uint64_t N = Bytes.size();
  for (int I = 0; I < 8; ++I)
    Length[I] = static_cast<char>((N >> (8 * I)) & 0xff);
  return add(std::string_view(Length, 8));
}

Hash128 ContentHasher::result() const {
  return Hash128{static_cast<uint64_t>(State >> 64),
                 static_cast<uint64_t>(State)};
}

std::string Hash128::hex() const {
  static const char Digits[] = "0123456789abcdef";
  std::string Out(32, '0');
  for (int I = 0; I < 16; ++I) {
    Out[15 - I] = Digits[(Hi >> (4 * I)) & 0xf];
    Out[31 - I] = Digits[(Lo >> (4 * I)) & 0xf];
  }
  return Out;
}

bool Hash128::fromHex(std::string_view Text, Hash128 &Out) {
  if (Text.size() != 32)
    return false;
  uint64_t Halves[2] = {0, 0};
  for (size_t I = 0; I < 32; ++I) {
    char C = Text[I];
    unsigned V;
    if (C >= '0' && C <= '9')
      V = static_cast<unsigned>(C - '0');
    else if (C >= 'a' && C <= 'f')
      V = static_cast<unsigned>(C - 'a' + 10);
    else
      return false;
    Halves[I / 16] = (Halves[I / 16] << 4) | V;
  }
  Out = Hash128{Halves[0], Halves[1]};
  return true;
}
