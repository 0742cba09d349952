//===- StackPtxVariationTest.cpp - Variation operators on programs --------===//
//
// Every child compiles, names nothing the target lacks, ends with a return
// and stays within the length bound; each operator does what its name
// says; and the same generator state gives the same children.
//
//===----------------------------------------------------------------------===//
#include "ptxinject/stackptx/Random.h"
#include "ptxinject/stackptx/StackPtx.h"
#include "ptxinject/stackptx/Variation.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <random>

using namespace ptxinject::stackptx;

namespace {

using Words = std::vector<StackPtxFastInstruction>;

const InstructionSet &set() { return InstructionSet::builtin(); }

std::vector<StackPtxFastRegister> f32Registers() {
  size_t F32 = size_t(set().findStackType("f32"));
  return {{"x", F32}, {"y", F32}, {"z", F32}};
}

bool same(const StackPtxFastInstruction &A, const StackPtxFastInstruction &B) {
  return std::memcmp(&A, &B, sizeof(A)) == 0;
}

bool same(const Words &A, const Words &B) {
  return A.size() == B.size() &&
         std::equal(A.begin(), A.end(), B.begin(),
                    [](const auto &X, const auto &Y) { return same(X, Y); });
}

Words randomWords(std::mt19937_64 &Rng, size_t Length,
                  const RandomProgramOptions &O = {}) {
  auto Regs = f32Registers();
  Words P;
  randomProgram(Rng, Length, set(), Regs, P, O);
  return P;
}

TEST(StackPtxVariation, EveryChildCompilesAndKeepsToTheTarget) {
  Target Sm70;
  ASSERT_TRUE(Target::parse("sm_70", Sm70));
  RandomProgramOptions O;
  O.For = Sm70;
  VariationOptions VO;
  VO.MaxLength = 40;
  auto Regs = f32Registers();
  Variation V(set(), Regs.size(), O, WordWeights(), VO);
  Compiler C(set());
  Workspace WS;
  std::string Stub;
  const size_t Requests[] = {2};
  std::mt19937_64 Rng(11);
  unsigned Seen[unsigned(VariationOp::NumOps)] = {};
  for (int I = 0; I < 3000; ++I) {
    Words A = randomWords(Rng, Rng() % 48, O), B = randomWords(Rng, 20, O),
          Child;
    ++Seen[unsigned(V.vary(Rng, A, B, Child))];
    ASSERT_FALSE(Child.empty());
    EXPECT_EQ(Child.back().kind, STACK_PTX_FAST_INSTRUCTION_KIND_RETURN);
    EXPECT_LE(Child.size(), VO.MaxLength + 1);
    ASSERT_EQ(C.compile(Child, Regs, Requests, WS, Stub),
              STACK_PTX_FAST_SUCCESS);
    for (const StackPtxFastInstruction &W : Child) {
      if (W.kind == STACK_PTX_FAST_INSTRUCTION_KIND_PTX) {
        EXPECT_TRUE(Sm70.has(set().instructionTarget(W.idx)));
      }
      if (W.kind == STACK_PTX_FAST_INSTRUCTION_KIND_SPECIAL_REGISTER) {
        EXPECT_TRUE(Sm70.has(set().specialRegisterTarget(W.idx)));
      }
    }
  }
  for (unsigned Op = 0; Op < unsigned(VariationOp::NumOps); ++Op)
    EXPECT_GT(Seen[Op], 100u) << variationOpName(VariationOp(Op));
}

TEST(StackPtxVariation, SameSeedSameChildren) {
  auto Regs = f32Registers();
  Variation V(set(), Regs.size());
  std::mt19937_64 Seed(3);
  Words A = randomWords(Seed, 24), B = randomWords(Seed, 24);
  std::mt19937_64 R1(99), R2(99);
  for (int I = 0; I < 200; ++I) {
    Words C1, C2;
    EXPECT_EQ(V.vary(R1, A, B, C1), V.vary(R2, A, B, C2));
    EXPECT_TRUE(same(C1, C2));
  }
}

TEST(StackPtxVariation, EachOperatorDoesWhatItSays) {
  auto Regs = f32Registers();
  Variation V(set(), Regs.size());
  std::mt19937_64 Rng(5);
  Words A = randomWords(Rng, 16), B = randomWords(Rng, 12), Child;
  Words BodyA(A.begin(), A.end() - 1), BodyB(B.begin(), B.end() - 1);
  for (int I = 0; I < 50; ++I) {
    V.apply(VariationOp::Insert, Rng, A, B, Child);
    EXPECT_EQ(Child.size(), A.size() + 1);
    V.apply(VariationOp::Delete, Rng, A, B, Child);
    EXPECT_EQ(Child.size(), A.size() - 1);
    V.apply(VariationOp::Point, Rng, A, B, Child);
    ASSERT_EQ(Child.size(), A.size());
    size_t Changed = 0;
    for (size_t J = 0; J < A.size(); ++J)
      Changed += !same(A[J], Child[J]);
    EXPECT_LE(Changed, 1u);
    V.apply(VariationOp::Swap, Rng, A, B, Child);
    ASSERT_EQ(Child.size(), A.size());
    auto Key = [](const StackPtxFastInstruction &W) {
      uint64_t K;
      std::memcpy(&K, &W, 8);
      return K;
    };
    std::vector<uint64_t> KA, KC;
    for (size_t J = 0; J < A.size(); ++J) {
      KA.push_back(Key(A[J]));
      KC.push_back(Key(Child[J]));
    }
    std::sort(KA.begin(), KA.end());
    std::sort(KC.begin(), KC.end());
    EXPECT_EQ(KA, KC);
    // One-point crossover: a head of A, then a tail of B.
    V.apply(VariationOp::OnePointCrossover, Rng, A, B, Child);
    Words Body(Child.begin(), Child.end() - 1);
    bool Found = false;
    for (size_t Head = 0; Head <= BodyA.size() && !Found; ++Head) {
      if (Head > Body.size())
        break;
      Words Tail(Body.begin() + Head, Body.end());
      Found = Tail.size() <= BodyB.size() &&
              std::equal(BodyA.begin(), BodyA.begin() + Head, Body.begin(),
                         [](auto &X, auto &Y) { return same(X, Y); }) &&
              same(Tail, Words(BodyB.end() - Tail.size(), BodyB.end()));
    }
    EXPECT_TRUE(Found);
  }
  // A constant moves; nothing else does.
  Words WithConstant = {
      stack_ptx_fast_encode_input(0),
      STACK_PTX_FAST_F32_CONSTANT(size_t(set().findStackType("f32")), 2.0f),
      stack_ptx_fast_encode_return};
  V.apply(VariationOp::Constant, Rng, WithConstant, WithConstant, Child);
  ASSERT_EQ(Child.size(), 3u);
  EXPECT_TRUE(same(Child[0], WithConstant[0]));
  EXPECT_EQ(Child[1].kind, STACK_PTX_FAST_INSTRUCTION_KIND_CONSTANT);
  EXPECT_NE(Child[1].payload.f, 2.0f);
  EXPECT_LE(std::abs(Child[1].payload.f - 2.0f), 0.51f);
  // An empty program is varied without trouble.
  Words Empty = {stack_ptx_fast_encode_return};
  for (unsigned Op = 0; Op < unsigned(VariationOp::NumOps); ++Op) {
    V.apply(VariationOp(Op), Rng, Empty, Empty, Child);
    EXPECT_EQ(Child.back().kind, STACK_PTX_FAST_INSTRUCTION_KIND_RETURN);
  }
}

} // namespace
