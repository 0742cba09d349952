//===- PtxParser.cpp - Finding, checking and normalizing inject sites -----===//
//
// One forward pass over the PTX: a vector scan finds marker candidates while
// it counts lines, and each site is turned into output pieces right away, so
// parse cost is close to the cost of reading the text once.
//
//===----------------------------------------------------------------------===//
#include "ModuleData.h"
#include "ptxinject/module/PtxPrune.h"

#include <algorithm>
#include <cstring>
#include <string>
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define PTXINJECT_X86_DISPATCH 1
#include <immintrin.h>
#else
#define PTXINJECT_X86_DISPATCH 0
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#endif

using namespace ptxinject;

namespace {

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

// Text scanning. Every byte of the PTX goes through exactly one of two
// kernels: findCapitalP (the search for the next marker candidate) or
// countNewlines (the span a site covers). Both count newlines, so every site
// knows its line without a second pass, and both note bytes >= 0x80, so
// UTF-8 is decoded only for the rare PTX that has any. AVX2 is used when the
// processor has it; the build targets baseline x86-64.

/// Offset of the first 'P' in [P, P + N), or N. Adds the newlines before it
/// to Lines and sets High when a byte before it is >= 0x80.
using FindCapitalPFn = size_t (*)(const char *P, size_t N, size_t &Lines,
                                  unsigned &High);
/// Number of '\n' in [P, P + N); sets High when a byte is >= 0x80.
using CountNewlinesFn = size_t (*)(const char *P, size_t N, unsigned &High);

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

[[maybe_unused]] size_t findCapitalPScalar(const char *P, size_t N, size_t &Lines,
                          unsigned &High) {
  return findCapitalPTail(P, 0, N, Lines, High);
}

[[maybe_unused]] size_t countNewlinesScalar(const char *P, size_t N, unsigned &High) {
  return countNewlinesTail(P, 0, N, High);
}

#if PTXINJECT_X86_DISPATCH
__attribute__((target("avx2,popcnt"))) size_t
findCapitalPAvx2(const char *P, size_t N, size_t &Lines, unsigned &High) {
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

struct ScanKernels {
  FindCapitalPFn FindCapitalP;
  CountNewlinesFn CountNewlines;
};

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

const ScanKernels &scanKernels() {
  static const ScanKernels Kernels = pickScanKernels();
  return Kernels;
}

size_t countNewlines(const char *P, size_t N) {
  unsigned High = 0;
  return scanKernels().CountNewlines(P, N, High);
}

/// True when some byte has its high bit set; only then is UTF-8 decoded.
bool hasHighBit(std::string_view Text) {
  const char *P = Text.data();
  size_t N = Text.size(), I = 0;
#if defined(__SSE2__)
  __m128i Acc = _mm_setzero_si128();
  for (; I + 64 <= N; I += 64) {
    const __m128i *V = reinterpret_cast<const __m128i *>(P + I);
    Acc = _mm_or_si128(Acc, _mm_or_si128(_mm_or_si128(_mm_loadu_si128(V),
                                                      _mm_loadu_si128(V + 1)),
                                         _mm_or_si128(_mm_loadu_si128(V + 2),
                                                      _mm_loadu_si128(V + 3))));
  }
  if (_mm_movemask_epi8(Acc))
    return true;
#endif
  unsigned char Tail = 0;
  for (; I < N; ++I)
    Tail |= static_cast<unsigned char>(P[I]);
  return (Tail & 0x80) != 0;
}

/// Offset of the first byte that does not belong to valid UTF-8, or npos.
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

const char *kindWord(OperandKind K) {
  return K == OperandKind::In ? "in" : K == OperandKind::Mod ? "mod" : "out";
}

/// One operand line of the site being parsed; views into the source.
struct ParsedOperand {
  std::string_view Register;
  OperandKind Kind = OperandKind::In;
  std::string_view RegisterType;
  std::string_view TypeLabel;
  std::string_view Label;
  const TypeInfo *Type = nullptr; ///< tagged dialect only
  size_t LineBegin = 0;
};

enum class Dialect { None, Stable, Tagged };

class Parser {
public:
  Parser(Module::Data &D, const ParseOptions &Options)
      : D(D), Options(Options),
        Types(Options.Types ? *Options.Types : TypeTable::builtin()),
        Text(D.Source), Scan(scanKernels()) {}

  Error run();

private:
  struct PendingPiece {
    bool FromGenerated;
    size_t Offset;
    size_t Length;
    uint32_t Slot;
  };

  Module::Data &D;
  const ParseOptions &Options;
  const TypeTable &Types;
  std::string_view Text;
  const ScanKernels &Scan;

  // The scan front: every byte before ScanPos has been looked at once, its
  // newlines are in ScanLine and its high bits in ScanHigh.
  size_t ScanPos = 0;
  size_t ScanLine = 1;
  unsigned ScanHigh = 0;

  size_t CopyFrom = 0;
  std::vector<PendingPiece> Pending;
  std::vector<ParsedOperand> Operands; // reused by every site
  /// Per inject: the operand lines of its first site when that site used
  /// the stable dialect. Compilers copy an asm block byte for byte, so a
  /// later site with the same bytes is known to agree without parsing.
  std::vector<std::string_view> StableBodies;
  /// Distinct stable-dialect operand blocks and the inject that first had
  /// each. Generated kernels give many injects one signature, so a new
  /// inject whose block is known copies those operands without parsing.
  StringViewIndex KnownBodies;
  std::vector<uint32_t> BodyOwners;
  /// Same-name sites that differ only in operand types (a template
  /// instantiated with several types) become one inject per type signature.
  /// D.ByName keeps one entry per marker name, for the first such inject;
  /// NextVariant chains it to the others. Once a split has happened,
  /// inject indices no longer equal name indices, so SlotOfName maps them,
  /// and the final names are indexed again at the end.
  bool Split = false;
  std::vector<uint32_t> SlotOfName;
  std::vector<uint32_t> NextVariant;

  void scanTo(size_t Pos);
  unsigned lineAt(size_t Pos) const;
  unsigned columnAt(size_t Pos) const;
  Error errorAt(ErrorCode Code, size_t Pos, std::string Message) const;
  Error encodingError() const;
  size_t lineBeginOf(size_t Pos) const;
  size_t lineEndOf(size_t Pos) const;
  /// If Hit starts "PTX_INJECT_<Word>" on a line "// PTX_INJECT_<Word> ...",
  /// the line's start and the view after the marker word up to the line
  /// end; Word tells which one.
  bool markerAt(size_t Hit, size_t &LineBegin, std::string_view &Word,
                std::string_view &Rest) const;

  uint32_t findName(std::string_view Name) const;
  uint32_t addName(std::string_view Name);
  uint32_t nextVariant(uint32_t Slot) const {
    return Slot < NextVariant.size() ? NextVariant[Slot]
                                     : StringViewIndex::NotFound;
  }
  Error parseSite(size_t StartLineBegin, size_t Hit, std::string_view Rest);
  Error parseOperand(size_t LineBegin, std::string_view Body, Dialect &D);
  bool tryRepeatedStableSite(uint32_t Slot, size_t StartLineBegin,
                             size_t StartLineEnd, unsigned StartLine,
                             unsigned StartColumn);
  bool tryKnownBodySite(std::string_view Name, size_t StartLineBegin,
                        size_t StartLineEnd, unsigned StartLine,
                        unsigned StartColumn);
  void recordSite(uint32_t Slot, size_t StartLineBegin, size_t ReplaceEnd,
                  unsigned StartLine, unsigned StartColumn);
  Error addSite(std::string_view Name, uint32_t Slot, std::string_view Body,
                size_t StartLineBegin, size_t ReplaceEnd, Dialect SiteDialect,
                unsigned StartLine, unsigned StartColumn);
  Error addInject(std::string_view Name, std::string_view Body,
                  Dialect SiteDialect, uint32_t &Slot);
  void appendInject(std::string Name, std::string_view Body,
                    Dialect SiteDialect);
  uint32_t typedVariant(std::string_view Name, uint32_t First,
                        std::string_view Body, Dialect SiteDialect);
  Error indexSplitNames();
  void emitTagged(const Inject &I, size_t Slot, std::string_view Indent);
  void finishPieces();
};

void Parser::scanTo(size_t Pos) {
  ScanLine += Scan.CountNewlines(Text.data() + ScanPos, Pos - ScanPos,
                                 ScanHigh);
  ScanPos = Pos;
}

/// Only errors ask for a place behind the scan front, so this counts from
/// the start of the text.
unsigned Parser::lineAt(size_t Pos) const {
  return static_cast<unsigned>(1 + countNewlines(Text.data(), Pos));
}

unsigned Parser::columnAt(size_t Pos) const {
  return static_cast<unsigned>(Pos - lineBeginOf(Pos) + 1);
}

Error Parser::errorAt(ErrorCode Code, size_t Pos, std::string Message) const {
  return Error::make(Code, std::move(Message), lineAt(Pos), columnAt(Pos));
}

/// The error for the first invalid UTF-8 byte, or success when the text is
/// valid. It is reported before any site error, wherever the byte is.
Error Parser::encodingError() const {
  size_t Bad = hasHighBit(Text) ? findInvalidUtf8(Text.data(), Text.size())
                                : std::string_view::npos;
  if (Bad == std::string_view::npos)
    return Error::success();
  return errorAt(ErrorCode::InvalidEncoding, Bad,
                 "byte " + hexByte(Text[Bad]) +
                     " is not valid UTF-8: PTX must be text; check that "
                     "the file is the compiler's PTX output");
}

size_t Parser::lineBeginOf(size_t Pos) const {
  if (Pos == 0)
    return 0;
  const void *NL = memrchr(Text.data(), '\n', Pos);
  return NL ? static_cast<const char *>(NL) - Text.data() + 1 : 0;
}

size_t Parser::lineEndOf(size_t Pos) const {
  const void *NL = std::memchr(Text.data() + Pos, '\n', Text.size() - Pos);
  return NL ? static_cast<const char *>(NL) - Text.data() : Text.size();
}

bool Parser::markerAt(size_t Hit, size_t &LineBegin, std::string_view &Word,
                      std::string_view &Rest) const {
  if (Text.size() - Hit < MarkerPrefix.size() ||
      std::memcmp(Text.data() + Hit, MarkerPrefix.data(),
                  MarkerPrefix.size()) != 0)
    return false;
  // Walk back over "[blanks]//[blanks]" to the line start; blanks and '/'
  // are disjoint, so this accepts exactly the lines a forward match would.
  size_t P = Hit;
  while (P > 0 && isBlank(Text[P - 1]))
    --P;
  if (P < 2 || Text[P - 1] != '/' || Text[P - 2] != '/')
    return false;
  P -= 2;
  while (P > 0 && isBlank(Text[P - 1]))
    --P;
  if (P > 0 && Text[P - 1] != '\n')
    return false;
  std::string_view Line = Text.substr(Hit, lineEndOf(Hit) - Hit);
  if (startsWithWord(Line, StartWord))
    Word = StartWord;
  else if (startsWithWord(Line, EndWord))
    Word = EndWord;
  else
    return false;
  LineBegin = P;
  Rest = Line.substr(Word.size());
  return true;
}

Error Parser::run() {
  if (Text.size() > Options.MaxBytes)
    return Error::make(ErrorCode::TooLarge,
                       "the PTX is " + std::to_string(Text.size()) +
                           " bytes; the limit is " +
                           std::to_string(Options.MaxBytes) +
                           ": raise ParseOptions::MaxBytes or split the module",
                       1, 1);
  if (Text.find_first_not_of(" \t\r\n\v\f") == std::string_view::npos)
    return Error::make(ErrorCode::EmptyInput,
                       "the PTX is empty: pass the output of nvcc -ptx, nvrtc "
                       "or clang --cuda-device-only -S");
  auto Fail = [&](Error E) {
    if (Error Encoding = encodingError())
      return Encoding;
    return E;
  };
  while (ScanPos < Text.size()) {
    ScanPos += Scan.FindCapitalP(Text.data() + ScanPos,
                                 Text.size() - ScanPos, ScanLine, ScanHigh);
    if (ScanPos >= Text.size())
      break;
    size_t Hit = ScanPos;
    size_t LineBegin;
    std::string_view Word, Rest;
    if (!markerAt(Hit, LineBegin, Word, Rest)) {
      scanTo(Hit + 1);
      continue;
    }
    if (Word == EndWord)
      return Fail(errorAt(ErrorCode::UnmatchedEnd, Hit,
                          "PTX_INJECT_END without a PTX_INJECT_START before "
                          "it: check that the site's asm was not edited by "
                          "hand"));
    if (Error E = parseSite(LineBegin, Hit, Rest))
      return Fail(std::move(E));
    scanTo(CopyFrom);
  }
  if (ScanHigh)
    if (Error E = encodingError())
      return E;
  if (Split)
    if (Error E = indexSplitNames())
      return E;
  Pending.push_back({false, CopyFrom, Text.size() - CopyFrom,
                     Module::Data::NoSlot});
  finishPieces();
  return Error::success();
}

Error Parser::parseSite(size_t StartLineBegin, size_t Hit,
                        std::string_view Rest) {
  // The scan front stands at Hit.
  unsigned StartLine = static_cast<unsigned>(ScanLine);
  unsigned StartColumn = static_cast<unsigned>(Hit - StartLineBegin + 1);
  size_t StartLineEnd = Rest.data() + Rest.size() - Text.data();
  std::string_view Name = trim(Rest);
  size_t NamePos = Name.empty() ? Hit : Name.data() - Text.data();
  std::string_view AfterName = Name;
  Name = takeField(AfterName);
  if (Name.empty())
    return errorAt(ErrorCode::MalformedMarker, Hit,
                   "PTX_INJECT_START needs an inject name: write "
                   "'// PTX_INJECT_START name'");
  if (Name.size() > Options.MaxNameLength)
    return errorAt(ErrorCode::NameTooLong, NamePos,
                   "inject name is " + std::to_string(Name.size()) +
                       " bytes long; the limit is " +
                       std::to_string(Options.MaxNameLength) +
                       ": use a shorter name");
  if (size_t Bad = findControlByte(Name); Bad != std::string_view::npos)
    return errorAt(ErrorCode::MalformedMarker, Name.data() + Bad - Text.data(),
                   "control byte " + hexByte(Name[Bad]) +
                       " in an inject name: names are printable text");
  if (!AfterName.empty())
    return errorAt(ErrorCode::MalformedMarker,
                   AfterName.data() - Text.data(),
                   "unexpected text after the inject name '" +
                       std::string(Name) +
                       "': an inject name is a single word");
  if (D.NumSites >= Options.MaxSites)
    return errorAt(ErrorCode::TooManySites, Hit,
                   "more than " + std::to_string(Options.MaxSites) +
                       " inject sites: raise ParseOptions::MaxSites if this "
                       "is intended");
  uint32_t Slot = findName(Name);
  if (Slot != StringViewIndex::NotFound
          ? tryRepeatedStableSite(Slot, StartLineBegin, StartLineEnd,
                                  StartLine, StartColumn)
          : tryKnownBodySite(Name, StartLineBegin, StartLineEnd, StartLine,
                             StartColumn))
    return Error::success();

  Operands.clear();
  Dialect SiteDialect = Dialect::None;
  size_t LineBegin = StartLineEnd;
  size_t BodyBegin = std::min(LineBegin + 1, Text.size());
  while (LineBegin < Text.size()) {
    ++LineBegin; // past '\n'
    size_t LineEnd = lineEndOf(LineBegin);
    std::string_view Line = trim(Text.substr(LineBegin, LineEnd - LineBegin));
    if (Line.empty()) {
      LineBegin = LineEnd;
      continue;
    }
    if (Line.substr(0, 2) != "//")
      return errorAt(ErrorCode::MalformedOperand,
                     Line.data() - Text.data(),
                     "expected an operand line '// REG KIND TYPE LABEL' or "
                     "PTX_INJECT_END inside inject site '" +
                         std::string(Name) + "' (opened at line " +
                         std::to_string(StartLine) +
                         "): is its PTX_INJECT_END missing?");
    std::string_view Body = trim(Line.substr(2));
    if (startsWithWord(Body, EndWord)) {
      size_t ReplaceEnd = LineEnd < Text.size() ? LineEnd + 1 : LineEnd;
      return addSite(Name, Slot,
                     Text.substr(BodyBegin, LineBegin - BodyBegin),
                     StartLineBegin, ReplaceEnd, SiteDialect, StartLine,
                     StartColumn);
    }
    if (startsWithWord(Body, StartWord))
      return errorAt(ErrorCode::NestedSite, Body.data() - Text.data(),
                     "PTX_INJECT_START inside inject site '" +
                         std::string(Name) + "' opened at line " +
                         std::to_string(StartLine) +
                         ", which has no PTX_INJECT_END: sites cannot nest");
    if (Operands.size() >= Options.MaxOperands)
      return errorAt(ErrorCode::TooLarge, Body.data() - Text.data(),
                     "inject site '" + std::string(Name) + "' has more than " +
                         std::to_string(Options.MaxOperands) +
                         " operands: raise ParseOptions::MaxOperands if this "
                         "is intended");
    if (Error E = parseOperand(LineBegin, Body, SiteDialect))
      return E;
    LineBegin = LineEnd;
  }
  return Error::make(ErrorCode::UnterminatedSite,
                     "inject site '" + std::string(Name) +
                         "' has no PTX_INJECT_END before the end of the PTX: "
                         "check that the file is complete",
                     StartLine, StartColumn);
}

Error Parser::parseOperand(size_t LineBegin, std::string_view Body,
                           Dialect &SiteDialect) {
  std::string_view Fields = Body;
  // Filled in place: a local copied into the vector afterwards costs a
  // store-forwarding stall per field. A failed line fails the whole parse.
  ParsedOperand &Op = Operands.emplace_back();
  Op.LineBegin = LineBegin;
  Op.Register = takeField(Fields);
  std::string_view Kind = takeField(Fields);
  auto Malformed = [&](std::string What) {
    return errorAt(ErrorCode::MalformedOperand, Body.data() - Text.data(),
                   "malformed operand line: " + What +
                       "; expected '// _x0 m f32 F32 label' or "
                       "'// %f1 mod f32 label'");
  };
  if (Kind.empty())
    return Malformed("missing kind");
  size_t KindPos = Kind.data() - Text.data();
  Dialect LineDialect;
  if (Kind.size() == 1) {
    LineDialect = Dialect::Stable;
    switch (Kind[0]) {
    case 'i': Op.Kind = OperandKind::In; break;
    case 'm': Op.Kind = OperandKind::Mod; break;
    case 'o': Op.Kind = OperandKind::Out; break;
    default:
      return errorAt(ErrorCode::UnknownKind, KindPos,
                     "unknown operand kind '" + std::string(Kind) +
                         "': use i (in), m (mod) or o (out)");
    }
  } else {
    LineDialect = Dialect::Tagged;
    if (Kind == "in")
      Op.Kind = OperandKind::In;
    else if (Kind == "mod")
      Op.Kind = OperandKind::Mod;
    else if (Kind == "out")
      Op.Kind = OperandKind::Out;
    else
      return errorAt(ErrorCode::UnknownKind, KindPos,
                     "unknown operand kind '" + std::string(Kind) +
                         "': use in, mod or out");
  }
  if (SiteDialect != Dialect::None && SiteDialect != LineDialect)
    return errorAt(ErrorCode::MixedDialects, Body.data() - Text.data(),
                   "operand line mixes the stable ('_x0 m f32 F32 y') and "
                   "tagged ('%f1 mod f32 y') forms in one site: use one form");
  SiteDialect = LineDialect;

  if (LineDialect == Dialect::Stable) {
    if (!Op.Register.empty() && Op.Register.front() == '%')
      Op.Register.remove_prefix(1);
    Op.RegisterType = takeField(Fields);
    Op.TypeLabel = takeField(Fields);
    if (Op.RegisterType.empty())
      return Malformed("missing PTX register type");
    if (Op.TypeLabel.empty())
      return Malformed("missing type label");
  } else {
    std::string_view TypeName = takeField(Fields);
    if (TypeName.empty())
      return Malformed("missing type");
    Op.Type = Types.find(TypeName);
    if (!Op.Type)
      return errorAt(ErrorCode::UnknownType, TypeName.data() - Text.data(),
                     "unknown type '" + std::string(TypeName) +
                         "': use a built-in type (f32, f64, s32, u32, b32, "
                         "s64, u64, s16, u16, f16, bf16, f16x2, bf16x2, "
                         "pred) or add it with a types JSON file");
    Op.RegisterType = Op.Type->RegisterType;
    Op.TypeLabel = TypeName;
  }
  if (Op.Register.empty())
    return Malformed("missing register");
  Op.Label = Fields; // the rest of the line; may hold blanks, as in "a[0]"
  if (Op.Label.empty())
    return Malformed("missing label");
  if (size_t Bad = findControlByte(Op.Label); Bad != std::string_view::npos)
    return errorAt(ErrorCode::MalformedOperand,
                   Op.Label.data() + Bad - Text.data(),
                   "control byte " + hexByte(Op.Label[Bad]) +
                       " in an operand label: labels are printable text");
  return Error::success();
}

/// The first site of a name: checks its operands and appends the inject.
/// Everything is built in place in D.Injects, so a new inject costs its
/// operand and site vectors and nothing else.
Error Parser::addInject(std::string_view Name, std::string_view Body,
                        Dialect SiteDialect, uint32_t &Slot) {
  auto Duplicate = [&](size_t K) {
    return errorAt(ErrorCode::DuplicateOperand,
                   Operands[K].Label.data() - Text.data(),
                   "operand '" + std::string(Operands[K].Label) +
                       "' appears twice in inject '" + std::string(Name) +
                       "': give each operand its own label");
  };
  // Pairwise for the usual handful of operands; a hash index beyond, so a
  // hostile site with 100,000 operands is checked in linear time.
  constexpr size_t PairwiseLimit = 32;
  if (Operands.size() <= PairwiseLimit) {
    for (size_t K = 0; K < Operands.size(); ++K)
      for (size_t J = 0; J < K; ++J)
        if (Operands[J].Label == Operands[K].Label)
          return Duplicate(K);
  } else {
    StringViewIndex Labels;
    for (size_t K = 0; K < Operands.size(); ++K) {
      if (Labels.find(Operands[K].Label) != StringViewIndex::NotFound)
        return Duplicate(K);
      Labels.add(Operands[K].Label);
    }
  }
  Slot = addName(Name);
  appendInject(std::string(Name.data(), Name.size()), Body, SiteDialect);
  return Error::success();
}

/// Appends an inject with the operands of the site just parsed.
void Parser::appendInject(std::string Name, std::string_view Body,
                          Dialect SiteDialect) {
  uint32_t Slot = static_cast<uint32_t>(D.Injects.size());
  Inject &I = D.Injects.emplace_back();
  I.Name = std::move(Name);
  I.Operands.reserve(Operands.size());
  auto Copy = [](std::string_view V) {
    return std::string(V.data(), V.size());
  };
  for (size_t K = 0; K < Operands.size(); ++K) {
    const ParsedOperand &Op = Operands[K];
    I.Operands.push_back(
        {Copy(Op.Label),
         SiteDialect == Dialect::Tagged ? "_x" + std::to_string(K)
                                        : Copy(Op.Register),
         Op.Kind, Copy(Op.RegisterType), Copy(Op.TypeLabel)});
  }
  if (SiteDialect == Dialect::Tagged) {
    StableBodies.emplace_back();
    return;
  }
  StableBodies.push_back(Body);
  if (KnownBodies.find(Body) == StringViewIndex::NotFound) {
    KnownBodies.add(Body);
    BodyOwners.push_back(Slot);
  }
}

uint32_t Parser::findName(std::string_view Name) const {
  uint32_t Index = D.ByName.find(Name);
  return Split && Index != StringViewIndex::NotFound ? SlotOfName[Index]
                                                     : Index;
}

/// Registers a marker name for the inject about to be appended.
uint32_t Parser::addName(std::string_view Name) {
  D.ByName.add(Name);
  uint32_t Slot = static_cast<uint32_t>(D.Injects.size());
  if (Split)
    SlotOfName.push_back(Slot);
  return Slot;
}

/// The inject among First and its type variants whose operand types match
/// the site just parsed, appended when there is none. Labels, kinds and
/// registers are already known to match First's.
uint32_t Parser::typedVariant(std::string_view Name, uint32_t First,
                              std::string_view Body, Dialect SiteDialect) {
  auto SameTypes = [&](const Inject &I) {
    for (size_t K = 0; K < Operands.size(); ++K)
      if (Operands[K].RegisterType != I.Operands[K].RegisterType ||
          Operands[K].TypeLabel != I.Operands[K].TypeLabel)
        return false;
    return true;
  };
  uint32_t Last = First;
  for (uint32_t V = First; V != StringViewIndex::NotFound;
       Last = V, V = nextVariant(V))
    if (SameTypes(D.Injects[V]))
      return V;
  // "NAME<T1,T2,...>" with the type labels of all operands in marker order.
  auto Qualified = [&](auto TypeLabelAt) {
    std::string Q(Name.data(), Name.size());
    Q.push_back('<');
    for (size_t K = 0; K < Operands.size(); ++K) {
      if (K)
        Q.push_back(',');
      Q.append(TypeLabelAt(K));
    }
    Q.push_back('>');
    return Q;
  };
  if (!Split) {
    // Until now every inject had its own name, so slots equal name indices.
    Split = true;
    SlotOfName.resize(D.ByName.size());
    for (size_t K = 0; K < SlotOfName.size(); ++K)
      SlotOfName[K] = static_cast<uint32_t>(K);
  }
  if (Last == First) {
    Inject &Renamed = D.Injects[First];
    Renamed.Name = Qualified([&](size_t K) -> std::string_view {
      return Renamed.Operands[K].TypeLabel;
    });
  }
  uint32_t V = static_cast<uint32_t>(D.Injects.size());
  appendInject(Qualified([&](size_t K) { return Operands[K].TypeLabel; }),
               Body, SiteDialect);
  if (NextVariant.size() <= V)
    NextVariant.resize(V + 1, StringViewIndex::NotFound);
  NextVariant[Last] = V;
  return V;
}

/// Indexes the final names after a split. A split name can meet a marker
/// that already spells it, or two signatures can differ only in register
/// types; both leave one name for two injects, which lookups cannot serve.
Error Parser::indexSplitNames() {
  size_t Total = 0;
  for (const Inject &I : D.Injects)
    Total += I.Name.size();
  D.SplitNames.reserve(Total);
  for (const Inject &I : D.Injects)
    D.SplitNames.append(I.Name);
  D.ByName = StringViewIndex();
  const char *At = D.SplitNames.data();
  for (const Inject &I : D.Injects) {
    std::string_view Key(At, I.Name.size());
    At += I.Name.size();
    uint32_t Taken = D.ByName.find(Key);
    if (Taken != StringViewIndex::NotFound) {
      const SiteLocation &Here = I.Sites.front();
      return Error::make(
          ErrorCode::InconsistentSites,
          "two injects are named '" + I.Name + "' (first sites at lines " +
              std::to_string(D.Injects[Taken].Sites.front().Line) + " and " +
              std::to_string(Here.Line) +
              "): same-name sites that differ in operand types are split "
              "into NAME<TYPE,...> injects, and this name is taken twice; "
              "give one of the sites another name",
          Here.Line, Here.Column);
    }
    D.ByName.add(Key);
  }
  return Error::success();
}

Error Parser::addSite(std::string_view Name, uint32_t Slot,
                      std::string_view Body, size_t StartLineBegin,
                      size_t ReplaceEnd, Dialect SiteDialect,
                      unsigned StartLine, unsigned StartColumn) {
  if (Slot == StringViewIndex::NotFound) {
    if (Error E = addInject(Name, Body, SiteDialect, Slot))
      return E;
  } else {
    const Inject &First = D.Injects[Slot];
    unsigned FirstLine = First.Sites.front().Line;
    // Built only on failure: this branch runs for every repeated site.
    auto Where = [&] {
      return "inject '" + std::string(Name) + "' at line " +
             std::to_string(StartLine) + " differs from its site at line " +
             std::to_string(FirstLine) + ": ";
    };
    const char *Fix = "; sites that share a name must have the same operands";
    if (First.Operands.size() != Operands.size())
      return Error::make(ErrorCode::InconsistentSites,
                         Where() + std::to_string(Operands.size()) +
                             " operands here, " +
                             std::to_string(First.Operands.size()) +
                             " there" + Fix,
                         StartLine, StartColumn);
    // Operand types alone may differ: such sites get an inject per type
    // signature (below). Any other difference is an error.
    bool SameTypes = true;
    for (size_t K = 0; K < Operands.size(); ++K) {
      const ParsedOperand &Op = Operands[K];
      const InjectOperand &Want = First.Operands[K];
      bool SameRegister = SiteDialect == Dialect::Tagged
                              ? true
                              : Op.Register == Want.Register;
      if (Op.Label == Want.Label && Op.Kind == Want.Kind && SameRegister) {
        SameTypes = SameTypes && Op.RegisterType == Want.RegisterType &&
                    Op.TypeLabel == Want.TypeLabel;
        continue;
      }
      auto Describe = [](std::string_view Reg, OperandKind Kind,
                         std::string_view RegType, std::string_view TypeLabel,
                         std::string_view Label) {
        return "'" + std::string(Reg) + " " + kindWord(Kind) + " " +
               std::string(RegType) + " " + std::string(TypeLabel) + " " +
               std::string(Label) + "'";
      };
      std::string_view HereReg =
          SiteDialect == Dialect::Tagged ? Want.Register : Op.Register;
      return errorAt(ErrorCode::InconsistentSites,
                     Op.Register.data() - Text.data(),
                     Where() + "operand " + std::to_string(K) + " is " +
                         Describe(HereReg, Op.Kind, Op.RegisterType,
                                  Op.TypeLabel, Op.Label) +
                         " here but " +
                         Describe(Want.Register, Want.Kind,
                                  Want.RegisterType, Want.TypeLabel,
                                  Want.Label) +
                         " there" + Fix);
    }
    if (!SameTypes)
      Slot = typedVariant(Name, Slot, Body, SiteDialect);
  }
  if (SiteDialect != Dialect::Tagged) {
    recordSite(Slot, StartLineBegin, ReplaceEnd, StartLine, StartColumn);
    return Error::success();
  }
  Inject &I = D.Injects[Slot];
  I.Sites.push_back({StartLine, StartColumn});
  ++D.NumSites;
  {
    size_t IndentEnd = StartLineBegin;
    while (IndentEnd < Text.size() && isBlank(Text[IndentEnd]) &&
           Text[IndentEnd] != '\r')
      ++IndentEnd;
    Pending.push_back({false, CopyFrom, StartLineBegin - CopyFrom,
                       Module::Data::NoSlot});
    emitTagged(I, Slot,
               Text.substr(StartLineBegin, IndentEnd - StartLineBegin));
  }
  CopyFrom = ReplaceEnd;
  return Error::success();
}

void Parser::recordSite(uint32_t Slot, size_t StartLineBegin,
                        size_t ReplaceEnd, unsigned StartLine,
                        unsigned StartColumn) {
  D.Injects[Slot].Sites.push_back({StartLine, StartColumn});
  ++D.NumSites;
  Pending.push_back({false, CopyFrom, StartLineBegin - CopyFrom, Slot});
  CopyFrom = ReplaceEnd;
}

bool Parser::tryRepeatedStableSite(uint32_t Slot, size_t StartLineBegin,
                                   size_t StartLineEnd, unsigned StartLine,
                                   unsigned StartColumn) {
  if (StartLineEnd == Text.size())
    return false;
  size_t BodyBegin = StartLineEnd + 1;
  // The inject of this name, or one of its type variants, whose first
  // site's operand block has these bytes.
  std::string_view First;
  for (;; Slot = nextVariant(Slot)) {
    if (Slot == StringViewIndex::NotFound)
      return false;
    First = StableBodies[Slot];
    if (First.data() != nullptr && Text.size() - BodyBegin >= First.size() &&
        std::memcmp(Text.data() + BodyBegin, First.data(), First.size()) == 0)
      break;
  }
  // The same bytes hold no marker, so the next line must be this site's
  // "[blanks]//[blanks]PTX_INJECT_END" for the shortcut to apply.
  size_t P = BodyBegin + First.size();
  while (P < Text.size() && isBlank(Text[P]))
    ++P;
  if (Text.size() - P < 2 || Text[P] != '/' || Text[P + 1] != '/')
    return false;
  P += 2;
  while (P < Text.size() && isBlank(Text[P]))
    ++P;
  size_t EndLineEnd = lineEndOf(P);
  if (!startsWithWord(Text.substr(P, EndLineEnd - P), EndWord))
    return false;
  recordSite(Slot, StartLineBegin,
             EndLineEnd < Text.size() ? EndLineEnd + 1 : EndLineEnd,
             StartLine, StartColumn);
  return true;
}

bool Parser::tryKnownBodySite(std::string_view Name, size_t StartLineBegin,
                              size_t StartLineEnd, unsigned StartLine,
                              unsigned StartColumn) {
  if (KnownBodies.size() == 0 || StartLineEnd == Text.size())
    return false;
  // The block ends where the END line starts; any other capital P first
  // (a label, say) sends the site down the general path.
  size_t BodyBegin = StartLineEnd + 1;
  size_t Lines = 0;
  unsigned High = 0;
  size_t EndHit = BodyBegin + Scan.FindCapitalP(Text.data() + BodyBegin,
                                                Text.size() - BodyBegin,
                                                Lines, High);
  size_t EndLineBegin;
  std::string_view Word, Rest;
  if (EndHit >= Text.size() || !markerAt(EndHit, EndLineBegin, Word, Rest) ||
      Word != EndWord || EndLineBegin < BodyBegin)
    return false;
  std::string_view Body = Text.substr(BodyBegin, EndLineBegin - BodyBegin);
  uint32_t Known = KnownBodies.find(Body);
  if (Known == StringViewIndex::NotFound)
    return false;
  // Same bytes as the owner's block, so the same operands, already checked.
  uint32_t Slot = addName(Name);
  Inject &I = D.Injects.emplace_back();
  I.Name = std::string(Name.data(), Name.size());
  I.Operands = D.Injects[BodyOwners[Known]].Operands;
  StableBodies.push_back(Body);
  size_t EndLineEnd = Rest.data() + Rest.size() - Text.data();
  recordSite(Slot, StartLineBegin,
             EndLineEnd < Text.size() ? EndLineEnd + 1 : EndLineEnd,
             StartLine, StartColumn);
  return true;
}

void Parser::emitTagged(const Inject &I, size_t Slot, std::string_view Indent) {
  std::string &G = D.Generated;
  auto Line = [&](std::initializer_list<std::string_view> Parts) {
    G.append(Indent);
    for (std::string_view P : Parts)
      G.append(P);
    G.push_back('\n');
  };
  size_t Begin = G.size();
  Line({"{"});
  for (const InjectOperand &Op : I.Operands)
    Line({".reg .", Op.RegisterType, " %", Op.Register, ";"});
  for (size_t K = 0; K < Operands.size(); ++K)
    if (Operands[K].Kind != OperandKind::Out)
      Line({"mov.", Operands[K].Type->MovPostfix, " %", I.Operands[K].Register,
            ", ", Operands[K].Register, ";"});
  Pending.push_back({true, Begin, G.size() - Begin, static_cast<uint32_t>(Slot)});
  Begin = G.size();
  for (size_t K = 0; K < Operands.size(); ++K)
    if (Operands[K].Kind != OperandKind::In)
      Line({"mov.", Operands[K].Type->MovPostfix, " ", Operands[K].Register,
            ", %", I.Operands[K].Register, ";"});
  Line({"}"});
  Pending.push_back({true, Begin, G.size() - Begin, Module::Data::NoSlot});
}

void Parser::finishPieces() {
  D.SiteCounts.reserve(D.Injects.size());
  for (const Inject &I : D.Injects)
    D.SiteCounts.push_back(I.Sites.size());
  D.Pieces.reserve(Pending.size());
  D.FixedSize = 0;
  for (const PendingPiece &P : Pending) {
    const char *Base = P.FromGenerated ? D.Generated.data() : D.Source.data();
    D.Pieces.push_back({Base + P.Offset, P.Length, P.Slot});
    D.FixedSize += P.Length;
  }
}

} // namespace

Expected<Module> Module::parse(std::string_view Ptx,
                               const ParseOptions &Options) {
  auto D = std::make_shared<Data>();
  if (Options.PruneUnusedGlobals)
    D->Source = pruneUnusedGlobals(Ptx);
  else
    D->Source.assign(Ptx.data(), Ptx.size());
  Parser P(*D, Options);
  if (Error E = P.run())
    return E;
  return Module(std::move(D));
}
