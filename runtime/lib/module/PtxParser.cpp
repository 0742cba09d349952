//===- PtxParser.cpp - Finding inject sites in PTX ------------------------===//
//
// One forward pass over the PTX: a vector scan finds marker candidates while
// it counts lines, and each site is turned into output pieces right away, so
// parse cost is close to the cost of reading the text once. This file is the
// scan phase and the pass itself; sites are read in PtxSite.cpp.
//
//===----------------------------------------------------------------------===//
#include "PtxParser.h"
#include "PtxText.h"
#include "ptxinject/module/PtxPrune.h"

#include <algorithm>
#include <cstring>
#include <string>

namespace ptxinject::module {

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
    ScanPos += Scan.FindCapitalP(Text.data() + ScanPos, Text.size() - ScanPos,
                                 ScanLine, ScanHigh);
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
  Pending.push_back(
      {false, CopyFrom, Text.size() - CopyFrom, Module::Data::NoSlot});
  finishPieces();
  return Error::success();
}

} // namespace ptxinject::module

using namespace ptxinject;
using namespace ptxinject::module;

Expected<Module> Module::parse(std::string_view Ptx,
                               const ParseOptions &Options) {
  auto D = std::make_shared<Data>();
  if (Options.PruneUnusedGlobals)
    D->Source = pruneUnusedGlobals(Ptx);
  else
    D->Source.assign(Ptx.data(), Ptx.size());
  module::Parser P(*D, Options);
  if (Error E = P.run())
    return E;
  return Module(std::move(D));
}
