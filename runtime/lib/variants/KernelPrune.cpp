//===- KernelPrune.cpp - Kernels of a module that hold no program ---------===//
#include "ptxinject/variants/KernelPrune.h"

#include <algorithm>

using namespace ptxinject;

namespace {
bool isIdentifierChar(char C) {
  return (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z') ||
         (C >= '0' && C <= '9') || C == '_' || C == '$' || C == '%';
}
} // namespace

bool ptxinject::findEntries(std::string_view Ptx, std::vector<PtxEntrySpan> &Out) {
  Out.clear();
  static constexpr std::string_view Entry = ".entry";
  size_t Depth = 0;
  // Where the module-scope statement being read starts (its first byte
  // that is neither space nor comment); npos between statements.
  size_t Statement = std::string_view::npos;
  bool InEntry = false; // between `.entry NAME` and its body or ';'
  PtxEntrySpan Current;
  size_t I = 0, N = Ptx.size();
  while (I < N) {
    char C = Ptx[I];
    if (C == '/' && I + 1 < N && Ptx[I + 1] == '/') {
      size_t Eol = Ptx.find('\n', I);
      I = Eol == std::string_view::npos ? N : Eol;
      continue;
    }
    if (C == '/' && I + 1 < N && Ptx[I + 1] == '*') {
      size_t Close = Ptx.find("*/", I + 2);
      if (Close == std::string_view::npos)
        return false;
      I = Close + 2;
      continue;
    }
    if (C == ' ' || C == '\t' || C == '\n' || C == '\r') {
      ++I;
      continue;
    }
    if (Depth == 0 && Statement == std::string_view::npos)
      Statement = I;
    if (C == '"') {
      for (++I; I < N && Ptx[I] != '"' && Ptx[I] != '\n'; ++I)
        if (Ptx[I] == '\\')
          ++I;
      if (I >= N || Ptx[I] != '"')
        return false;
      ++I;
      continue;
    }
    if (C == '{') {
      ++Depth;
    } else if (C == '}') {
      if (Depth == 0)
        return false;
      if (--Depth == 0) {
        if (InEntry) {
          Current.End = I + 1;
          Out.push_back(Current);
          InEntry = false;
        }
        Statement = std::string_view::npos;
      }
    } else if (C == ';' && Depth == 0) {
      InEntry = false; // a declaration: no body to remove
      Statement = std::string_view::npos;
    } else if (Depth == 0 && !InEntry && Ptx.compare(I, Entry.size(), Entry) == 0 &&
               (I + Entry.size() == N || !isIdentifierChar(Ptx[I + Entry.size()])) &&
               (I == 0 || !isIdentifierChar(Ptx[I - 1]))) {
      size_t B = I + Entry.size();
      while (B < N && (Ptx[B] == ' ' || Ptx[B] == '\t' || Ptx[B] == '\n' ||
                       Ptx[B] == '\r'))
        ++B;
      size_t E = B;
      while (E < N && isIdentifierChar(Ptx[E]))
        ++E;
      Current = PtxEntrySpan{Ptx.substr(B, E - B), Statement, 0};
      InEntry = E > B;
      I = E;
      continue;
    }
    ++I;
  }
  return Depth == 0 && !InEntry;
}

KernelPruner::KernelPruner(const Module &Kernel, const std::vector<size_t> &Slots) {
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
    auto It = std::upper_bound(
        Lines.begin(), Lines.end(), SiteLine,
        [](size_t L, const std::pair<size_t, size_t> &R) { return L < R.first; });
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

size_t KernelPruner::prune(std::string_view Rendered, const std::vector<bool> &Filled,
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
