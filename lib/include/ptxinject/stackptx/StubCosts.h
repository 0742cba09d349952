//===- StubCosts.h - What a compiled stub costs, by its description -*- C++
//-*-===//
//
// A search's built-in descriptors of a program: its stub's live statements,
// the approximate ones among them and their summed latency, by the costs
// its instruction set's description gives (InstructionCost). Read from the
// stub's text, once the Stack PTX compiler has dropped dead code.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_STACKPTX_STUBCOSTS_H
#define PTXINJECT_STACKPTX_STUBCOSTS_H

#include "ptxinject/stackptx/StackPtx.h"

#include <string>
#include <string_view>
#include <unordered_map>

namespace ptxinject::stackptx {

struct StubCost {
  /// Statements, less declarations and moves (ptxas removes the moves into
  /// and out of registers), and the approximate ones among them.
  unsigned Live = 0, Approximate = 0;
  /// Their latencies summed: a bound for a dependent chain.
  double Latency = 0;
};

class StubCosts {
public:
  /// Entries that share an opcode (mov.b32 under several display names)
  /// cost the largest latency of theirs, and are approximate when any is.
  explicit StubCosts(const InstructionSet &Set);

  /// An opcode the set lacks costs InstructionCost::DefaultLatency.
  StubCost measure(std::string_view Stub) const;

private:
  std::unordered_map<std::string, InstructionCost> ByOpcode;
};

} // namespace ptxinject::stackptx

#endif
