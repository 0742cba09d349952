//===- PtxNormalize.cpp - The stable form and the render pieces -----------===//
//
// A tagged-dialect site is rewritten into the stable form (a block that
// declares the _xN registers and moves values in and out), and at the end
// the pieces of the module are laid out for render: runs of fixed text,
// each followed by the stub of one inject or by nothing.
//
//===----------------------------------------------------------------------===//
#include "PtxParser.h"

namespace ptxinject::module {

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
  Pending.push_back(
      {true, Begin, G.size() - Begin, static_cast<uint32_t>(Slot)});
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

} // namespace ptxinject::module
