//===- TableCheck.cpp - What changed between a golden inject table and now ===//
//
// The comparison only: reading the files and reporting is the ptxinject
// tool's (InjectTableCheck.cpp). Each difference is worded as what it does to a
// search's stored programs: they name injects, bind operands by position and
// rely on each operand's kind and type, and expect a fixed number of sites to
// fill.
//
//===----------------------------------------------------------------------===//
#include "ptxinject/golden/InjectTable.h"

#include <algorithm>
#include <map>

using namespace ptxinject;
using namespace ptxinject::golden;

namespace {

std::string describe(const TableOperand &Op) {
  return "'" + Op.Label + "' (" + Op.Kind + " " + Op.Type + ")";
}

std::string labelList(const std::vector<const TableOperand *> &Ops) {
  std::string S = "(";
  for (size_t I = 0; I < Ops.size(); ++I)
    S += (I ? ", " : "") + Ops[I]->Label;
  return S + ")";
}

/// What a stored program binds to: operands in order with kind and type.
bool sameSignature(const TableInject &A, const TableInject &B) {
  if (A.Operands.size() != B.Operands.size())
    return false;
  for (size_t I = 0; I < A.Operands.size(); ++I) {
    const TableOperand &X = A.Operands[I], &Y = B.Operands[I];
    if (X.Label != Y.Label || X.Kind != Y.Kind || X.Type != Y.Type ||
        X.RegisterType != Y.RegisterType)
      return false;
  }
  return true;
}

const TableOperand *findLabel(const TableInject &I, const std::string &Label) {
  for (const TableOperand &Op : I.Operands)
    if (Op.Label == Label)
      return &Op;
  return nullptr;
}

void compareInject(const TableInject &G, const TableInject &C,
                   std::vector<TableDifference> &Out) {
  auto Add = [&](std::string Message) {
    Out.push_back({G.Line, "inject '" + C.Name + "': " + std::move(Message)});
  };
  if (G.Sites != C.Sites)
    Add("site count changed from " + std::to_string(G.Sites) + " to " +
        std::to_string(C.Sites));
  std::vector<const TableOperand *> GKept, CKept;
  for (const TableOperand &Op : G.Operands) {
    if (findLabel(C, Op.Label))
      GKept.push_back(&Op);
    else
      Add("operand " + describe(Op) + " was removed");
  }
  for (const TableOperand &Op : C.Operands) {
    if (findLabel(G, Op.Label))
      CKept.push_back(&Op);
    else
      Add("operand " + describe(Op) + " was added");
  }
  bool Reordered = GKept.size() != CKept.size(); // only with repeated labels
  for (size_t I = 0; I < GKept.size() && I < CKept.size(); ++I)
    Reordered |= GKept[I]->Label != CKept[I]->Label;
  if (Reordered)
    Add("operands were reordered: golden order " + labelList(GKept) + ", now " +
        labelList(CKept));
  for (const TableOperand *GOp : GKept) {
    const TableOperand &COp = *findLabel(C, GOp->Label);
    if (GOp->Kind != COp.Kind)
      Add("operand '" + GOp->Label + "' changed kind from " + GOp->Kind +
          " to " + COp.Kind);
    if (GOp->Type != COp.Type || GOp->RegisterType != COp.RegisterType)
      Add("operand '" + GOp->Label + "' changed type from " + GOp->Type +
          " (." + GOp->RegisterType + ") to " + COp.Type + " (." +
          COp.RegisterType + ")");
  }
}

} // namespace

std::vector<TableDifference>
ptxinject::golden::compareInjectTables(const InjectTable &Golden,
                                       const InjectTable &Current) {
  std::map<std::string, const TableInject *> Now;
  for (const TableInject &I : Current.Injects)
    Now[I.Name] = &I;
  std::map<std::string, const TableInject *> Unclaimed = Now;
  for (const TableInject &G : Golden.Injects)
    Unclaimed.erase(G.Name);

  std::vector<TableDifference> Out;
  for (const TableInject &G : Golden.Injects) {
    auto It = Now.find(G.Name);
    if (It != Now.end()) {
      compareInject(G, *It->second, Out);
      continue;
    }
    // A new inject with the same operands, and the only one, is this one
    // under a new name: programs still fit, once looked up by the new name.
    std::vector<const TableInject *> Candidates;
    for (const auto &[Name, C] : Unclaimed)
      if (sameSignature(G, *C))
        Candidates.push_back(C);
    if (Candidates.size() == 1) {
      const TableInject &C = *Candidates.front();
      Out.push_back({G.Line, "inject '" + G.Name + "' was renamed to '" +
                                 C.Name + "' (same operands)"});
      Unclaimed.erase(C.Name);
      compareInject(G, C, Out); // the site count may still differ
      continue;
    }
    Out.push_back(
        {G.Line, "inject '" + G.Name + "' is gone from the PTX (it had " +
                     std::to_string(G.Operands.size()) + " operands at " +
                     std::to_string(G.Sites) + " site(s))"});
  }
  for (const auto &[Name, C] : Unclaimed)
    Out.push_back({0, "inject '" + Name +
                          "' is new: it is not in the golden (regenerate "
                          "the golden with 'ptxinject inspect --json')"});
  return Out;
}
