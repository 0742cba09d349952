//===- StackPtxOracle.h - Stack PTX stub checked against the interpreter ===//
//
// Differential oracle for the Stack PTX fuzzers: the compiled stub, run by
// the CPU evaluator (lib/eval), must leave in each requested register what
// the interpreter (lib/stackptx/Interpreter.cpp) computes for the program.
// Both share the opcode semantics of PtxEval, so values must agree bit for
// bit, except that any NaN equals any NaN (payloads are not specified) and
// +0 equals -0 (as the differential unit test allows).
//
// Only programs the two can run are compared: the interpreter models the
// scalar f32/u32/s32/pred instructions of PtxEval; a program that executes
// anything else (vector, f16/f16x2/tf32, philox, ...) is skipped, as is a
// stub the evaluator cannot run.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_FUZZ_STACKPTXORACLE_H
#define PTXINJECT_FUZZ_STACKPTXORACLE_H

#include "FuzzInput.h"
#include "ptxinject/eval/PtxEval.h"
#include "ptxinject/stackptx/Interpreter.h"
#include "ptxinject/stackptx/StackPtx.h"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <map>
#include <string>
#include <vector>

namespace fuzzinput {

/// Input values that reach the edge cases of f32 (signed zero, subnormals,
/// which .ftz flushes, infinities, NaN) as well as ordinary numbers.
inline uint32_t oracleValue(uint64_t &State) {
  static const uint32_t Edge[] = {0x00000000u, 0x80000000u, 0x00000001u,
                                  0x807fffffu, 0x7f800000u, 0xff800000u,
                                  0x7fc00000u, 0x3f800000u, 0xbfc00000u,
                                  0x7f7fffffu, 0x00800000u, 0xffffffffu};
  State =
      State * 6364136223846793005ull + 1442695040888963407ull; // deterministic
  uint32_t R = uint32_t(State >> 33);
  return R % 4 == 0 ? Edge[(R >> 2) % (sizeof(Edge) / sizeof(Edge[0]))]
                    : uint32_t(State >> 17);
}

inline bool sameF32(uint32_t A, uint32_t B) {
  float FA, FB;
  std::memcpy(&FA, &A, 4);
  std::memcpy(&FB, &B, 4);
  return A == B || (std::isnan(FA) && std::isnan(FB)) ||
         (FA == 0.0f && FB == 0.0f);
}

/// Runs Stub (compiled from Prog by a compiler with Set and Limits) and the
/// interpreter on two sets of input values derived from Seed; aborts on the
/// first request where they disagree. Returns whether it compared anything.
inline bool checkStubAgainstInterpreter(
    const StackPtxFastInstructionSetInfo &Set,
    const StackPtxFastCompilerInfo &Limits, ptxinject::stackptx::Program Prog,
    ptxinject::stackptx::Span<StackPtxFastRegister> Regs,
    ptxinject::stackptx::Span<size_t> Requests,
    ptxinject::stackptx::Span<ptxinject::stackptx::Program> Routines,
    const std::string &Stub, uint64_t Seed) {
  using namespace ptxinject;
  std::vector<stackptx::RequestValue> Want;
  std::string Error;
  uint64_t State = Seed;
  for (int Round = 0; Round < 2; ++Round) {
    std::vector<uint32_t> Inputs(Regs.size());
    for (uint32_t &V : Inputs)
      V = oracleValue(State);
    for (size_t K = 0; K < Regs.size(); ++K)
      if (Set.stack_types[Regs[K].stack_idx].name &&
          !std::strcmp(Set.stack_types[Regs[K].stack_idx].name, "PRED"))
        Inputs[K] &= 1; // predicates are 0/1
    if (!stackptx::interpretProgram(Set, Limits, Prog, Regs, Inputs, Requests,
                                    Routines, Want, Error))
      return false; // executes an instruction the interpreter does not model
    std::map<std::string, uint32_t> File;
    for (size_t K = 0; K < Regs.size(); ++K)
      File[Regs[K].name] = Inputs[K];
    if (eval::evaluateStub(Stub, File))
      return false; // emits text the evaluator does not model
    for (size_t R = 0; R < Requests.size(); ++R) {
      const StackPtxFastRegister &Reg = Regs[Requests[R]];
      uint32_t Got = File[Reg.name];
      uint32_t Expect = Want[R].Assigned ? Want[R].Bits : Inputs[Requests[R]];
      bool F32 = !std::strcmp(Set.stack_types[Reg.stack_idx].name, "F32");
      if (F32 ? sameF32(Got, Expect) : Got == Expect)
        continue;
      std::fprintf(
          stderr,
          "oracle: request '%s' (%s): stub gives 0x%08x, interpreter 0x%08x "
          "(round %d)\nstub:\n%s\n",
          Reg.name, Want[R].Assigned ? "assigned" : "unassigned", unsigned(Got),
          unsigned(Expect), Round, Stub.c_str());
      for (size_t K = 0; K < Regs.size(); ++K)
        std::fprintf(stderr, "  input %s = 0x%08x\n", Regs[K].name,
                     unsigned(Inputs[K]));
      FUZZ_CHECK(false && "stub disagrees with the Stack PTX interpreter");
    }
  }
  return true;
}

/// A seed for the input values that depends only on the fuzz input, so a
/// replayed input checks the same values.
inline uint64_t oracleSeed(const uint8_t *Data, size_t Size) {
  uint64_t H = 1469598103934665603ull;
  for (size_t I = 0; I < Size; ++I)
    H = (H ^ Data[I]) * 1099511628211ull;
  return H;
}

} // namespace fuzzinput

#endif
