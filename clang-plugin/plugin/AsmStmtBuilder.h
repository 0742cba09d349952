//===- AsmStmtBuilder.h - A GCCAsmStmt for one analyzed site ----*- C++ -*-===//
//
// Builds, through Sema, the inline asm statement that replaces a site's marker
// call inside an already parsed (or instantiated) function body.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_PLUGIN_ASMSTMTBUILDER_H
#define PTXINJECT_PLUGIN_ASMSTMTBUILDER_H

#include "ptxinject/Frontend/Sites/SiteAnalysis.h"
#include "ptxinject/asm/AsmEmitter.h"

#include "clang/AST/Stmt.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Sema/Sema.h"
#include "llvm/ADT/StringMap.h"

namespace ptxinject {
namespace plugin {

class AsmStmtBuilder {
public:
  AsmStmtBuilder(clang::Sema &S, clang::Preprocessor &PP) : S(S), PP(PP) {}

  /// Builds the statement for Site inside the function context DC. Returns
  /// nullptr after reporting an error.
  clang::Stmt *build(const frontend::AnalyzedSite &Site,
                     const asmemit::InlineAsm &Asm, clang::DeclContext *DC,
                     bool Volatile);

private:
  /// Where Contents is spelled as a string literal token in the scratch
  /// buffer, spelled once per compile: Clang re-lexes a literal at its
  /// location, so the marker call's own tokens cannot be reused.
  clang::SourceLocation spellingOf(llvm::StringRef Contents);
  /// A narrow string literal of Contents made of the tokens at Locs.
  clang::StringLiteral *makeLiteral(llvm::StringRef Contents,
                                    llvm::ArrayRef<clang::SourceLocation> Locs);
  /// A constraint literal, located as an expansion at the site.
  clang::StringLiteral *makeConstraintLiteral(llvm::StringRef Contents);
  /// The asm template as one literal made of one token per asm line. Clang
  /// re-lexes the template's tokens each time it locates an operand
  /// reference or a line (in code generation); short tokens keep that
  /// linear in the template's length instead of quadratic.
  clang::StringLiteral *makeTemplateLiteral(llvm::StringRef Template);
  /// Whether the target accepts Op's constraint as a register constraint
  /// (checked once per distinct constraint).
  bool isValidConstraint(const asmemit::AsmOperand &Op, bool IsOutput);
  /// The expression bound to one asm operand, viewed as its register type.
  clang::Expr *bindOperand(const frontend::AnalyzedSite &Site,
                           const asmemit::AsmOperand &Op, bool IsOutput);
  clang::QualType viewTypeFor(char Constraint) const;
  /// A local variable declared just before the asm (inside the replacement's
  /// braces), e.g. to give an rvalue storage.
  clang::VarDecl *makeLocal(clang::QualType T, clang::Expr *Init);
  clang::Expr *refTo(clang::VarDecl *V);

  clang::Sema &S;
  clang::Preprocessor &PP;
  clang::SourceLocation Loc, ExpansionBegin, ExpansionEnd;
  std::vector<clang::Stmt *> Before, After;
  /// Reused for every literal's spelling (CreateString copies it).
  std::string Spelling;
  llvm::StringMap<clang::SourceLocation> Spellings;
  llvm::StringMap<bool> CheckedConstraints;
  unsigned TempCounter = 0;
};

} // namespace plugin
} // namespace ptxinject

#endif
