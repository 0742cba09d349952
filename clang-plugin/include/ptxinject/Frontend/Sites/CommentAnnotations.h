//===- CommentAnnotations.h - The comment form of inject sites --*- C++ -*-===//
//
// Turns a block comment `/* PTX_INJECT name` with one `in|mod|out [TYPE] expr`
// line per operand into the tokens of the macro form, so both forms share one
// analysis path. Tokens carry the comment's own locations, so errors point
// inside the comment.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_FRONTEND_COMMENTANNOTATIONS_H
#define PTXINJECT_FRONTEND_COMMENTANNOTATIONS_H

#include "clang/Basic/SourceLocation.h"

namespace clang {
class Preprocessor;
class SourceManager;
} // namespace clang

namespace ptxinject {
namespace frontend {

/// Installs the comment handler on PP (one stateless handler serves every
/// preprocessor of the process, so installing it allocates nothing). Lines
/// commented out with `//` inside the annotation are ignored, and so is a
/// whole annotation written as `// /* PTX_INJECT ...`. A malformed line is an
/// error at its location; an annotation inside a preprocessor directive
/// (wherever the lexer is still reading one) is an error.
void addCommentAnnotationHandler(clang::Preprocessor &PP);

/// If Loc (a file location) is the start of a comment annotation, the range
/// of the whole comment, `/*` through `*/`, as a character range; otherwise
/// an invalid range. The rewriter replaces exactly this range.
clang::CharSourceRange commentAnnotationRange(clang::SourceLocation Loc,
                                              const clang::SourceManager &SM);

/// The kind letter ('i', 'm' or 'o') of the comment annotation's operand
/// line holding Loc (a file location inside the operand's expression), or 0
/// when that line does not start with in, mod or out.
char commentOperandKindAt(clang::SourceLocation Loc,
                          const clang::SourceManager &SM);

} // namespace frontend
} // namespace ptxinject

#endif
