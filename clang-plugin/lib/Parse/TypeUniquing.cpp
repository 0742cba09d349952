//===- TypeUniquing.cpp - Type uniquing sets sized for template libraries -===//
#include "ptxinject/Frontend/Parse/TypeUniquing.h"

#include "clang/AST/ASTContext.h"

using namespace clang;

namespace ptxinject {
namespace frontend {

namespace {

// ASTContext offers no way to size its sets, and keeps them private. An
// explicit instantiation may name a private member ([temp.spec.general]):
// the friend it defines hands out the member pointer. A set that a later
// Clang renames or retypes fails to compile here; it cannot be misread.
template <typename Tag, typename Tag::Member Pointer> struct MemberOf {
  friend typename Tag::Member memberPointer(Tag) { return Pointer; }
};

template <typename T> using PlainSet = llvm::FoldingSet<T>;
template <typename T>
using ContextSet = llvm::ContextualFoldingSet<T, ASTContext &>;

#define PTXINJECT_TYPE_SET(Name, Set)                                          \
  struct Name##Tag {                                                           \
    using Member = Set ASTContext::*;                                          \
    friend Member memberPointer(Name##Tag);                                    \
    static constexpr const char *Spelling = #Name;                             \
  };                                                                           \
  template struct MemberOf<Name##Tag, &ASTContext::Name>;

PTXINJECT_TYPE_SET(ElaboratedTypes, PlainSet<ElaboratedType>)
PTXINJECT_TYPE_SET(LValueReferenceTypes, PlainSet<LValueReferenceType>)
PTXINJECT_TYPE_SET(FunctionProtoTypes, ContextSet<FunctionProtoType>)
PTXINJECT_TYPE_SET(NestedNameSpecifiers, PlainSet<NestedNameSpecifier>)
PTXINJECT_TYPE_SET(SubstTemplateTypeParmTypes,
                   PlainSet<SubstTemplateTypeParmType>)
PTXINJECT_TYPE_SET(PointerTypes, PlainSet<PointerType>)
PTXINJECT_TYPE_SET(RValueReferenceTypes, PlainSet<RValueReferenceType>)
PTXINJECT_TYPE_SET(TemplateTypeParmTypes, PlainSet<TemplateTypeParmType>)
PTXINJECT_TYPE_SET(DependentNameTypes, PlainSet<DependentNameType>)
PTXINJECT_TYPE_SET(AutoTypes, ContextSet<AutoType>)
#undef PTXINJECT_TYPE_SET

template <typename Tag> auto &set(ASTContext &Ctx) {
  return Ctx.*memberPointer(Tag());
}

/// Calls F(spelling, set, nodes to reserve) for each sized set. The counts
/// are about twice what the CuTe GEMM's rewrite leaves in each set, so even
/// that kernel ends below one node per bucket.
template <typename Fn> void forEachSizedSet(ASTContext &Ctx, Fn F) {
  F(ElaboratedTypesTag::Spelling, set<ElaboratedTypesTag>(Ctx), 1u << 18);
  F(LValueReferenceTypesTag::Spelling, set<LValueReferenceTypesTag>(Ctx),
    1u << 17);
  F(FunctionProtoTypesTag::Spelling, set<FunctionProtoTypesTag>(Ctx), 1u << 17);
  F(NestedNameSpecifiersTag::Spelling, set<NestedNameSpecifiersTag>(Ctx),
    1u << 17);
  F(SubstTemplateTypeParmTypesTag::Spelling,
    set<SubstTemplateTypeParmTypesTag>(Ctx), 1u << 17);
  F(PointerTypesTag::Spelling, set<PointerTypesTag>(Ctx), 1u << 16);
  F(RValueReferenceTypesTag::Spelling, set<RValueReferenceTypesTag>(Ctx),
    1u << 16);
  F(TemplateTypeParmTypesTag::Spelling, set<TemplateTypeParmTypesTag>(Ctx),
    1u << 16);
  F(DependentNameTypesTag::Spelling, set<DependentNameTypesTag>(Ctx), 1u << 16);
  F(AutoTypesTag::Spelling, set<AutoTypesTag>(Ctx), 1u << 16);
}

} // namespace

void reserveTypeUniquingSets(ASTContext &Ctx) {
  forEachSizedSet(
      Ctx, [](const char *, auto &Set, unsigned Nodes) { Set.reserve(Nodes); });
}

std::vector<std::pair<std::string, unsigned>>
typeUniquingSetCapacities(ASTContext &Ctx) {
  std::vector<std::pair<std::string, unsigned>> Out;
  forEachSizedSet(Ctx, [&](const char *Name, auto &Set, unsigned) {
    Out.emplace_back(Name, Set.capacity());
  });
  return Out;
}

} // namespace frontend
} // namespace ptxinject
