//===- SiteAnalysis.cpp - Inject sites read from the Clang AST ------------===//
#include "ptxinject/Frontend/Sites/SiteAnalysis.h"
#include "ptxinject/Frontend/Sites/InSourceTypes.h"

#include "clang/AST/ExprCXX.h"
#include "clang/Basic/Diagnostic.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/JSON.h"

#include <cctype>

using namespace clang;

namespace ptxinject {
namespace frontend {

namespace {

StringRef calleeName(const CallExpr *Call) {
  if (const FunctionDecl *FD = Call->getDirectCallee())
    if (const IdentifierInfo *II = FD->getIdentifier())
      return II->getName();
  // A call inside a template pattern whose arguments depend on the template:
  // its callee is still an unresolved name.
  const Expr *Callee = Call->getCallee()->IgnoreImplicit();
  if (const auto *ULE = dyn_cast<UnresolvedLookupExpr>(Callee))
    if (ULE->getName().isIdentifier())
      return ULE->getName().getAsIdentifierInfo()->getName();
  return {};
}

const StringLiteral *asStringLiteral(const Expr *E) {
  return dyn_cast<StringLiteral>(E->IgnoreParenImpCasts());
}

std::string withoutSpaces(StringRef S) {
  std::string Out;
  for (char C : S)
    if (!isspace(static_cast<unsigned char>(C)))
      Out += C;
  return Out;
}

/// Bits of a register type ("f32" -> 32, "pred" -> 1, "b16" -> 16).
unsigned registerBits(StringRef RegisterType) {
  if (RegisterType == "pred")
    return 1;
  unsigned Bits = 0;
  StringRef Digits =
      RegisterType.drop_while([](char C) { return !isdigit(C); });
  Digits.getAsInteger(10, Bits);
  return Bits;
}

/// Two table entries that produce the same asm (a renamed copy).
bool sameRegisterShape(const TypeInfo &A, const TypeInfo &B) {
  return A.RegisterType == B.RegisterType && A.MovPostfix == B.MovPostfix &&
         A.Constraint == B.Constraint && A.CastPrefix == B.CastPrefix;
}

std::string knownTypeNames(const TypeTable &Types) {
  std::string Out;
  for (const TypeInfo &T : Types.entries()) {
    if (!Out.empty())
      Out += ", ";
    Out += T.Name;
  }
  return Out;
}

/// The operand's description (kind, type token, \1, label) and its value.
constexpr unsigned ArgsPerOperand = 2;

class SiteAnalyzer {
public:
  SiteAnalyzer(ASTContext &Ctx, const TypeTable &Types, Preprocessor *PP)
      : Ctx(Ctx), Diags(Ctx.getDiagnostics()), Types(Types), PP(PP) {}

  std::optional<AnalyzedSite> analyze(const CallExpr *Call);

private:
  template <unsigned N>
  DiagnosticBuilder error(SourceLocation Loc, const char (&Format)[N]) {
    Failed = true;
    return Diags.Report(
        Loc, Diags.getCustomDiagID(DiagnosticsEngine::Error, Format));
  }
  template <unsigned N>
  DiagnosticBuilder note(SourceLocation Loc, const char (&Format)[N]) {
    return Diags.Report(Loc,
                        Diags.getCustomDiagID(DiagnosticsEngine::Note, Format));
  }

  /// Analyzes the operand whose two arguments start at First; false when
  /// they are malformed, so the following arguments cannot be grouped.
  bool analyzeOperand(const CallExpr *Call, unsigned First, AnalyzedSite &Out);
  const TypeInfo *resolveType(StringRef TokenText, const Expr *Value,
                              StringRef Label);
  /// The entry a written token names: the table's, or one declared in the
  /// source with PTX_TYPE_INFO_<token>; nullptr after reporting an error.
  const TypeInfo *writtenType(StringRef TokenText, const Expr *Value,
                              StringRef Label);

