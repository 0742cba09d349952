//===- PtxPrune.cpp - Drop module-scope variables nothing refers to -------===//
//
// One pass tokenizes the module, counts every identifier and splits the
// module scope into statements; internal variable declarations become
// candidates. A candidate whose names are used only by itself is removed,
// which lowers the counts of what its initializer named, possibly freeing
// further candidates (a worklist, so chains cost linear time).
//
//===----------------------------------------------------------------------===//
#include "ptxinject/module/PtxPrune.h"
#include "PtxLexer.h"

#include <cstdint>
#include <unordered_map>
#include <vector>

using namespace ptxinject;
using namespace ptxinject::module;
using namespace ptxinject::module::ptxlex;

namespace {

/// A module-scope variable declaration that may be removed.
struct Candidate {
  size_t Begin = 0, End = 0;              ///< the statement, ';' included
  std::vector<std::string_view> Names;    ///< what it declares
  std::vector<std::string_view> Mentions; ///< every identifier in it
  bool Removed = false;
};

bool isStateSpace(std::string_view D) {
  return D == ".global" || D == ".const" || D == ".shared";
}

bool isLinkage(std::string_view D) {
  return D == ".visible" || D == ".extern" || D == ".weak" || D == ".common";
}

/// Directives that end at the end of their line rather than at a ';'.
bool isLineDirective(std::string_view D) {
  return D == ".version" || D == ".target" || D == ".address_size" ||
         D == ".file";
}

/// Whether the statement's tokens declare internal variables; their names
/// into C.Names. Anything unusual (attributes, parameterized names
/// `a<4>`) makes it no candidate: leaving a variable is always safe.
bool classify(const std::vector<Token> &Tokens, Candidate &C) {
  size_t I = 0;
  bool Space = false;
  for (; I < Tokens.size() && Tokens[I].Kind != TokenKind::Identifier; ++I) {
    const Token &T = Tokens[I];
    if (T.Kind == TokenKind::Directive) {
      if (isLinkage(T.Text))
        return false;
      Space |= isStateSpace(T.Text);
    } else if (T.Kind != TokenKind::Number) {
      return false;
    }
  }
  if (!Space || I == Tokens.size())
    return false;
  // Declarators: name [dims]... [= initializer], separated by top-level
  // commas; the statement's last token is the ';'.
  size_t Last = Tokens.size() - 1;
  while (I < Last) {
    if (Tokens[I].Kind != TokenKind::Identifier)
      return false;
    C.Names.push_back(Tokens[I].Text);
    ++I;
    while (I < Last && Tokens[I].Text == "[") {
      while (I < Last && Tokens[I].Text != "]")
        ++I;
      ++I;
    }
    if (I < Last && Tokens[I].Text == "=") {
      int Depth = 0;
      for (++I; I < Last; ++I) {
        std::string_view P = Tokens[I].Text;
        if (Tokens[I].Kind != TokenKind::Punct)
          continue;
        if (P == "{" || P == "(")
          ++Depth;
        else if (P == "}" || P == ")")
          --Depth;
        else if (P == "," && Depth == 0)
          break;
      }
    }
    if (I < Last && Tokens[I].Text == ",") {
      ++I;
      continue;
    }
    if (I != Last)
      return false;
  }
  return !C.Names.empty();
}

} // namespace

