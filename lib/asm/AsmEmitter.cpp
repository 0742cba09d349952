//===- AsmEmitter.cpp - Inline asm text for an inject site ----------------===//
#include "ptxinject/asm/AsmEmitter.h"

#include "ptxinject/site/StubLabels.h"

#include <cassert>

namespace ptxinject::asmemit {

namespace {

bool isPredicate(const TypeInfo &T) { return T.RegisterType == "pred"; }

/// Appends user text inside the asm template: '%' must be doubled or the
/// compiler reads it as an operand reference.
void appendPercentEscaped(std::string &Out, std::string_view Text) {
  for (char C : Text) {
    Out += C;
    if (C == '%')
      Out += '%';
  }
}

void appendNumber(std::string &Out, unsigned N) {
  char Digits[12];
  unsigned Len = 0;
  do {
    Digits[Len++] = char('0' + N % 10);
    N /= 10;
  } while (N);
  while (Len)
    Out += Digits[--Len];
}

/// Ends one asm line; the tab keeps the PTX that compilers print indented
/// like their own instructions.
void endLine(std::string &Out) { Out += "\n\t"; }

/// "%%_xK": a stable register as spelled in the template.
void appendStableRegister(std::string &Out, unsigned K) {
  Out += "%%_x";
  appendNumber(Out, K);
}

/// "%K": an asm operand reference.
void appendOperandRef(std::string &Out, unsigned K) {
  Out += '%';
  appendNumber(Out, K);
}

/// Site operand indices in the canonical order of the marker contract: all
/// mod, then all out, then all in. The asm operand number and the stable
/// register number of an operand are both its position in this order.
std::vector<unsigned> canonicalOrder(const Site &S) {
  std::vector<unsigned> Order;
  Order.reserve(S.Operands.size());
  for (OperandKind K : {OperandKind::Mod, OperandKind::Out, OperandKind::In})
    for (unsigned I = 0; I < S.Operands.size(); ++I)
      if (S.Operands[I].Kind == K)
        Order.push_back(I);
  return Order;
}

/// True when the first line is "{", the last "}", and they enclose the
/// rest: "{ } { ... }" is two blocks, not one to strip.
bool isOneOuterBlock(const std::vector<std::string_view> &Lines) {
  if (Lines.size() < 2 || Lines.front() != "{" || Lines.back() != "}")
    return false;
  int Depth = 1;
  for (size_t I = 1; I + 1 < Lines.size(); ++I)
    for (char C : Lines[I]) {
      Depth += C == '{';
      Depth -= C == '}';
      if (Depth == 0)
        return false;
    }
  return Depth == 1;
}

/// The marker lines of the contract: START, one line per operand, END.
void appendMarkers(std::string &T, const Site &S,
                   const std::vector<unsigned> &Order) {
  T += "// PTX_INJECT_START ";
  appendPercentEscaped(T, S.Name);
  endLine(T);
  for (unsigned K = 0; K < Order.size(); ++K) {
    const SiteOperand &Op = S.Operands[Order[K]];
    T += "// _x";
    appendNumber(T, K);
    T += ' ';
    T += operandKindLetter(Op.Kind);
    T += ' ';
    T += Op.Type->RegisterType;
    T += ' ';
    appendPercentEscaped(T, Op.Type->Name);
    T += ' ';
    appendPercentEscaped(T, Op.Label);
    endLine(T);
  }
  T += "// PTX_INJECT_END";
  endLine(T);
}

} // namespace

Error bakeStub(const Site &S, std::string_view Stub, std::string &Out) {
  std::vector<unsigned> Order = canonicalOrder(S);
  std::vector<std::string> Registers(Order.size());
  std::vector<LabeledRegister> Operands;
  Operands.reserve(Order.size());
  for (unsigned K = 0; K < Order.size(); ++K) {
    Registers[K] = "_x" + std::to_string(K);
    Operands.push_back({S.Operands[Order[K]].Label, Registers[K]});
  }
  std::string Resolved;
  if (Error E = resolveStubLabels(Stub, S.Name, Operands, Resolved))
    return E;

  std::vector<std::string_view> Lines;
  std::string_view Rest = Resolved;
  while (!Rest.empty()) {
    size_t End = Rest.find('\n');
    std::string_view Line = Rest.substr(0, End);
    Rest = End == std::string_view::npos ? std::string_view()
                                         : Rest.substr(End + 1);
    size_t First = Line.find_first_not_of(" \t\r");
    if (First == std::string_view::npos)
      continue; // blank
    size_t Last = Line.find_last_not_of(" \t\r");
    Lines.push_back(Line.substr(First, Last - First + 1));
  }
  if (isOneOuterBlock(Lines))
    Lines = std::vector<std::string_view>(Lines.begin() + 1, Lines.end() - 1);
  Out.clear();
  for (std::string_view Line : Lines) {
    if (!Out.empty())
      endLine(Out);
    appendPercentEscaped(Out, Line);
  }
  return Error::success();
}

InlineAsm buildInlineAsm(const Site &S, const std::string *Baked) {
  std::vector<unsigned> Order = canonicalOrder(S);
  InlineAsm Asm;
  std::string &T = Asm.Template;
  // About 80 bytes per operand (declaration, move, marker line) plus the
  // frame: one allocation for the usual site.
  T.reserve(64 + S.Name.size() + 96 * Order.size());
  T += "{";
  endLine(T);
  for (unsigned K = 0; K < Order.size(); ++K) {
    T += ".reg .";
    T += S.Operands[Order[K]].Type->RegisterType;
    T += ' ';
    appendStableRegister(T, K);
    T += ';';
    endLine(T);
  }
  for (unsigned K = 0; K < Order.size(); ++K) {
    const SiteOperand &Op = S.Operands[Order[K]];
    if (Op.Kind == OperandKind::Out)
      continue;
    if (isPredicate(*Op.Type)) {
      T += "setp.ne.u32 ";
      appendStableRegister(T, K);
      T += ", ";
      appendOperandRef(T, K);
      T += ", 0;";
    } else {
      T += "mov.";
      T += Op.Type->MovPostfix;
      T += ' ';
      appendStableRegister(T, K);
      T += ", ";
      appendOperandRef(T, K);
      T += ';';
    }
    endLine(T);
  }
  if (Baked) {
    if (!Baked->empty()) {
      T += *Baked;
      endLine(T);
    }
  } else {
    appendMarkers(T, S, Order);
  }
  for (unsigned K = 0; K < Order.size(); ++K) {
    const SiteOperand &Op = S.Operands[Order[K]];
    if (Op.Kind == OperandKind::In)
      continue;
    if (isPredicate(*Op.Type)) {
      T += "selp.u32 ";
      appendOperandRef(T, K);
      T += ", 1, 0, ";
      appendStableRegister(T, K);
      T += ';';
    } else {
      T += "mov.";
      T += Op.Type->MovPostfix;
      T += ' ';
      appendOperandRef(T, K);
      T += ", ";
      appendStableRegister(T, K);
      T += ';';
    }
    endLine(T);
  }
  T += "}";

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
      A.Constraint = {'+', Letter};
      Asm.Outputs.push_back(std::move(A));
      break;
    case OperandKind::Out:
      A.Constraint = {'=', Letter};
      Asm.Outputs.push_back(std::move(A));
      break;
    case OperandKind::In:
      A.Constraint = std::string(1, Letter);
      Asm.Inputs.push_back(std::move(A));
      break;
    }
  }
  return Asm;
}

