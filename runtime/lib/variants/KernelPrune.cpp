//===- KernelPrune.cpp - Kernels of a module that hold no program ---------===//
#include "ptxinject/variants/KernelPrune.h"
#include "../module/PtxLexer.h"

#include <algorithm>

using namespace ptxinject;
using namespace ptxinject::variants;

bool ptxinject::variants::findEntries(std::string_view Ptx,
                                      std::vector<PtxEntrySpan> &Out) {
  using namespace module::ptxlex;
  Out.clear();
  Lexer L(Ptx);
  Token T;
  bool NewLine = false;
  size_t Depth = 0;
  // Where the module-scope statement being read starts (its first token);
  // npos between statements.
  size_t Statement = std::string_view::npos;
  bool Named = false;   // the token after `.entry`, which names it
  bool InEntry = false; // between `.entry NAME` and its body or ';'
  PtxEntrySpan Current;
  while (L.next(T, NewLine)) {
    if (Depth == 0 && Statement == std::string_view::npos)
      Statement = T.Begin;
    if (Named) {
      Named = false;
      if (T.Kind == TokenKind::Identifier) {
        Current = PtxEntrySpan{T.Text, Statement, 0};
        InEntry = true;
        continue;
      }
    }
    if (T.Kind == TokenKind::Directive) {
      Named = Depth == 0 && !InEntry && T.Text == ".entry";
      continue;
    }
    if (T.Kind != TokenKind::Punct)
      continue;
    if (T.Text == "{") {
      ++Depth;
    } else if (T.Text == "}") {
      if (Depth == 0)
        return false;
      if (--Depth == 0) {
        if (InEntry) {
          Current.End = T.Begin + 1;
          Out.push_back(Current);
          InEntry = false;
        }
        Statement = std::string_view::npos;
      }
    } else if (T.Text == ";" && Depth == 0) {
      InEntry = false; // a declaration: no body to remove
      Statement = std::string_view::npos;
    }
  }
  return !L.broken() && Depth == 0 && !InEntry;
}

KernelPruner::KernelPruner(const Module &Kernel,
                           const std::vector<size_t> &Slots) {
  std::string_view Source = Kernel.source();
  std::vector<PtxEntrySpan> Entries;
  if (!findEntries(Source, Entries) || Entries.empty())
    return;
  NumEntries = Entries.size();
  // Each entry's first and last line (1-based, as sites count them).
  std::vector<std::pair<size_t, size_t>> Lines;
  size_t Line = 1, At = 0;
  auto lineOf = [&](size_t Offset) {
    Line += static_cast<size_t>(
        std::count(Source.begin() + At, Source.begin() + Offset, '\n'));
    At = Offset;
    return Line;
  };
  for (const PtxEntrySpan &E : Entries) {
    size_t First = lineOf(E.Begin);
    Lines.emplace_back(First, lineOf(E.End));
  }
  auto entryOf = [&](size_t SiteLine) -> long {
    auto It =
        std::upper_bound(Lines.begin(), Lines.end(), SiteLine,
                         [](size_t L, const std::pair<size_t, size_t> &R) {
                           return L < R.first;
                         });
    if (It == Lines.begin())
      return -1;
    --It;
    return SiteLine <= It->second ? static_cast<long>(It - Lines.begin()) : -1;
  };
  // Per entry: the slot positions with a site in it, and whether a site of
  // an inject outside the slots keeps it.
  std::vector<std::vector<size_t>> Positions(NumEntries);
  std::vector<bool> Keep(NumEntries, false);
  for (size_t I = 0; I < Kernel.numInjects(); ++I) {
    std::vector<size_t> At;
    for (size_t P = 0; P < Slots.size(); ++P)
      if (Slots[P] == I)
        At.push_back(P);
    for (const SiteLocation &Site : Kernel.inject(I).Sites) {
      long E = entryOf(Site.Line);
      if (E < 0)
        continue;
      if (At.empty())
        Keep[E] = true;
      for (size_t P : At)
        if (std::find(Positions[E].begin(), Positions[E].end(), P) ==
            Positions[E].end())
          Positions[E].push_back(P);
    }
  }
  for (size_t E = 0; E < NumEntries; ++E)
    if (!Keep[E] && !Positions[E].empty())
      Kernels.push_back(
          Prunable{E, std::string(Entries[E].Name), std::move(Positions[E])});
}

size_t KernelPruner::prune(std::string_view Rendered,
                           const std::vector<bool> &Filled,
                           std::string &Out) const {
  std::vector<const Prunable *> Drop;
  for (const Prunable &K : Kernels)
    if (std::none_of(K.Positions.begin(), K.Positions.end(),
                     [&](size_t P) { return P < Filled.size() && Filled[P]; }))
      Drop.push_back(&K);
  if (Drop.empty())
    return 0;
  // Rendering only fills sites, so the rendered module has the source's
  // entries in the source's order; anything else leaves it whole.
  std::vector<PtxEntrySpan> Entries;
  if (!findEntries(Rendered, Entries) || Entries.size() != NumEntries)
    return 0;
  for (const Prunable *K : Drop)
    if (Entries[K->Index].Name != K->Name)
      return 0;
  Out.clear();
  Out.reserve(Rendered.size());
  size_t From = 0;
  for (const Prunable *K : Drop) {
    const PtxEntrySpan &E = Entries[K->Index];
    Out.append(Rendered, From, E.Begin - From);
    Out.append(static_cast<size_t>(std::count(Rendered.begin() + E.Begin,
                                              Rendered.begin() + E.End, '\n')),
               '\n');
    From = E.End;
  }
  Out.append(Rendered, From, std::string_view::npos);
  return Drop.size();
}
