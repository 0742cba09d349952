//===- TypeUniquingTest.cpp - Reserved type sets still unique types -------===//
#include "ptxinject/Frontend/Parse/TypeUniquing.h"

#include "clang/AST/ASTContext.h"
#include "clang/Tooling/Tooling.h"

#include <gtest/gtest.h>

using namespace clang;
using ptxinject::frontend::reserveTypeUniquingSets;
using ptxinject::frontend::typeUniquingSetCapacities;

namespace {

constexpr const char *Code =
    "namespace n { template <class T> struct box { T v; }; }\n"
    "n::box<int> a; n::box<int> *p; n::box<float> &r = *(n::box<float> *)0;\n";

TEST(TypeUniquing, ReservesEachLargeSetAheadOfAKernel) {
  auto Unit = tooling::buildASTFromCode(Code);
  ASTContext &Ctx = Unit->getASTContext();
  std::vector<std::pair<std::string, unsigned>> Before =
      typeUniquingSetCapacities(Ctx);
  reserveTypeUniquingSets(Ctx);
  std::vector<std::pair<std::string, unsigned>> After =
      typeUniquingSetCapacities(Ctx);
  ASSERT_EQ(Before.size(), After.size());
  ASSERT_GE(After.size(), 10u);
  for (size_t I = 0; I < After.size(); ++I) {
    EXPECT_EQ(Before[I].first, After[I].first);
    // Each set is sized for at least the tens of thousands of nodes a CuTe
    // kernel makes (the smallest default holds 1,024).
    EXPECT_GE(After[I].second, 1u << 16) << After[I].first;
    EXPECT_GT(After[I].second, Before[I].second) << After[I].first;
  }
  // A second call (an action run twice on one context) changes nothing.
  reserveTypeUniquingSets(Ctx);
  EXPECT_EQ(typeUniquingSetCapacities(Ctx), After);
}

TEST(TypeUniquing, TypesMadeBeforeAndAfterReservingStayUnique) {
  auto Unit = tooling::buildASTFromCode(Code);
  ASTContext &Ctx = Unit->getASTContext();
  // Nodes already in a set are rehashed into the reserved buckets: the
  // type the parse made is found again, not made twice.
  QualType IntRef = Ctx.getLValueReferenceType(Ctx.IntTy);
  QualType FloatPtr = Ctx.getPointerType(Ctx.FloatTy);
  reserveTypeUniquingSets(Ctx);
  EXPECT_EQ(Ctx.getLValueReferenceType(Ctx.IntTy).getTypePtr(),
            IntRef.getTypePtr());
  EXPECT_EQ(Ctx.getPointerType(Ctx.FloatTy).getTypePtr(),
            FloatPtr.getTypePtr());
  QualType Fn = Ctx.getFunctionType(Ctx.IntTy, {Ctx.FloatTy},
                                    FunctionProtoType::ExtProtoInfo());
  EXPECT_EQ(Ctx.getFunctionType(Ctx.IntTy, {Ctx.FloatTy},
                                FunctionProtoType::ExtProtoInfo())
                .getTypePtr(),
            Fn.getTypePtr());
  EXPECT_NE(Ctx.getPointerType(Ctx.IntTy).getTypePtr(), FloatPtr.getTypePtr());
}

} // namespace
