//===- ConstantFitFuzzer.cpp - A search's constant fits on any words ------===//
//
// Input: a byte choosing the target's shape, then 8-byte instruction words
// (any bytes), as the search hands a program to its constant fitting
// (ConstantFit.h). Checked beyond the absence of crashes: the places chosen
// for a fit are f32 constant words of the prepared program, in order; the
// Jacobian has a row of derivatives per sample; and a fit changes the
// program only at those places, within its budget of runs.
//
//===----------------------------------------------------------------------===//
#include "FuzzInput.h"
#include "StackPtxCommon.h"
#include "ptxinject/stackptx/ConstantFit.h"

#include <algorithm>
#include <cstring>

using namespace ptxinject::stackptx;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size < 1 || Size > fuzzinput::MaxInputBytes)
    return 0;
  static const InstructionSet &Set = InstructionSet::builtin();
  static const std::vector<StackPtxFastRegister> Regs =
      fuzzinput::stackRegisters();
  const size_t Request = 8, Samples = 8; // zf, an f32 output
  std::vector<StackPtxFastInstruction> Words =
      fuzzinput::records<StackPtxFastInstruction>(Data + 1, Size - 1);
  Words.push_back(stack_ptx_fast_encode_return);

  // Every register's samples: small integers as f32 and integer bits alike.
  static const std::vector<std::vector<uint32_t>> Columns = [] {
    std::vector<std::vector<uint32_t>> C(Regs.size());
    for (size_t R = 0; R < C.size(); ++R)
      for (size_t S = 0; S < Samples; ++S) {
        float V = float(S) - 3.5f + float(R);
        uint32_t Bits;
        std::memcpy(&Bits, &V, 4);
        C[R].push_back(Bits);
      }
    return C;
  }();
  std::vector<float> Target(Samples);
  for (size_t S = 0; S < Samples; ++S)
    Target[S] = float(Data[0] & 15) * float(S) - 1.0f;
  BatchEvalInputs In;
  for (const auto &C : Columns)
    In.Columns.push_back(C.data());
  In.Samples = Samples;
  In.Target = Target.data();

  size_t F32 = size_t(Set.findStackType("f32"));
  float One = 1.0f;
  uint32_t OneBits;
  std::memcpy(&OneBits, &One, 4);
  const StackPtxFastInstruction Weight[2] = {
      stack_ptx_fast_encode_constant_bits(F32, OneBits),
      stack_ptx_fast_encode_ptx_instruction(
          unsigned(Set.findInstruction("mul.ftz.f32")))};
  FitCandidate C;
  size_t Tail = Data[0] >> 6;
  if (!prepareFit(Set, Program(Words.data(), Words.size()), Tail,
                  (Data[0] & 16) ? Weight : nullptr, Regs, Request, C))
    return 0;
  FUZZ_CHECK(!C.Words.empty() &&
             C.Words.back().kind == STACK_PTX_FAST_INSTRUCTION_KIND_RETURN);
  FUZZ_CHECK(std::is_sorted(C.Positions.begin(), C.Positions.end()));
  for (size_t P : C.Positions) {
    FUZZ_CHECK(P < C.Words.size());
    const StackPtxFastInstruction &W = C.Words[P];
    FUZZ_CHECK(W.kind == STACK_PTX_FAST_INSTRUCTION_KIND_CONSTANT);
    FUZZ_CHECK(Set.info().stack_types[W.stack_idx].constant_kind ==
               STACK_PTX_FAST_CONSTANT_F32);
  }
  if (C.Positions.empty())
    return 0;

  ConstantJacobian J;
  std::vector<double> D;
  J.compute(Set, Program(C.Words.data(), C.Words.size()), Regs, Request, In,
            C.Positions, D);
  FUZZ_CHECK(D.size() == Samples * C.Positions.size());

  std::vector<std::vector<StackPtxFastInstruction>> Programs = {C.Words};
  ConstantFitOptions O;
  O.Iterations = 2;
  std::vector<float> Outputs;
  size_t Runs =
      fitConstants(Set, Programs, {C.Positions}, Regs, Request, In, O, Outputs);
  FUZZ_CHECK(Runs <= 1 + 2 * O.Iterations);
  FUZZ_CHECK(Programs[0].size() == C.Words.size());
  for (size_t I = 0; I < C.Words.size(); ++I)
    if (std::memcmp(&Programs[0][I], &C.Words[I], 8) != 0)
      FUZZ_CHECK(std::find(C.Positions.begin(), C.Positions.end(), I) !=
                 C.Positions.end());
  return 0;
}
