//===- ProgramDedup.cpp - Programs of a batch that share their code -------===//
#include "ptxinject/variants/ProgramDedup.h"

#include <algorithm>
#include <unordered_map>

using namespace ptxinject;
using namespace ptxinject::variants;

ProgramGroups
ptxinject::variants::groupPrograms(const std::vector<Hash128> &Codes,
                                   const std::vector<bool> &HasCode,
                                   bool Merge) {
  ProgramGroups G;
  size_t N = Codes.size();
  G.SameAs.resize(N);
  G.Unique.reserve(N);
  std::unordered_map<Hash128, size_t, Hash128Hasher> First;
  if (Merge)
    First.reserve(N);
  for (size_t P = 0; P < N; ++P) {
    G.SameAs[P] = P;
    if (!HasCode[P])
      continue;
    if (Merge) {
      auto [It, New] = First.emplace(Codes[P], P);
      if (!New) {
        G.SameAs[P] = It->second;
        continue;
      }
    }
    G.Unique.push_back(P);
  }
  if (Merge) {
    G.Distinct = G.Unique.size();
    return G;
  }
  // Not merged: still count, so a batch that compiles every program says
  // how many it could have saved.
  std::vector<Hash128> Sorted;
  Sorted.reserve(G.Unique.size());
  for (size_t P : G.Unique)
    Sorted.push_back(Codes[P]);
  auto Less = [](const Hash128 &A, const Hash128 &B) {
    return A.Hi != B.Hi ? A.Hi < B.Hi : A.Lo < B.Lo;
  };
  std::sort(Sorted.begin(), Sorted.end(), Less);
  G.Distinct = static_cast<size_t>(std::unique(Sorted.begin(), Sorted.end()) -
                                   Sorted.begin());
  return G;
}
