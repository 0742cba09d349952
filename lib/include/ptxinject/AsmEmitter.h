//===- AsmEmitter.h - Inline asm text for an inject site --------*- C++ -*-===//
//
// Turns a Site into the inline asm of the marker contract (DESIGN.md): stable
// registers %_x0.._xN in canonical order (all mod, then all out, then all in),
// in/mod values moved in before the markers, mod/out moved back after.
// Shared by the rewriter (which prints C++ source) and the plugin (which
// builds a GCCAsmStmt from the same parts).
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_ASMEMITTER_H
#define PTXINJECT_ASMEMITTER_H

#include "ptxinject/Site.h"

#include <string>
#include <vector>

namespace ptxinject {

/// One asm operand: its constraint ("+f", "=r", "l", ...) and which operand of
/// the Site (index into Site::Operands) it binds.
struct AsmOperand {
  std::string Constraint;
  unsigned SiteOperandIndex = 0;
  /// How the C++ expression is bound: written as is, through the type's
  /// CastPrefix view (e.g. "*(unsigned short*)&" for __half), or (bool) through
  /// a 32-bit unsigned temporary converted with setp/selp inside the asm.
  enum class Binding { Direct, CastView, BoolAsU32 } How = Binding::Direct;
};

/// The parts of the inline asm for one site.
struct InlineAsm {
  /// The asm template exactly as the string literal's contents (not escaped
  /// for C++): '%' of register names already doubled ("%%_x0"), lines
  /// separated by "\n\t".
  std::string Template;
  std::vector<AsmOperand> Outputs; ///< asm outputs: all mod, then all out
  std::vector<AsmOperand> Inputs;  ///< asm inputs: all in
};

/// Builds the asm parts. Every operand must have a Type.
InlineAsm buildInlineAsm(const Site &S);

/// Escapes Text as the contents of a C++ string literal (no quotes).
std::string escapeForStringLiteral(const std::string &Text);

/// C++ source of an asm statement for the rewriter. Exprs holds the source
/// text of each Site operand's expression (indexed like Site::Operands).
/// The result is one statement (a braced block where bool operands need
/// temporaries), without a trailing newline.
std::string renderAsmStatement(const Site &S, const InlineAsm &Asm,
                               const std::vector<std::string> &Exprs,
                               bool Volatile);

} // namespace ptxinject

#endif
