//===- AsmEmitter.cpp - Inline asm text for an inject site ----------------===//
#include "ptxinject/AsmEmitter.h"

#include <cassert>

namespace ptxinject {

namespace {

bool isPredicate(const TypeInfo &T) { return T.RegisterType == "pred"; }

/// User text inside the asm template: '%' must be doubled or the compiler
/// reads it as an operand reference.
std::string escapePercent(const std::string &Text) {
  std::string Out;
  Out.reserve(Text.size());
  for (char C : Text) {
    Out += C;
    if (C == '%')
      Out += '%';
  }
  return Out;
}

/// Site operand indices in the canonical order of the marker contract: all
/// mod, then all out, then all in. The asm operand number and the stable
/// register number of an operand are both its position in this order.
std::vector<unsigned> canonicalOrder(const Site &S) {
  std::vector<unsigned> Order;
  for (OperandKind K : {OperandKind::Mod, OperandKind::Out, OperandKind::In})
    for (unsigned I = 0; I < S.Operands.size(); ++I)
      if (S.Operands[I].Kind == K)
        Order.push_back(I);
  return Order;
}

} // namespace

InlineAsm buildInlineAsm(const Site &S) {
  std::vector<unsigned> Order = canonicalOrder(S);
  InlineAsm Asm;
  std::vector<std::string> Lines;
  Lines.push_back("{");
  for (unsigned K = 0; K < Order.size(); ++K) {
    const TypeInfo &T = *S.Operands[Order[K]].Type;
    Lines.push_back(".reg ." + T.RegisterType + " %%_x" + std::to_string(K) +
                    ";");
  }
  for (unsigned K = 0; K < Order.size(); ++K) {
    const SiteOperand &Op = S.Operands[Order[K]];
    if (Op.Kind == OperandKind::Out)
      continue;
    std::string Reg = "%%_x" + std::to_string(K), Arg = "%" + std::to_string(K);
    if (isPredicate(*Op.Type))
      Lines.push_back("setp.ne.u32 " + Reg + ", " + Arg + ", 0;");
    else
      Lines.push_back("mov." + Op.Type->MovPostfix + " " + Reg + ", " + Arg +
                      ";");
  }
  Lines.push_back("// PTX_INJECT_START " + escapePercent(S.Name));
  for (unsigned K = 0; K < Order.size(); ++K) {
    const SiteOperand &Op = S.Operands[Order[K]];
    Lines.push_back("// _x" + std::to_string(K) + " " +
                    operandKindLetter(Op.Kind) + " " + Op.Type->RegisterType +
                    " " + escapePercent(Op.Type->Name) + " " +
                    escapePercent(Op.Label));
  }
  Lines.push_back("// PTX_INJECT_END");
  for (unsigned K = 0; K < Order.size(); ++K) {
    const SiteOperand &Op = S.Operands[Order[K]];
    if (Op.Kind == OperandKind::In)
      continue;
    std::string Reg = "%%_x" + std::to_string(K), Arg = "%" + std::to_string(K);
    if (isPredicate(*Op.Type))
      Lines.push_back("selp.u32 " + Arg + ", 1, 0, " + Reg + ";");
    else
      Lines.push_back("mov." + Op.Type->MovPostfix + " " + Arg + ", " + Reg +
                      ";");
  }
  Lines.push_back("}");
  for (size_t I = 0; I < Lines.size(); ++I) {
    if (I)
      Asm.Template += "\n\t";
    Asm.Template += Lines[I];
  }

  for (unsigned K = 0; K < Order.size(); ++K) {
    const SiteOperand &Op = S.Operands[Order[K]];
    assert(Op.Type && "every operand needs a type before emission");
    AsmOperand A;
    A.SiteOperandIndex = Order[K];
    if (isPredicate(*Op.Type))
      A.How = AsmOperand::Binding::BoolAsU32;
    else if (!Op.Type->CastPrefix.empty())
      A.How = AsmOperand::Binding::CastView;
    // A predicate travels as a 32-bit integer whatever the table says.
    char Letter = isPredicate(*Op.Type) ? 'r' : Op.Type->Constraint;
    switch (Op.Kind) {
    case OperandKind::Mod:
      A.Constraint = std::string("+") + Letter;
      Asm.Outputs.push_back(A);
      break;
    case OperandKind::Out:
      A.Constraint = std::string("=") + Letter;
      Asm.Outputs.push_back(A);
      break;
    case OperandKind::In:
      A.Constraint = std::string(1, Letter);
      Asm.Inputs.push_back(A);
      break;
    }
  }
  return Asm;
}

std::string escapeForStringLiteral(const std::string &Text) {
  std::string Out;
  Out.reserve(Text.size() + 8);
  for (unsigned char C : Text) {
    switch (C) {
    case '\\':
      Out += "\\\\";
      break;
    case '"':
      Out += "\\\"";
      break;
    case '\n':
      Out += "\\n";
      break;
    case '\t':
      Out += "\\t";
      break;
    default:
      if (C < 0x20 || C == 0x7f) {
        // Octal, not hex: a hex escape would swallow following hex digits.
        Out += '\\';
        Out += char('0' + ((C >> 6) & 7));
        Out += char('0' + ((C >> 3) & 7));
        Out += char('0' + (C & 7));
      } else {
        Out += char(C);
      }
    }
  }
  return Out;
}

std::string renderAsmStatement(const Site &S, const InlineAsm &Asm,
                               const std::vector<std::string> &Exprs,
                               bool Volatile) {
  assert(Exprs.size() == S.Operands.size() && "one expression per operand");
  // Temporaries are named after the site operand index, unique in the block.
  std::string Before, After;
  auto Bind = [&](const AsmOperand &A) {
    const std::string &E = Exprs[A.SiteOperandIndex];
    const SiteOperand &Op = S.Operands[A.SiteOperandIndex];
    std::string Tmp = "__ptx_inject_v" + std::to_string(A.SiteOperandIndex);
    switch (A.How) {
    case AsmOperand::Binding::Direct:
      return E;
    case AsmOperand::Binding::CastView:
      if (Op.Kind != OperandKind::In)
        return Op.Type->CastPrefix + "(" + E + ")";
      // An input may be an rvalue, which has no address: view a copy.
      Before += "auto " + Tmp + " = (" + E + "); ";
      return Op.Type->CastPrefix + Tmp;
    case AsmOperand::Binding::BoolAsU32:
      if (Op.Kind == OperandKind::Out)
        Before += "unsigned int " + Tmp + "; ";
      else
        Before += "unsigned int " + Tmp + " = (" + E + ") ? 1u : 0u; ";
      if (Op.Kind != OperandKind::In)
        After += " (" + E + ") = " + Tmp + " != 0u;";
      return Tmp;
    }
    return E;
  };
  auto List = [&](const std::vector<AsmOperand> &Ops) {
    std::string Out;
    for (size_t I = 0; I < Ops.size(); ++I) {
      Out += I ? ", \"" : " \"";
      Out += Ops[I].Constraint + "\"(" + Bind(Ops[I]) + ")";
    }
    return Out;
  };
  std::string Outs = List(Asm.Outputs), Ins = List(Asm.Inputs);
  std::string Stmt = Volatile ? "asm volatile(\"" : "asm(\"";
  Stmt += escapeForStringLiteral(Asm.Template) + "\"";
  if (!Outs.empty() || !Ins.empty())
    Stmt += " :" + Outs;
  if (!Ins.empty())
    Stmt += " :" + Ins;
  Stmt += ")";
  if (Before.empty() && After.empty())
    return Stmt;
  // do/while(0) keeps the result one statement wherever the site stands,
  // including before an `else`, and takes the caller's trailing ';'.
  return "do { " + Before + Stmt + ";" + After + " } while (0)";
}

} // namespace ptxinject
