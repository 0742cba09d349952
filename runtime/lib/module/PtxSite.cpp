//===- PtxSite.cpp - Reading and checking one inject site -----------------===//
//
// A site's operand lines are read once and checked (kinds, types, labels,
// dialect); a site that repeats an earlier one byte for byte, or whose
// operand block another inject already has, is filed without parsing. Sites
// that share a name must agree, except in operand types, where each type
// signature becomes its own inject.
//
//===----------------------------------------------------------------------===//
#include "PtxParser.h"
#include "PtxText.h"

#include <algorithm>
#include <string>

namespace ptxinject::module {

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
    return errorAt(ErrorCode::MalformedMarker, AfterName.data() - Text.data(),
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
          ? tryRepeatedStableSite(Slot, StartLineBegin, StartLineEnd, StartLine,
                                  StartColumn)
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
      return errorAt(ErrorCode::MalformedOperand, Line.data() - Text.data(),
                     "expected an operand line '// REG KIND TYPE LABEL' or "
                     "PTX_INJECT_END inside inject site '" +
                         std::string(Name) + "' (opened at line " +
                         std::to_string(StartLine) +
                         "): is its PTX_INJECT_END missing?");
    std::string_view Body = trim(Line.substr(2));
    if (startsWithWord(Body, EndWord)) {
      size_t ReplaceEnd = LineEnd < Text.size() ? LineEnd + 1 : LineEnd;
      return addSite(Name, Slot, Text.substr(BodyBegin, LineBegin - BodyBegin),
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

namespace {
bool isIdentifierChar(char C) {
  return (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z') ||
         (C >= '0' && C <= '9') || C == '_' || C == '$';
}

/// A PTX register as nvcc prints an asm operand ("%f1", "%rd12") when Tagged,
/// else the name the stable dialect declares ("_x0", its '%' already taken
/// off).
bool isRegisterName(std::string_view Name, bool Tagged) {
  if (Tagged) {
    if (Name.size() < 2 || Name.front() != '%')
      return false;
    Name.remove_prefix(1);
  } else if (Name.front() >= '0' && Name.front() <= '9') {
    return false;
  }
  for (char C : Name)
    if (!isIdentifierChar(C))
      return false;
  return true;
}
} // namespace

Error Parser::parseOperand(size_t LineBegin, std::string_view Body,
                           Dialect &SiteDialect) {
  // Every field is text: labels become C strings in the C API, and type
  // labels become part of inject names ("f<F32,U32>") when sites split.
  if (size_t Bad = findControlByte(Body); Bad != std::string_view::npos)
    return errorAt(ErrorCode::MalformedOperand, Body.data() + Bad - Text.data(),
                   "control byte " + hexByte(Body[Bad]) +
                       " in an operand line: operand lines are printable text");
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
    case 'i':
      Op.Kind = OperandKind::In;
      break;
    case 'm':
      Op.Kind = OperandKind::Mod;
      break;
    case 'o':
      Op.Kind = OperandKind::Out;
      break;
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
  // The register is written into the rendered PTX as it stands: anything but
  // a register name ("-%f3", "%f1;") would give PTX that ptxas rejects.
  if (!isRegisterName(Op.Register, LineDialect == Dialect::Tagged))
    return errorAt(ErrorCode::MalformedOperand,
                   Op.Register.data() - Text.data(),
                   "malformed register '" + std::string(Op.Register) +
                       (LineDialect == Dialect::Tagged
                            ? "': expected a PTX register such as %f1"
                            : "': expected a register name such as _x0"));
  Op.Label = Fields; // the rest of the line; may hold blanks, as in "a[0]"
  if (Op.Label.empty())
    return Malformed("missing label");
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
    I.Operands.push_back({Copy(Op.Label),
                          SiteDialect == Dialect::Tagged
                              ? "_x" + std::to_string(K)
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
  appendInject(Qualified([&](size_t K) { return Operands[K].TypeLabel; }), Body,
               SiteDialect);
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
      return Error::make(
          ErrorCode::InconsistentSites,
          Where() + std::to_string(Operands.size()) + " operands here, " +
              std::to_string(First.Operands.size()) + " there" + Fix,
          StartLine, StartColumn);
    // Operand types alone may differ: such sites get an inject per type
    // signature (below). Any other difference is an error.
    bool SameTypes = true;
    for (size_t K = 0; K < Operands.size(); ++K) {
      const ParsedOperand &Op = Operands[K];
      const InjectOperand &Want = First.Operands[K];
      bool SameRegister =
          SiteDialect == Dialect::Tagged ? true : Op.Register == Want.Register;
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
                         Describe(Want.Register, Want.Kind, Want.RegisterType,
                                  Want.TypeLabel, Want.Label) +
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
    Pending.push_back(
        {false, CopyFrom, StartLineBegin - CopyFrom, Module::Data::NoSlot});
    emitTagged(I, Slot,
               Text.substr(StartLineBegin, IndentEnd - StartLineBegin));
  }
  CopyFrom = ReplaceEnd;
  return Error::success();
}

void Parser::recordSite(uint32_t Slot, size_t StartLineBegin, size_t ReplaceEnd,
                        unsigned StartLine, unsigned StartColumn) {
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
             EndLineEnd < Text.size() ? EndLineEnd + 1 : EndLineEnd, StartLine,
             StartColumn);
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
  size_t EndHit =
      BodyBegin + Scan.FindCapitalP(Text.data() + BodyBegin,
                                    Text.size() - BodyBegin, Lines, High);
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
             EndLineEnd < Text.size() ? EndLineEnd + 1 : EndLineEnd, StartLine,
             StartColumn);
  return true;
}

} // namespace ptxinject::module
