//===- StubCosts.cpp - What a compiled stub costs, by its description -----===//
#include "ptxinject/stackptx/StubCosts.h"

#include <algorithm>

using namespace ptxinject::stackptx;

StubCosts::StubCosts(const InstructionSet &Set) {
  const StackPtxFastInstructionSetInfo &Info = Set.info();
  for (size_t I = 0; I < Info.num_instructions; ++I) {
    InstructionCost Cost = Set.instructionCost(I);
    auto [It, New] = ByOpcode.try_emplace(Info.instructions[I].ptx, Cost);
    if (!New) {
      It->second.Latency = std::max(It->second.Latency, Cost.Latency);
      It->second.Approximate |= Cost.Approximate;
    }
  }
}

StubCost StubCosts::measure(std::string_view Stub) const {
  StubCost Total;
  std::string Opcode;
  while (!Stub.empty()) {
    size_t Eol = Stub.find('\n');
    std::string_view Line = Stub.substr(0, Eol);
    Stub.remove_prefix(Eol == std::string_view::npos ? Stub.size() : Eol + 1);
    size_t B = Line.find_first_not_of(" \t\r");
    size_t E = Line.find_last_not_of(" \t\r");
    if (B == std::string_view::npos)
      continue;
    Line = Line.substr(B, E - B + 1);
    auto Starts = [&](std::string_view P) {
      return Line.substr(0, P.size()) == P;
    };
    if (Line.back() != ';' || Starts(".reg") || Starts("//") || Starts("mov."))
      continue;
    Opcode.assign(Line.substr(0, Line.find_first_of(" \t;")));
    auto It = ByOpcode.find(Opcode);
    InstructionCost Cost =
        It == ByOpcode.end() ? InstructionCost() : It->second;
    ++Total.Live;
    Total.Approximate += Cost.Approximate;
    Total.Latency += Cost.Latency;
  }
  return Total;
}
