//===- PtxParser.h - The parser behind Module::parse ------------*- C++ -*-===//
//
// Private to the runtime. One forward pass over the PTX in three phases, one
// file each: PtxParser.cpp scans for markers and drives the pass (with
// PtxScan.cpp), PtxSite.cpp reads and checks each site and files it under
// its inject, PtxNormalize.cpp writes the tagged dialect out in the stable
// form and lays out the pieces a render copies.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_RUNTIME_PTXPARSER_H
#define PTXINJECT_RUNTIME_PTXPARSER_H

#include "ModuleData.h"
#include "PtxScan.h"

#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace ptxinject::module {

inline const char *kindWord(OperandKind K) {
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

  void scanTo(size_t Pos) {
    ScanLine +=
        Scan.CountNewlines(Text.data() + ScanPos, Pos - ScanPos, ScanHigh);
    ScanPos = Pos;
  }
  unsigned lineAt(size_t Pos) const;
  unsigned columnAt(size_t Pos) const;
  Error errorAt(ErrorCode Code, size_t Pos, std::string Message) const;
  Error encodingError() const;
  size_t lineBeginOf(size_t Pos) const {
    if (Pos == 0)
      return 0;
    const void *NL = memrchr(Text.data(), '\n', Pos);
    return NL ? static_cast<const char *>(NL) - Text.data() + 1 : 0;
  }
  size_t lineEndOf(size_t Pos) const {
    const void *NL = std::memchr(Text.data() + Pos, '\n', Text.size() - Pos);
    return NL ? static_cast<const char *>(NL) - Text.data() : Text.size();
  }
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

} // namespace ptxinject::module

#endif