std::string ptxinject::module::pruneUnusedGlobals(std::string_view Ptx,
                                                  PruneStats *Stats) {
  PruneStats Local;
  PruneStats &S = Stats ? *Stats : Local;
  S = PruneStats();

  std::unordered_map<std::string_view, uint32_t> Uses;
  std::vector<Candidate> Candidates;

  // Statement state at module scope. Blocks (function bodies, sections)
  // end their statement at the matching '}'; an initializer's braces do not.
  Lexer L(Ptx);
  Token T;
  bool NewLine = false;
  bool InStatement = false, LineStatement = false, SawEquals = false;
  size_t BlockDepth = 0, InitDepth = 0, StatementBegin = 0;
  std::vector<Token> Statement;
  auto endStatement = [&](size_t End) {
    Candidate C;
    if (!LineStatement && classify(Statement, C)) {
      C.Begin = StatementBegin;
      C.End = End;
      for (const Token &Tok : Statement)
        if (Tok.Kind == TokenKind::Identifier)
          C.Mentions.push_back(Tok.Text);
      Candidates.push_back(std::move(C));
    }
    Statement.clear();
    InStatement = LineStatement = SawEquals = false;
  };
  while (L.next(T, NewLine)) {
    if (NewLine && InStatement && LineStatement && BlockDepth == 0)
      endStatement(T.Begin);
    if (T.Kind == TokenKind::Identifier)
      ++Uses[T.Text];
    if (BlockDepth > 0) {
      if (T.Text == "{" && T.Kind == TokenKind::Punct)
        ++BlockDepth;
      else if (T.Text == "}" && T.Kind == TokenKind::Punct && --BlockDepth == 0)
        endStatement(T.Begin + 1);
      continue;
    }
    if (!InStatement) {
      InStatement = true;
      StatementBegin = T.Begin;
      LineStatement = T.Kind == TokenKind::Directive && isLineDirective(T.Text);
    }
    Statement.push_back(T);
    if (T.Kind != TokenKind::Punct)
      continue;
    if (T.Text == "=") {
      SawEquals = true;
    } else if (T.Text == "{") {
      if (SawEquals) {
        ++InitDepth;
      } else {
        BlockDepth = 1;
        Statement.clear(); // a block's statement is never a candidate
      }
    } else if (T.Text == "}") {
      if (InitDepth == 0) {
        S.Scanned = false;
        return std::string(Ptx);
      }
      --InitDepth;
    } else if (T.Text == ";" && InitDepth == 0) {
      endStatement(T.Begin + 1);
    }
  }
  if (L.broken() || BlockDepth != 0 || InitDepth != 0) {
    S.Scanned = false;
    return std::string(Ptx);
  }

  // Which candidate declares each name; a name declared twice is invalid
  // PTX, and neither declaration is touched.
  constexpr uint32_t Twice = UINT32_MAX;
  std::unordered_map<std::string_view, uint32_t> DeclaredBy;
  for (uint32_t I = 0; I < Candidates.size(); ++I)
    for (std::string_view N : Candidates[I].Names) {
      auto [It, New] = DeclaredBy.emplace(N, I);
      if (!New)
        It->second = Twice;
    }
  auto ownMentions = [](const Candidate &C, std::string_view N) {
    uint32_t Count = 0;
    for (std::string_view M : C.Mentions)
      Count += M == N;
    return Count;
  };
  auto unused = [&](uint32_t I) {
    const Candidate &C = Candidates[I];
    if (C.Removed)
      return false;
    for (std::string_view N : C.Names)
      if (DeclaredBy[N] != I || Uses[N] != ownMentions(C, N))
        return false;
    return true;
  };

  std::vector<uint32_t> Work;
  for (uint32_t I = 0; I < Candidates.size(); ++I)
    if (unused(I))
      Work.push_back(I);
  while (!Work.empty()) {
    uint32_t I = Work.back();
    Work.pop_back();
    if (!unused(I))
      continue;
    Candidate &C = Candidates[I];
    C.Removed = true;
    S.RemovedVariables += C.Names.size();
    for (std::string_view M : C.Mentions) {
      --Uses[M];
      auto It = DeclaredBy.find(M);
      if (It != DeclaredBy.end() && It->second != Twice && It->second != I &&
          unused(It->second))
        Work.push_back(It->second);
    }
  }

  // Copy what stays. A removed declaration leaves its newlines, and its
  // line's indentation and trailing blanks go with it.
  std::string Out;
  Out.reserve(Ptx.size());
  size_t From = 0;
  for (const Candidate &C : Candidates) {
    if (!C.Removed)
      continue;
    size_t Begin = C.Begin, End = C.End;
    while (Begin > From && (Ptx[Begin - 1] == ' ' || Ptx[Begin - 1] == '\t'))
      --Begin;
    while (End < Ptx.size() &&
           (Ptx[End] == ' ' || Ptx[End] == '\t' || Ptx[End] == '\r'))
      ++End;
    Out.append(Ptx, From, Begin - From);
    for (size_t I = Begin; I < End; ++I)
      if (Ptx[I] == '\n')
        Out += '\n';
    From = End;
  }
  Out.append(Ptx, From, std::string_view::npos);
  S.RemovedBytes = Ptx.size() - Out.size();
  return Out;
}
