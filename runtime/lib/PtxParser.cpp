//===- PtxParser.cpp - Finding, checking and normalizing inject sites -----===//
//
// One forward pass over the PTX: marker lines are found with memmem, never
// by looking at every character, and each site is turned into output pieces
// right away, so parse cost is close to the cost of reading the text once.
//
//===----------------------------------------------------------------------===//
#include "ModuleData.h"

#include <algorithm>
#include <cstring>
#include <string>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

using namespace ptxinject;

namespace {

constexpr std::string_view MarkerPrefix = "PTX_INJECT_";
constexpr std::string_view StartWord = "PTX_INJECT_START";
constexpr std::string_view EndWord = "PTX_INJECT_END";

bool isBlank(char C) {
  return C == ' ' || C == '\t' || C == '\r' || C == '\v' || C == '\f';
}

std::string_view trim(std::string_view S) {
  while (!S.empty() && isBlank(S.front()))
    S.remove_prefix(1);
  while (!S.empty() && isBlank(S.back()))
    S.remove_suffix(1);
  return S;
}

/// Splits off the first blank-separated field of S.
std::string_view takeField(std::string_view &S) {
  S = trim(S);
  size_t N = 0;
  while (N < S.size() && !isBlank(S[N]))
    ++N;
  std::string_view Field = S.substr(0, N);
  S.remove_prefix(N);
  S = trim(S);
  return Field;
}

/// True when Word starts S and is followed by a blank or the end.
bool startsWithWord(std::string_view S, std::string_view Word) {
  return S.substr(0, Word.size()) == Word &&
         (S.size() == Word.size() || isBlank(S[Word.size()]));
}

#if defined(__SSE2__)
/// Adds the newlines of up to 255 16-byte chunks at P: matches are summed
/// in byte lanes (subtracting the all-ones compare result) and folded once.
size_t countNewlineChunks(const char *P, size_t Chunks, int &HighBits) {
  const __m128i NL = _mm_set1_epi8('\n');
  __m128i Lanes = _mm_setzero_si128();
  int High = 0;
  for (size_t I = 0; I < Chunks; ++I) {
    __m128i V = _mm_loadu_si128(reinterpret_cast<const __m128i *>(P + 16 * I));
    High |= _mm_movemask_epi8(V);
    Lanes = _mm_sub_epi8(Lanes, _mm_cmpeq_epi8(V, NL));
  }
  HighBits |= High;
  __m128i Sums = _mm_sad_epu8(Lanes, _mm_setzero_si128());
  return static_cast<size_t>(_mm_cvtsi128_si32(Sums)) +
         static_cast<size_t>(_mm_cvtsi128_si32(_mm_srli_si128(Sums, 8)));
}
#endif

/// Number of '\n' in [P, P + N); HighBits gets any byte >= 0x80 (in the
/// chunked part; callers that need it exactly pass whole chunks).
size_t countNewlines(const char *P, size_t N, int &HighBits) {
  size_t Count = 0, I = 0;
#if defined(__SSE2__)
  while (N - I >= 16) {
    size_t Chunks = std::min<size_t>((N - I) / 16, 255);
    Count += countNewlineChunks(P + I, Chunks, HighBits);
    I += Chunks * 16;
  }
#endif
  for (; I < N; ++I) {
    Count += P[I] == '\n';
    HighBits |= static_cast<unsigned char>(P[I]) >= 0x80;
  }
  return Count;
}

size_t countNewlines(const char *P, size_t N) {
  int HighBits = 0;
  return countNewlines(P, N, HighBits);
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
        Text(D.Source) {}

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

  // Sites come in text order, so line numbers are counted forward from the
  // last query; only an error can ask for an earlier place.
  size_t LastPos = 0;
  unsigned LastLine = 1;
  size_t CopyFrom = 0;
  std::vector<PendingPiece> Pending;
  std::vector<ParsedOperand> Operands; // reused by every site
  /// Per inject: the operand lines of its first site when that site used
  /// the stable dialect. Compilers copy an asm block byte for byte, so a
  /// later site with the same bytes is known to agree without parsing.
  std::vector<std::string_view> StableBodies;

  unsigned lineAt(size_t Pos);
  size_t findMarkerPrefix(size_t From) const;
  unsigned columnAt(size_t Pos) const;
  Error errorAt(ErrorCode Code, size_t Pos, std::string Message);
  size_t lineBeginOf(size_t Pos) const;
  size_t lineEndOf(size_t Pos) const;
  /// If the line at LineBegin is "// PTX_INJECT_<Word> ...", the view after
  /// the marker word; Word tells which one.
  bool markerOnLine(size_t LineBegin, size_t Hit, std::string_view &Word,
                    std::string_view &Rest) const;

  Error parseSite(size_t StartLineBegin, size_t Hit, std::string_view Rest);
  Error parseOperand(size_t LineBegin, std::string_view Body, Dialect &D);
  bool tryRepeatedStableSite(std::string_view Name, size_t StartLineBegin,
                             size_t Hit, unsigned StartLine,
                             unsigned StartColumn);
  void recordSite(uint32_t Slot, size_t StartLineBegin, size_t ReplaceEnd,
                  unsigned StartLine, unsigned StartColumn);
  Error addSite(std::string_view Name, std::string_view Body,
                size_t StartLineBegin, size_t ReplaceEnd, Dialect SiteDialect, unsigned StartLine,
                unsigned StartColumn);
  void emitTagged(const Inject &I, size_t Slot, std::string_view Indent);
  void finishPieces();
};

unsigned Parser::lineAt(size_t Pos) {
  if (Pos < LastPos) {
    LastPos = 0;
    LastLine = 1;
  }
  LastLine += static_cast<unsigned>(
      countNewlines(Text.data() + LastPos, Pos - LastPos));
  LastPos = Pos;
  return LastLine;
}

/// memchr for the rare 'P' runs near memory speed; PTX has few capitals.
size_t Parser::findMarkerPrefix(size_t From) const {
  const char *Begin = Text.data();
  const char *End = Begin + Text.size();
  const char *P = Begin + From;
  while (static_cast<size_t>(End - P) >= MarkerPrefix.size()) {
    P = static_cast<const char *>(std::memchr(P, 'P', End - P));
    if (!P || static_cast<size_t>(End - P) < MarkerPrefix.size())
      return std::string_view::npos;
    if (std::memcmp(P + 1, MarkerPrefix.data() + 1,
                    MarkerPrefix.size() - 1) == 0)
      return P - Begin;
    ++P;
  }
  return std::string_view::npos;
}

unsigned Parser::columnAt(size_t Pos) const {
  return static_cast<unsigned>(Pos - lineBeginOf(Pos) + 1);
}

Error Parser::errorAt(ErrorCode Code, size_t Pos, std::string Message) {
  unsigned Column = columnAt(Pos);
  return Error::make(Code, std::move(Message), lineAt(Pos), Column);
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

bool Parser::markerOnLine(size_t LineBegin, size_t Hit, std::string_view &Word,
                          std::string_view &Rest) const {
  size_t P = LineBegin;
  while (P < Hit && isBlank(Text[P]))
    ++P;
  if (Hit - P < 2 || Text[P] != '/' || Text[P + 1] != '/')
    return false;
  P += 2;
  while (P < Hit && isBlank(Text[P]))
    ++P;
  if (P != Hit)
    return false;
  std::string_view Line =
      Text.substr(Hit, lineEndOf(Hit) - Hit);
  if (startsWithWord(Line, StartWord))
    Word = StartWord;
  else if (startsWithWord(Line, EndWord))
    Word = EndWord;
  else
    return false;
  Rest = Line.substr(Word.size());
  return true;
}

Error Parser::run() {
  if (Text.find_first_not_of(" \t\r\n\v\f") == std::string_view::npos)
    return Error::make(ErrorCode::EmptyInput,
                       "the PTX is empty: pass the output of nvcc -ptx, nvrtc "
                       "or clang --cuda-device-only -S");
  size_t Bad = hasHighBit(Text) ? findInvalidUtf8(Text.data(), Text.size())
                       : std::string_view::npos;
  if (Bad != std::string_view::npos)
    return errorAt(ErrorCode::InvalidEncoding, Bad,
                   "byte 0x" +
                       [&] {
                         static const char Hex[] = "0123456789abcdef";
                         unsigned char C = Text[Bad];
                         return std::string{Hex[C >> 4], Hex[C & 15]};
                       }() +
                       " is not valid UTF-8: PTX must be text; check that "
                       "the file is the compiler's PTX output");

  size_t Pos = 0;
  while (Pos < Text.size()) {
    size_t Hit = findMarkerPrefix(Pos);
    if (Hit == std::string_view::npos)
      break;
    size_t LineBegin = lineBeginOf(Hit);
    std::string_view Word, Rest;
    if (!markerOnLine(LineBegin, Hit, Word, Rest)) {
      Pos = Hit + MarkerPrefix.size();
      continue;
    }
    if (Word == EndWord)
      return errorAt(ErrorCode::UnmatchedEnd, Hit,
                     "PTX_INJECT_END without a PTX_INJECT_START before it: "
                     "check that the site's asm was not edited by hand");
    if (Error E = parseSite(LineBegin, Hit, Rest))
      return E;
    Pos = CopyFrom;
  }
  Pending.push_back({false, CopyFrom, Text.size() - CopyFrom,
                     Module::Data::NoSlot});
  finishPieces();
  return Error::success();
}

Error Parser::parseSite(size_t StartLineBegin, size_t Hit,
                        std::string_view Rest) {
  unsigned StartLine = lineAt(Hit);
  unsigned StartColumn = columnAt(Hit);
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
  if (tryRepeatedStableSite(Name, StartLineBegin, Hit, StartLine,
                            StartColumn))
    return Error::success();

  Operands.clear();
  Dialect SiteDialect = Dialect::None;
  size_t LineBegin = lineEndOf(Hit);
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
      return addSite(Name, Text.substr(BodyBegin, LineBegin - BodyBegin),
                     StartLineBegin, ReplaceEnd, SiteDialect, StartLine,
                     StartColumn);
    }
    if (startsWithWord(Body, StartWord))
      return errorAt(ErrorCode::NestedSite, Body.data() - Text.data(),
                     "PTX_INJECT_START inside inject site '" +
                         std::string(Name) + "' opened at line " +
                         std::to_string(StartLine) +
                         ", which has no PTX_INJECT_END: sites cannot nest");
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
  ParsedOperand Op;
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
  Operands.push_back(Op);
  return Error::success();
}

Error Parser::addSite(std::string_view Name, std::string_view Body,
                      size_t StartLineBegin, size_t ReplaceEnd, Dialect SiteDialect,
                      unsigned StartLine, unsigned StartColumn) {
  auto [It, Inserted] =
      D.ByName.emplace(Name, static_cast<uint32_t>(D.Injects.size()));
  uint32_t Slot = It->second;
  if (Inserted) {
    Inject I;
    I.Name = std::string(Name);
    I.Operands.reserve(Operands.size());
    for (size_t K = 0; K < Operands.size(); ++K) {
      const ParsedOperand &Op = Operands[K];
      for (size_t J = 0; J < K; ++J)
        if (Operands[J].Label == Op.Label)
          return errorAt(ErrorCode::DuplicateOperand,
                         Op.Label.data() - Text.data(),
                         "operand '" + std::string(Op.Label) +
                             "' appears twice in inject '" +
                             std::string(Name) +
                             "': give each operand its own label");
      InjectOperand Out;
      Out.Label = std::string(Op.Label);
      Out.Register = SiteDialect == Dialect::Tagged
                         ? "_x" + std::to_string(K)
                         : std::string(Op.Register);
      Out.Kind = Op.Kind;
      Out.RegisterType = std::string(Op.RegisterType);
      Out.TypeLabel = std::string(Op.TypeLabel);
      I.Operands.push_back(std::move(Out));
    }
    D.Injects.push_back(std::move(I));
    StableBodies.push_back(SiteDialect == Dialect::Tagged ? std::string_view()
                                                          : Body);
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
    for (size_t K = 0; K < Operands.size(); ++K) {
      const ParsedOperand &Op = Operands[K];
      const InjectOperand &Want = First.Operands[K];
      bool SameRegister = SiteDialect == Dialect::Tagged
                              ? true
                              : Op.Register == Want.Register;
      if (Op.Label == Want.Label && Op.Kind == Want.Kind &&
          Op.RegisterType == Want.RegisterType &&
          Op.TypeLabel == Want.TypeLabel && SameRegister)
        continue;
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

bool Parser::tryRepeatedStableSite(std::string_view Name,
                                   size_t StartLineBegin, size_t Hit,
                                   unsigned StartLine, unsigned StartColumn) {
  auto It = D.ByName.find(Name);
  if (It == D.ByName.end())
    return false;
  std::string_view First = StableBodies[It->second];
  size_t StartLineEnd = lineEndOf(Hit);
  if (First.data() == nullptr || StartLineEnd == Text.size())
    return false;
  size_t BodyBegin = StartLineEnd + 1;
  if (Text.substr(BodyBegin, First.size()) != First)
    return false;
  // The same bytes hold no marker, so the next marker must be this END.
  size_t EndHit = findMarkerPrefix(BodyBegin + First.size());
  if (EndHit == std::string_view::npos)
    return false;
  size_t EndLineBegin = lineBeginOf(EndHit);
  std::string_view Word, Rest;
  if (EndLineBegin != BodyBegin + First.size() ||
      !markerOnLine(EndLineBegin, EndHit, Word, Rest) || Word != EndWord)
    return false;
  size_t EndLineEnd = lineEndOf(EndHit);
  recordSite(It->second, StartLineBegin,
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
  D->Source.assign(Ptx.data(), Ptx.size());
  Parser P(*D, Options);
  if (Error E = P.run())
    return E;
  return Module(std::move(D));
}