  ASTContext &Ctx;
  DiagnosticsEngine &Diags;
  const TypeTable &Types;
  Preprocessor *PP;
  bool Failed = false;
};

std::optional<AnalyzedSite> SiteAnalyzer::analyze(const CallExpr *Call) {
  AnalyzedSite Out;
  Out.Call = Call;
  Out.Range = Call->getSourceRange();
  if (Call->getNumArgs() == 0) {
    error(Call->getBeginLoc(), "inject site has no name; write "
                               "PTX_INJECT(\"name\", PTX_IN(x), ...)");
    return std::nullopt;
  }
  const Expr *NameArg = Call->getArg(0);
  const StringLiteral *Name = asStringLiteral(NameArg);
  if (!Name || !Name->isOrdinary()) {
    error(NameArg->getExprLoc(),
          "inject site name must be a string literal, as in "
          "PTX_INJECT(\"func\", ...)");
  } else {
    Out.S.Name = Name->getString().str();
    // The name is matched in PTX and in the JSON manifest, both UTF-8.
    if (!llvm::json::isUTF8(Out.S.Name))
      error(
          NameArg->getExprLoc(),
          "inject site name is not valid UTF-8; name sites in ASCII or UTF-8");
    else if (Out.S.Name.empty() || withoutSpaces(Out.S.Name) != Out.S.Name)
      error(NameArg->getExprLoc(),
            "inject site name '%0' must be one non-empty word without spaces")
          << Out.S.Name;
  }
  if (Call->getNumArgs() == 1)
    error(Call->getBeginLoc(),
          "inject site '%0' has no operands; add PTX_IN(x), PTX_MOD(y) or "
          "PTX_OUT(z)")
        << Out.S.Name;

  // Operands are pairs of arguments; after a malformed one the rest
  // cannot be told apart, so analysis stops there.
  for (unsigned I = 1; I < Call->getNumArgs(); I += ArgsPerOperand)
    if (!analyzeOperand(Call, I, Out))
      break;

  // Labels name the operands in the runtime's tables: two equal labels would
  // make one of them unreachable.
  llvm::StringMap<unsigned> Seen;
  for (unsigned I = 0; I < Out.S.Operands.size(); ++I) {
    auto [It, Inserted] = Seen.try_emplace(Out.S.Operands[I].Label, I);
    if (Inserted)
      continue;
    error(Out.OperandExprs[I]->getBeginLoc(),
          "duplicate operand label '%0' in inject site '%1'; give one a "
          "distinct label with PTX_IN(TYPE, label, expr)")
        << Out.S.Operands[I].Label << Out.S.Name;
    note(Out.OperandExprs[It->second]->getBeginLoc(),
         "first operand labelled '%0' is here")
        << Out.S.Operands[I].Label;
  }
  if (Failed)
    return std::nullopt;
  return Out;
}

bool SiteAnalyzer::analyzeOperand(const CallExpr *Call, unsigned First,
                                  AnalyzedSite &Out) {
  const Expr *Arg = Call->getArg(First);
  const StringLiteral *Description = asStringLiteral(Arg);
  StringRef Text = Description && Description->isOrdinary()
                       ? Description->getString()
                       : StringRef();
  OperandKind Kind;
  char KindChar = Text.empty() ? 0 : Text.front();
  size_t Separator = Text.find('\1');
  if (Separator == StringRef::npos)
    KindChar = 0;
  if (KindChar == 'i')
    Kind = OperandKind::In;
  else if (KindChar == 'm')
    Kind = OperandKind::Mod;
  else if (KindChar == 'o')
    Kind = OperandKind::Out;
  else {
    error(Arg->getExprLoc(), "inject site operand must be PTX_IN(...), "
                             "PTX_MOD(...) or PTX_OUT(...)");
    return false;
  }
  if (First + ArgsPerOperand > Call->getNumArgs()) {
    error(Arg->getExprLoc(), "malformed inject operand marker");
    return false;
  }
  StringRef TypeToken = Text.slice(1, Separator);
  const Expr *Value = siteOperandValue(Call->getArg(First + 1));
  std::string Label = withoutSpaces(Text.substr(Separator + 1));
  if (Label.empty()) {
    error(Value->getBeginLoc(), "inject operand has an empty label");
    return true;
  }
  const char *KindName = operandKindName(Kind);
  QualType T = Value->getType();
  if (Kind != OperandKind::In) {
    if (T.isConstQualified()) {
      error(Value->getBeginLoc(),
            "'%0' operand '%1' has const type %2; only 'in' operands may be "
            "const")
          << KindName << Label << T << Value->getSourceRange();
      return true;
    }
    if (!Value->isLValue()) {
      error(Value->getBeginLoc(),
            "'%0' operand '%1' is not an lvalue, so the site cannot write it; "
            "use a variable, array element or field")
          << KindName << Label << Value->getSourceRange();
      return true;
    }
  }
  const TypeInfo *Type = resolveType(TypeToken, Value, Label);
  if (!Type)
    return true;
  Out.S.Operands.push_back({Kind, Label, Type});
  Out.OperandExprs.push_back(Value);
  return true;
}

const TypeInfo *SiteAnalyzer::resolveType(StringRef TokenText,
                                          const Expr *Value, StringRef Label) {
  QualType T = Value->getType();
  const TypeInfo *Inferred = typeInfoFor(T, Ctx, Types);
  if (TokenText.empty()) {
    if (!Inferred)
      error(Value->getBeginLoc(),
            "unsupported inject operand type %0 of '%1'; supported are float, "
            "double, int, unsigned, long long, unsigned long long, short, "
            "unsigned short, __half, __nv_bfloat16, __half2, __nv_bfloat162, "
            "bool and pointers (or add a type with --types and write its name "
            "in the annotation)")
          << T << Label << Value->getSourceRange();
    return Inferred;
  }
  const TypeInfo *Written = writtenType(TokenText, Value, Label);
  if (!Written)
    return nullptr;
  if (Inferred) {
    if (Written == Inferred || sameRegisterShape(*Written, *Inferred))
      return Written;
    error(Value->getBeginLoc(),
          "type '%0' written for operand '%1' contradicts its type %2, which "
          "is %3; write %3 or leave the type out")
        << TokenText << Label << T << Inferred->Name << Value->getSourceRange();
    return nullptr;
  }
  // A type the front end cannot map itself (a user struct) may still travel
  // through a table entry's bit view, if the sizes agree.
  if (!Written->CastPrefix.empty() && !T->isIncompleteType() &&
      !T->isDependentType() &&
      Ctx.getTypeSize(T.getNonReferenceType()) ==
          registerBits(Written->RegisterType))
    return Written;
  error(Value->getBeginLoc(),
        "type '%0' written for operand '%1' does not fit its type %2; an "
        "unsupported type needs a table entry with a cast view of the same "
        "size")
      << TokenText << Label << T << Value->getSourceRange();
  return nullptr;
}

const TypeInfo *SiteAnalyzer::writtenType(StringRef TokenText,
                                          const Expr *Value, StringRef Label) {
  const TypeInfo *Listed = Types.find(TokenText.str());
  InSourceType Declared;
  if (PP)
    Declared = findInSourceType(*PP, TokenText);
  if (Declared.Is == InSourceType::State::Malformed) {
    error(Value->getBeginLoc(), "type '%0' of operand '%1' is declared in the "
                                "source, but %2")
        << TokenText << Label << Declared.Problem << Value->getSourceRange();
    return nullptr;
  }
  if (Declared.Is == InSourceType::State::Declared) {
    // Plain nvcc uses the source's definition: so does the front end, as
    // long as the table does not say otherwise.
    if (Listed && !sameRegisterShape(*Listed, *Declared.Type)) {
      error(Value->getBeginLoc(),
            "type '%0' of operand '%1' is declared in the source as (%2, %3, "
            "%4) but the type table has (%5, %6, %7); make them agree or "
            "remove one")
          << TokenText << Label << Declared.Type->RegisterType
          << Declared.Type->MovPostfix
          << std::string(1, Declared.Type->Constraint) << Listed->RegisterType
          << Listed->MovPostfix << std::string(1, Listed->Constraint)
          << Value->getSourceRange();
      return nullptr;
    }
    return Declared.Type;
  }
  if (!Listed)
    error(Value->getBeginLoc(),
          "unknown inject type '%0' for operand '%1'; known types are %2 (add "
          "more with --types FILE.json, or declare it in the source: #define "
          "PTX_TYPE_INFO_%0 PTX_TYPES_DESC(f32, f32, f, ID))")
        << TokenText << Label << knownTypeNames(Types)
        << Value->getSourceRange();
  return Listed;
}

} // namespace

const Expr *siteOperandValue(const Expr *Arg) {
  // An in value is ((void)(expr), 0), a mod or out value &(expr); under the
  // comma's void cast or the address-of, and the macro's parentheses, is the
  // user's expression with its real type.
  const Expr *E = Arg->IgnoreImplicit()->IgnoreParens();
  if (const auto *Comma = dyn_cast<BinaryOperator>(E)) {
    if (Comma->getOpcode() == BO_Comma)
      if (const auto *Discard =
              dyn_cast<CStyleCastExpr>(Comma->getLHS()->IgnoreParens()))
        if (Discard->getType()->isVoidType())
          return Discard->getSubExprAsWritten()->IgnoreParens();
  } else if (const auto *Addr = dyn_cast<UnaryOperator>(E)) {
    if (Addr->getOpcode() == UO_AddrOf)
      return Addr->getSubExpr()->IgnoreParens();
  } else if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E)) {
    // A class with its own unary operator& (or one still unresolved in a
    // template pattern).
    if (Op->getOperator() == OO_Amp && Op->getNumArgs() == 1)
      return Op->getArg(0)->IgnoreParens();
  }
  return E;
}

