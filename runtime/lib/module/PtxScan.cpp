//===- PtxScan.cpp - The byte scans under the PTX parser ------------------===//
//
// Scalar, SWAR, SSE2 and AVX2 versions of the two scans (see PtxScan.h), and
// the UTF-8 check for the rare PTX with bytes >= 0x80.
//
//===----------------------------------------------------------------------===//
#include "PtxScan.h"

#include <cstdint>
#include <cstring>
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define PTXINJECT_X86_DISPATCH 1
#include <immintrin.h>
#else
#define PTXINJECT_X86_DISPATCH 0
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#endif

namespace ptxinject::module {
namespace {

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define PTXINJECT_SWAR 1
constexpr uint64_t Ones = 0x0101010101010101ull;
constexpr uint64_t Highs = 0x8080808080808080ull;

/// The high bit of each byte of W that equals C; exact, no false matches.
inline uint64_t bytesEqual(uint64_t W, unsigned char C) {
  uint64_t X = W ^ (Ones * C);
  return ~(((X & ~Highs) + ~Highs) | X) & Highs;
}
#else
#define PTXINJECT_SWAR 0
#endif

// The tails below handle what the vector loops leave (under one vector);
// eight bytes at a time matter because every site ends in such a tail.

size_t findCapitalPTail(const char *P, size_t I, size_t N, size_t &Lines,
                        unsigned &High) {
  size_t L = 0;
  unsigned H = 0;
#if PTXINJECT_SWAR
  for (; I + 8 <= N; I += 8) {
    uint64_t W;
    std::memcpy(&W, P + I, 8);
    uint64_t Caps = bytesEqual(W, 'P');
    uint64_t Newlines = bytesEqual(W, '\n');
    if (Caps) {
      unsigned K = __builtin_ctzll(Caps) / 8;
      uint64_t Before = (1ull << (8 * K)) - 1;
      L += __builtin_popcountll(Newlines & Before);
      H |= (W & Highs & Before) != 0;
      I += K;
      break;
    }
    L += __builtin_popcountll(Newlines);
    H |= (W & Highs) != 0;
  }
#endif
  for (; I < N && P[I] != 'P'; ++I) {
    L += P[I] == '\n';
    H |= static_cast<unsigned char>(P[I]) >> 7;
  }
  Lines += L;
  High |= H;
  return I;
}

size_t countNewlinesTail(const char *P, size_t I, size_t N, unsigned &High) {
  size_t L = 0;
  unsigned H = 0;
#if PTXINJECT_SWAR
  for (; I + 8 <= N; I += 8) {
    uint64_t W;
    std::memcpy(&W, P + I, 8);
    L += __builtin_popcountll(bytesEqual(W, '\n'));
    H |= (W & Highs) != 0;
  }
#endif
  for (; I < N; ++I) {
    L += P[I] == '\n';
    H |= static_cast<unsigned char>(P[I]) >> 7;
  }
  High |= H;
  return L;
}

[[maybe_unused]] size_t findCapitalPScalar(const char *P, size_t N,
                                           size_t &Lines, unsigned &High) {
  return findCapitalPTail(P, 0, N, Lines, High);
}

[[maybe_unused]] size_t countNewlinesScalar(const char *P, size_t N,
                                            unsigned &High) {
  return countNewlinesTail(P, 0, N, High);
}

#if PTXINJECT_X86_DISPATCH
__attribute__((target("avx2,popcnt"))) size_t findCapitalPAvx2(const char *P,
                                                               size_t N,
                                                               size_t &Lines,
                                                               unsigned &High) {
  const __m256i NL = _mm256_set1_epi8('\n');
  const __m256i Cap = _mm256_set1_epi8('P');
  __m256i Or = _mm256_setzero_si256();
  size_t I = 0, L = 0;
  for (; I + 32 <= N; I += 32) {
    __m256i V = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(P + I));
    uint32_t Caps = _mm256_movemask_epi8(_mm256_cmpeq_epi8(V, Cap));
    uint32_t Newlines = _mm256_movemask_epi8(_mm256_cmpeq_epi8(V, NL));
    if (Caps) {
      unsigned K = __builtin_ctz(Caps);
      uint32_t Before = (1u << K) - 1;
      Lines += L + __builtin_popcount(Newlines & Before);
      High |= (static_cast<uint32_t>(_mm256_movemask_epi8(V)) & Before) |
              _mm256_movemask_epi8(Or);
      return I + K;
    }
    Or = _mm256_or_si256(Or, V);
    L += __builtin_popcount(Newlines);
  }
  Lines += L;
  High |= _mm256_movemask_epi8(Or);
  return findCapitalPTail(P, I, N, Lines, High);
}

__attribute__((target("avx2,popcnt"))) size_t
countNewlinesAvx2(const char *P, size_t N, unsigned &High) {
  const __m256i NL = _mm256_set1_epi8('\n');
  __m256i Or = _mm256_setzero_si256();
  size_t I = 0, L = 0;
  for (; I + 32 <= N; I += 32) {
    __m256i V = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(P + I));
    Or = _mm256_or_si256(Or, V);
    L += __builtin_popcount(
        static_cast<uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(V, NL))));
  }
  High |= _mm256_movemask_epi8(Or);
  return L + countNewlinesTail(P, I, N, High);
}
#endif

