//===- AsmEmitter.h - Inline asm text for an inject site --------*- C++ -*-===//
//
// Turns a Site into the inline asm of the marker contract (docs/design.md):
// stable registers %_x0.._xN in canonical order (all mod, then all out, then
// all in), in/mod values moved in before the markers, mod/out moved back after.
// Shared by the rewriter (which prints C++ source) and the plugin (which
// builds a GCCAsmStmt from the same parts).
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_ASMEMITTER_H
#define PTXINJECT_ASMEMITTER_H

#include "ptxinject/site/Site.h"
#include "ptxinject/support/Error.h"

#include <string>
#include <string_view>
#include <vector>

namespace ptxinject::asmemit {

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

/// Builds the asm parts. Every operand must have a Type. With Baked (from
/// bakeStub), the stub stands where the markers would: the same registers
/// and moves, plain CUDA with no runtime step.
InlineAsm buildInlineAsm(const Site &S, const std::string *Baked = nullptr);

/// A stub made ready to bake into S's asm (the reference's "final-asm
/// mode"): one outer `{ }` stripped (the asm has its own), blank lines
/// dropped, %{label} names resolved to S's stable registers, '%' doubled,
/// lines separated by "\n\t". Errors are resolveStubLabels' (StubLabels.h),
/// located in the stub.
Error bakeStub(const Site &S, std::string_view Stub, std::string &Out);

/// Escapes Text as the contents of a C++ string literal (no quotes).
std::string escapeForStringLiteral(std::string_view Text);
/// Same, appended to Out (no allocation beyond Out's growth).
void appendEscapedForStringLiteral(std::string &Out, std::string_view Text);

/// Length of the first line of an asm template, its "\n\t" separator
/// included (the whole rest when it is the last line).
size_t templateLineLength(std::string_view Template);

/// Appends the template as adjacent C++ string literals, one per asm line,
/// separated by spaces: "{\n\t" ".reg .f32 %%_x0;\n\t" ... "}". Compilers
/// locate operand references and lines by re-reading a literal's token from
/// its start, which is quadratic for one long token.
void appendTemplateLiterals(std::string &Out, std::string_view Template);

/// C++ source of an asm statement for the rewriter. Exprs holds the source
/// text of each Site operand's expression (indexed like Site::Operands).
/// The result is one statement on one source line (a do/while(0) block where
/// operands need temporaries), without a trailing newline; the template is
/// spelled by appendTemplateLiterals.
std::string renderAsmStatement(const Site &S, const InlineAsm &Asm,
                               const std::vector<std::string> &Exprs,
                               bool Volatile);

} // namespace ptxinject::asmemit

#endif
