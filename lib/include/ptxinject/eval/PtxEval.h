//===- PtxEval.h - Evaluator for straight-line PTX stubs --------*- C++ -*-===//
//
// Executes the straight-line PTX that the stub compilers emit (a `{ }` block
// of .reg declarations, scalar and vector moves and arithmetic) on 32-bit
// values, so tests can check a stub's result against an interpreter without
// a GPU. Opcode semantics are shared with the interpreters.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_PTXEVAL_H
#define PTXINJECT_PTXEVAL_H

#include "ptxinject/support/Error.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace ptxinject {
namespace eval {

/// Computes Opcode (e.g. "add.ftz.f32") on NumArgs operand bit patterns
/// (pred as 0/1). Returns false when the opcode is not modelled or the
/// operand counts do not fit it.
bool evaluateOpcode(std::string_view Opcode, const uint32_t *Args,
                    unsigned NumArgs, uint32_t *Results, unsigned NumResults);

/// An opcode looked up once and evaluated on many operand sets, as a
/// batch evaluator runs one operation over all its samples.
class ResolvedOpcode {
public:
  /// None when Opcode is not modelled with NumArgs operands.
  static std::optional<ResolvedOpcode> resolve(std::string_view Opcode,
                                               unsigned NumArgs) {
    const void *Info = find(Opcode, NumArgs);
    if (!Info)
      return std::nullopt;
    return ResolvedOpcode(Info);
  }
  /// Out[s] = the opcode on Args[0][s], Args[1][s], ... for s < Count, with
  /// evaluateOpcode's semantics.
  void evaluate(const uint32_t *const *Args, uint32_t *Out, size_t Count) const;

private:
  explicit ResolvedOpcode(const void *Info) : Info(Info) {}
  static const void *find(std::string_view Opcode, unsigned NumArgs);
  const void *Info;
};

/// True for opcodes whose hardware result is approximate (compare these
/// with a tolerance against a real GPU; the evaluator itself is exact).
bool isApproximateOpcode(std::string_view Opcode);

/// Runs Stub with Registers (names without %) as the initial register file;
/// registers it writes are updated in place. Special registers read as 0.
/// Returns an InvalidStub error at its line and column on text it cannot
/// run.
Error evaluateStub(std::string_view Stub,
                   std::map<std::string, uint32_t> &Registers);

} // namespace eval

/// The evaluator's former namespace, which users still name.
namespace ptxeval = eval;
} // namespace ptxinject

#endif
