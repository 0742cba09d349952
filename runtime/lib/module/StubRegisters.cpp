//===- StubRegisters.cpp - Registers a stub may name at its sites ---------===//
//
// One walk over the module's tokens finds each function body (the braces
// after .entry or .func at module scope) and the .reg statements in it; a
// check walks the stub's tokens the same way.
//
//===----------------------------------------------------------------------===//
#include "ptxinject/module/StubRegisters.h"
#include "PtxLexer.h"

#include <algorithm>
#include <cstdint>

using namespace ptxinject;
using namespace ptxinject::module;
using namespace ptxinject::module::ptxlex;

namespace {

bool isRegisterToken(const Token &T) {
  return T.Kind == TokenKind::Identifier && T.Text.size() > 1 &&
         T.Text[0] == '%';
}

/// The value of a run of decimal digits with no leading zero ("0" itself
/// aside), or false.
bool parseIndex(std::string_view Digits, uint64_t &Value) {
  if (Digits.empty() || Digits.size() > 18 ||
      (Digits.size() > 1 && Digits[0] == '0'))
    return false;
  Value = 0;
  for (char C : Digits) {
    if (!isDigit(C))
      return false;
    Value = Value * 10 + uint64_t(C - '0');
  }
  return true;
}

/// Reads the statement after a .reg token (up to its ';') into Out and
/// returns the offset of every token it declares, so they are not checked
/// as uses.
void readRegStatement(Lexer &L, DeclaredRegisters &Out,
                      std::vector<size_t> *Declared) {
  Token T;
  bool Newline;
  std::string_view Pending; // a name that may still get a <N>
  int Angle = 0;            // 1 after '<', 2 after its number
  uint64_t Count = 0;
  auto flush = [&] {
    if (!Pending.empty())
      Out.Names.push_back(Pending);
    Pending = {};
  };
  while (L.next(T, Newline)) {
    if (T.Kind == TokenKind::Punct && T.Text == ";")
      break;
    if (Angle == 0 && isRegisterToken(T)) {
      flush();
      Pending = T.Text;
      if (Declared)
        Declared->push_back(T.Begin);
    } else if (T.Kind == TokenKind::Punct && T.Text == "<" &&
               !Pending.empty()) {
      Angle = 1;
    } else if (Angle == 1 && T.Kind == TokenKind::Number &&
               parseIndex(T.Text, Count)) {
      Angle = 2;
    } else if (Angle == 2 && T.Kind == TokenKind::Punct && T.Text == ">") {
      Out.Ranges.push_back({Pending, Count});
      Pending = {};
      Angle = 0;
    } else {
      Angle = 0;
    }
  }
  flush();
}

std::string operandList(const Inject &I) {
  std::string Out;
  for (const InjectOperand &Op : I.Operands)
    Out += (Out.empty() ? "%" : ", %") + Op.Register + " " + Op.Label;
  return Out.empty() ? "none" : Out;
}

} // namespace

bool DeclaredRegisters::declares(std::string_view Register) const {
  if (std::binary_search(Names.begin(), Names.end(), Register))
    return true;
  for (const Range &R : Ranges) {
    uint64_t Index;
    if (Register.size() > R.Prefix.size() &&
        Register.substr(0, R.Prefix.size()) == R.Prefix &&
        parseIndex(Register.substr(R.Prefix.size()), Index) && Index < R.Count)
      return true;
  }
  return false;
}

bool ptxinject::module::isSpecialRegister(std::string_view Name) {
  // PTX ISA, "Special Registers".
  static const std::string_view Plain[] = {
      "%aggr_smem_size",
      "%clock",
      "%clock64",
      "%clock_hi",
      "%cluster_ctaid",
      "%cluster_ctarank",
      "%cluster_nctaid",
      "%cluster_nctarank",
      "%clusterid",
      "%ctaid",
      "%current_graph_exec",
      "%dynamic_smem_size",
      "%globaltimer",
      "%globaltimer_hi",
      "%globaltimer_lo",
      "%gridid",
      "%is_explicit_cluster",
      "%laneid",
      "%lanemask_eq",
      "%lanemask_ge",
      "%lanemask_gt",
      "%lanemask_le",
      "%lanemask_lt",
      "%nclusterid",
      "%nctaid",
      "%nsmid",
      "%ntid",
      "%nwarpid",
      "%reserved_smem_offset_0",
      "%reserved_smem_offset_1",
      "%reserved_smem_offset_begin",
      "%reserved_smem_offset_cap",
      "%reserved_smem_offset_end",
      "%smid",
      "%tid",
      "%total_smem_size",
      "%warpid",
  };
  if (std::binary_search(std::begin(Plain), std::end(Plain), Name))
    return true;
  // %pm0..%pm7, %pm0_64..%pm7_64, %envreg0..%envreg31.
  uint64_t Index;
  if (Name.substr(0, 3) == "%pm") {
    std::string_view Rest = Name.substr(3);
    if (Rest.size() == 4 && Rest.substr(1) == "_64")
      Rest = Rest.substr(0, 1);
    return parseIndex(Rest, Index) && Index < 8;
  }
  if (Name.substr(0, 7) == "%envreg")
    return parseIndex(Name.substr(7), Index) && Index < 32;
  return false;
}

