//===- InSourceTypes.cpp - Type tokens declared in the source -------------===//
#include "ptxinject/Frontend/Sites/InSourceTypes.h"

#include "clang/Lex/MacroInfo.h"

#include <deque>
#include <mutex>

using namespace clang;

namespace ptxinject {
namespace frontend {

namespace {

/// Every in-source entry ever read, one per distinct content: sites (and the
/// manifests built from them) outlive the translation unit that declared
/// their types.
const TypeInfo *intern(TypeInfo Info) {
  static std::mutex Lock;
  static std::deque<TypeInfo> Pool;
  std::lock_guard<std::mutex> Guard(Lock);
  for (const TypeInfo &E : Pool)
    if (E.Name == Info.Name && E.RegisterType == Info.RegisterType &&
        E.MovPostfix == Info.MovPostfix && E.Constraint == Info.Constraint &&
        E.CastPrefix == Info.CastPrefix)
      return &E;
  Pool.push_back(std::move(Info));
  return &Pool.back();
}

/// The cast view the reference's bind kinds stand for.
bool castForBindKind(StringRef Kind, std::string &Cast) {
  if (Kind == "ID" || Kind == "PRED")
    Cast.clear();
  else if (Kind == "U16")
    Cast = "*(unsigned short*)&";
  else if (Kind == "U32")
    Cast = "*(unsigned int*)&";
  else
    return false;
  return true;
}

} // namespace

InSourceType findInSourceType(Preprocessor &PP, StringRef TypeToken) {
  InSourceType Out;
  std::string MacroName = "PTX_TYPE_INFO_" + TypeToken.str();
  const MacroInfo *MI = PP.getMacroInfo(PP.getIdentifierInfo(MacroName));
  if (!MI)
    return Out;
  Out.Is = InSourceType::State::Malformed;
  Out.Problem = MacroName + " must be PTX_TYPES_DESC(register type, mov "
                            "postfix, constraint letter, ID|U16|U32)";
  // PTX_TYPES_DESC ( a , b , c , d ): ten tokens, the four fields plain words.
  ArrayRef<Token> Toks = MI->tokens();
  if (MI->isFunctionLike() || Toks.size() != 10 ||
      PP.getSpelling(Toks[0]) != "PTX_TYPES_DESC" ||
      !Toks[1].is(tok::l_paren) || !Toks[9].is(tok::r_paren))
    return Out;
  std::string Field[4];
  for (unsigned I = 0; I < 4; ++I) {
    const Token &T = Toks[2 + 2 * I];
    if (!T.getIdentifierInfo())
      return Out;
    if (I < 3 && !Toks[3 + 2 * I].is(tok::comma))
      return Out;
    Field[I] = PP.getSpelling(T);
  }
  TypeInfo Info;
  Info.Name = TypeToken.str();
  Info.RegisterType = Field[0];
  Info.MovPostfix = Field[1];
  if (Field[2].size() != 1 || !castForBindKind(Field[3], Info.CastPrefix))
    return Out;
  Info.Constraint = Field[2][0];
  Out.Is = InSourceType::State::Declared;
  Out.Problem.clear();
  Out.Type = intern(std::move(Info));
  return Out;
}

} // namespace frontend
} // namespace ptxinject