size_t templateLineLength(std::string_view Template) {
  size_t End = Template.find('\n');
  if (End == std::string_view::npos)
    return Template.size();
  ++End;
  if (End < Template.size() && Template[End] == '\t')
    ++End;
  return End;
}

void appendEscapedForStringLiteral(std::string &Out, std::string_view Text) {
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
}

std::string escapeForStringLiteral(std::string_view Text) {
  std::string Out;
  Out.reserve(Text.size() + 8);
  appendEscapedForStringLiteral(Out, Text);
  return Out;
}

void appendTemplateLiterals(std::string &Out, std::string_view Template) {
  if (Template.empty()) {
    Out += "\"\"";
    return;
  }
  bool First = true;
  while (!Template.empty()) {
    size_t Len = templateLineLength(Template);
    Out += First ? "\"" : " \"";
    First = false;
    appendEscapedForStringLiteral(Out, Template.substr(0, Len));
    Out += '"';
    Template.remove_prefix(Len);
  }
}

std::string renderAsmStatement(const Site &S, const InlineAsm &Asm,
                               const std::vector<std::string> &Exprs,
                               bool Volatile) {
  assert(Exprs.size() == S.Operands.size() && "one expression per operand");
  // Temporaries are named after the site operand index, unique in the block.
  std::string Before, After;
  std::string Stmt;
  size_t ExprBytes = 0;
  for (const std::string &E : Exprs)
    ExprBytes += E.size();
  // Template, quotes and escapes, constraints and expressions: one
  // allocation for the usual site.
  Stmt.reserve(Asm.Template.size() + Asm.Template.size() / 4 + 32 + ExprBytes +
               16 * Exprs.size());
  auto AppendTmp = [](std::string &Out, unsigned Index) {
    Out += "__ptx_inject_v";
    appendNumber(Out, Index);
  };
  // Appends the C++ expression bound to one asm operand to Stmt.
  auto Bind = [&](const AsmOperand &A) {
    const std::string &E = Exprs[A.SiteOperandIndex];
    const SiteOperand &Op = S.Operands[A.SiteOperandIndex];
    switch (A.How) {
    case AsmOperand::Binding::Direct:
      Stmt += E;
      return;
    case AsmOperand::Binding::CastView:
      Stmt += Op.Type->CastPrefix;
      if (Op.Kind != OperandKind::In) {
        Stmt += '(';
        Stmt += E;
        Stmt += ')';
        return;
      }
      // An input may be an rvalue, which has no address: view a copy.
      Before += "auto ";
      AppendTmp(Before, A.SiteOperandIndex);
      Before += " = (";
      Before += E;
      Before += "); ";
      AppendTmp(Stmt, A.SiteOperandIndex);
      return;
    case AsmOperand::Binding::BoolAsU32:
      Before += "unsigned int ";
      AppendTmp(Before, A.SiteOperandIndex);
      if (Op.Kind == OperandKind::Out) {
        Before += "; ";
      } else {
        Before += " = (";
        Before += E;
        Before += ") ? 1u : 0u; ";
      }
      if (Op.Kind != OperandKind::In) {
        After += " (";
        After += E;
        After += ") = ";
        AppendTmp(After, A.SiteOperandIndex);
        After += " != 0u;";
      }
      AppendTmp(Stmt, A.SiteOperandIndex);
      return;
    }
  };
  auto List = [&](const std::vector<AsmOperand> &Ops) {
    for (size_t I = 0; I < Ops.size(); ++I) {
      Stmt += I ? ", \"" : " \"";
      Stmt += Ops[I].Constraint;
      Stmt += "\"(";
      Bind(Ops[I]);
      Stmt += ')';
    }
  };
  Stmt += Volatile ? "asm volatile(" : "asm(";
  // One literal per asm line, all on the site's source line: compilers
  // locate each operand reference and each line by re-reading the literal's
  // token from its start, so short tokens keep that linear.
  appendTemplateLiterals(Stmt, Asm.Template);
  if (!Asm.Outputs.empty() || !Asm.Inputs.empty()) {
    Stmt += " :";
    List(Asm.Outputs);
  }
  if (!Asm.Inputs.empty()) {
    Stmt += " :";
    List(Asm.Inputs);
  }
  Stmt += ')';
  if (Before.empty() && After.empty())
    return Stmt;
  // do/while(0) keeps the result one statement wherever the site stands,
  // including before an `else`, and takes the caller's trailing ';'.
  std::string Block;
  Block.reserve(Stmt.size() + Before.size() + After.size() + 24);
  Block += "do { ";
  Block += Before;
  Block += Stmt;
  Block += ';';
  Block += After;
  Block += " } while (0)";
  return Block;
}

} // namespace ptxinject::asmemit