StubRegisterCheck::StubRegisterCheck(const Module &Kernel) : M(Kernel) {
  std::string_view Source = M.source();
  Lexer L(Source);
  Token T;
  bool Newline;
  int Depth = 0, Parens = 0;
  bool Pending = false; // after .entry/.func, before its body or ';'
  std::string_view Name;
  while (L.next(T, Newline)) {
    if (T.Kind == TokenKind::Directive) {
      if (T.Text == ".reg") {
        readRegStatement(L,
                         Depth > 0 && !Functions.empty()
                             ? Functions.back().Registers
                             : ModuleScope,
                         nullptr);
      } else if (Depth == 0 && (T.Text == ".entry" || T.Text == ".func")) {
        Pending = true;
        Name = {};
        Parens = 0;
      }
    } else if (T.Kind == TokenKind::Identifier && Pending && Parens == 0 &&
               Name.empty()) {
      Name = T.Text;
    } else if (T.Kind == TokenKind::Punct) {
      char C = T.Text[0];
      if (C == '(')
        ++Parens;
      else if (C == ')')
        --Parens;
      else if (C == ';' && Depth == 0)
        Pending = false; // a declaration without a body
      else if (C == '{') {
        if (Depth++ == 0 && Pending) {
          Functions.push_back({Name, T.Begin, Source.size(), {}});
          Pending = false;
        }
      } else if (C == '}' && Depth > 0 && --Depth == 0 && !Functions.empty() &&
                 Functions.back().BodyEnd == Source.size())
        Functions.back().BodyEnd = T.Begin;
    }
  }
  auto sortNames = [](DeclaredRegisters &R) {
    std::sort(R.Names.begin(), R.Names.end());
  };
  for (Function &F : Functions)
    sortNames(F.Registers);
  sortNames(ModuleScope);

  // Each site's line to its byte offset, then to the function around it.
  std::vector<size_t> LineStarts{0};
  for (size_t I = 0; I < Source.size(); ++I)
    if (Source[I] == '\n')
      LineStarts.push_back(I + 1);
  SiteFunctions.resize(M.numInjects());
  for (size_t I = 0; I < M.numInjects(); ++I) {
    for (const SiteLocation &S : M.inject(I).Sites) {
      size_t Offset = S.Line >= 1 && S.Line <= LineStarts.size()
                          ? LineStarts[S.Line - 1]
                          : Source.size();
      size_t Found = SIZE_MAX;
      for (size_t F = 0; F < Functions.size(); ++F)
        if (Functions[F].BodyBegin < Offset && Offset < Functions[F].BodyEnd)
          Found = F;
      SiteFunctions[I].push_back({Found, S});
    }
  }
}

Error StubRegisterCheck::check(size_t Index, std::string_view Stub) const {
  const Inject &I = M.inject(Index);
  DeclaredRegisters Own;
  std::vector<size_t> Declarations;
  {
    Lexer L(Stub);
    Token T;
    bool Newline;
    while (L.next(T, Newline))
      if (T.Kind == TokenKind::Directive && T.Text == ".reg")
        readRegStatement(L, Own, &Declarations);
    std::sort(Own.Names.begin(), Own.Names.end());
  }
  Lexer L(Stub);
  Token T;
  bool Newline;
  while (L.next(T, Newline)) {
    if (!isRegisterToken(T) ||
        std::binary_search(Declarations.begin(), Declarations.end(), T.Begin))
      continue;
    std::string_view R = T.Text;
    if (Own.declares(R) || isSpecialRegister(R) || ModuleScope.declares(R))
      continue;
    bool Operand = false;
    for (const InjectOperand &Op : I.Operands)
      Operand |= R.substr(1) == Op.Register;
    if (Operand)
      continue;
    const std::pair<size_t, SiteLocation> *Missing = nullptr;
    for (const auto &Site : SiteFunctions[Index])
      if (!Missing && (Site.first == SIZE_MAX ||
                       !Functions[Site.first].Registers.declares(R)))
        Missing = &Site;
    if (!Missing)
      continue;
    // Report the stub's place: its line and column (1-based).
    unsigned Line = 1, Column = 1;
    for (size_t K = 0; K < T.Begin; ++K) {
      if (Stub[K] == '\n') {
        ++Line;
        Column = 1;
      } else {
        ++Column;
      }
    }
    std::string Where = Missing->first == SIZE_MAX
                            ? "no function (site at line "
                            : "function '" +
                                  std::string(Functions[Missing->first].Name) +
                                  "' (its site at line ";
    return Error::make(ErrorCode::InvalidStub,
                       "register " + std::string(R) +
                           " is neither declared in the stub, an operand of "
                           "inject '" +
                           I.Name + "' (" + operandList(I) +
                           "), a special register, nor declared in " + Where +
                           std::to_string(Missing->second.Line) + ")",
                       Line, Column);
  }
  return Error::success();
}