bool isSiteCall(const CallExpr *Call) {
  return Call && calleeName(Call) == "__ptx_inject_site";
}

bool isAnalyzableSiteCall(const CallExpr *Call) {
  return isSiteCall(Call) && Call->getDirectCallee() &&
         !Call->isInstantiationDependent();
}

std::optional<AnalyzedSite> analyzeSite(const CallExpr *Call, ASTContext &Ctx,
                                        const TypeTable &Types,
                                        Preprocessor *PP) {
  return SiteAnalyzer(Ctx, Types, PP).analyze(Call);
}

const TypeInfo *typeInfoFor(QualType T, ASTContext &Ctx,
                            const TypeTable &Types) {
  if (T.isNull())
    return nullptr;
  QualType C =
      Ctx.getCanonicalType(T.getNonReferenceType()).getUnqualifiedType();
  const char *Name = nullptr;
  if (C->isPointerType()) {
    Name = "U64";
  } else if (const auto *BT = C->getAs<BuiltinType>()) {
    bool Wide = Ctx.getTypeSize(C) == 64;
    switch (BT->getKind()) {
    case BuiltinType::Bool:
      Name = "PRED";
      break;
    case BuiltinType::Float:
      Name = "F32";
      break;
    case BuiltinType::Double:
      Name = "F64";
      break;
    case BuiltinType::Int:
      Name = "S32";
      break;
    case BuiltinType::UInt:
      Name = "U32";
      break;
    case BuiltinType::Long:
      Name = Wide ? "S64" : "S32";
      break;
    case BuiltinType::ULong:
      Name = Wide ? "U64" : "U32";
      break;
    case BuiltinType::LongLong:
      Name = "S64";
      break;
    case BuiltinType::ULongLong:
      Name = "U64";
      break;
    case BuiltinType::Short:
      Name = "S16";
      break;
    case BuiltinType::UShort:
      Name = "U16";
      break;
    default:
      break;
    }
  } else if (const RecordDecl *RD = C->getAsRecordDecl()) {
    // CUDA's half types are plain structs in the global namespace.
    if (RD->getDeclContext()->getRedeclContext()->isTranslationUnit() &&
        RD->getIdentifier()) {
      StringRef N = RD->getName();
      if (N == "__half")
        Name = "F16";
      else if (N == "__nv_bfloat16")
        Name = "BF16";
      else if (N == "__half2")
        Name = "F16X2";
      else if (N == "__nv_bfloat162")
        Name = "BF16X2";
    }
  }
  return Name ? Types.find(Name) : nullptr;
}

} // namespace frontend
} // namespace ptxinject