#if defined(__SSE2__)
size_t findCapitalPSse2(const char *P, size_t N, size_t &Lines,
                        unsigned &High) {
  const __m128i NL = _mm_set1_epi8('\n');
  const __m128i Cap = _mm_set1_epi8('P');
  __m128i Or = _mm_setzero_si128();
  size_t I = 0, L = 0;
  for (; I + 16 <= N; I += 16) {
    __m128i V = _mm_loadu_si128(reinterpret_cast<const __m128i *>(P + I));
    unsigned Caps = _mm_movemask_epi8(_mm_cmpeq_epi8(V, Cap));
    unsigned Newlines = _mm_movemask_epi8(_mm_cmpeq_epi8(V, NL));
    if (Caps) {
      unsigned K = __builtin_ctz(Caps);
      unsigned Before = (1u << K) - 1;
      Lines += L + __builtin_popcount(Newlines & Before);
      High |= (_mm_movemask_epi8(V) & Before) | _mm_movemask_epi8(Or);
      return I + K;
    }
    Or = _mm_or_si128(Or, V);
    L += __builtin_popcount(Newlines);
  }
  Lines += L;
  High |= _mm_movemask_epi8(Or);
  return findCapitalPTail(P, I, N, Lines, High);
}

size_t countNewlinesSse2(const char *P, size_t N, unsigned &High) {
  const __m128i NL = _mm_set1_epi8('\n');
  __m128i Or = _mm_setzero_si128();
  size_t I = 0, L = 0;
  for (; I + 16 <= N; I += 16) {
    __m128i V = _mm_loadu_si128(reinterpret_cast<const __m128i *>(P + I));
    Or = _mm_or_si128(Or, V);
    L += __builtin_popcount(_mm_movemask_epi8(_mm_cmpeq_epi8(V, NL)));
  }
  High |= _mm_movemask_epi8(Or);
  return L + countNewlinesTail(P, I, N, High);
}
#endif

ScanKernels pickScanKernels() {
#if PTXINJECT_X86_DISPATCH
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt"))
    return {findCapitalPAvx2, countNewlinesAvx2};
#endif
#if defined(__SSE2__)
  return {findCapitalPSse2, countNewlinesSse2};
#else
  return {findCapitalPScalar, countNewlinesScalar};
#endif
}

} // namespace

const ScanKernels &scanKernels() {
  static const ScanKernels Kernels = pickScanKernels();
  return Kernels;
}

size_t countNewlines(const char *P, size_t N) {
  unsigned High = 0;
  return scanKernels().CountNewlines(P, N, High);
}

bool hasHighBit(std::string_view Text) {
  const char *P = Text.data();
  size_t N = Text.size(), I = 0;
#if defined(__SSE2__)
  __m128i Acc = _mm_setzero_si128();
  for (; I + 64 <= N; I += 64) {
    const __m128i *V = reinterpret_cast<const __m128i *>(P + I);
    Acc = _mm_or_si128(
        Acc, _mm_or_si128(
                 _mm_or_si128(_mm_loadu_si128(V), _mm_loadu_si128(V + 1)),
                 _mm_or_si128(_mm_loadu_si128(V + 2), _mm_loadu_si128(V + 3))));
  }
  if (_mm_movemask_epi8(Acc))
    return true;
#endif
  unsigned char Tail = 0;
  for (; I < N; ++I)
    Tail |= static_cast<unsigned char>(P[I]);
  return (Tail & 0x80) != 0;
}

/// PTX is almost always ASCII, so eight bytes are checked at a time until a
/// byte with its high bit set shows up.
size_t findInvalidUtf8(const char *Text, size_t Size) {
  const unsigned char *P = reinterpret_cast<const unsigned char *>(Text);
  size_t I = 0;
  while (I < Size) {
    if (I + 8 <= Size) {
      uint64_t W;
      std::memcpy(&W, P + I, 8);
      if (!(W & 0x8080808080808080ull)) {
        I += 8;
        continue;
      }
    }
    unsigned char C = P[I];
    if (C < 0x80) {
      ++I;
      continue;
    }
    size_t Len;
    uint32_t Min;
    uint32_t Code;
    if ((C & 0xE0) == 0xC0) {
      Len = 2, Min = 0x80, Code = C & 0x1F;
    } else if ((C & 0xF0) == 0xE0) {
      Len = 3, Min = 0x800, Code = C & 0x0F;
    } else if ((C & 0xF8) == 0xF0) {
      Len = 4, Min = 0x10000, Code = C & 0x07;
    } else {
      return I;
    }
    if (Size - I < Len)
      return I;
    for (size_t K = 1; K < Len; ++K) {
      if ((P[I + K] & 0xC0) != 0x80)
        return I;
      Code = (Code << 6) | (P[I + K] & 0x3F);
    }
    if (Code < Min || Code > 0x10FFFF || (Code >= 0xD800 && Code <= 0xDFFF))
      return I;
    I += Len;
  }
  return std::string_view::npos;
}

} // namespace ptxinject::module
