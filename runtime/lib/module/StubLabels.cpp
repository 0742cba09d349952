//===- StubLabels.cpp - %{label} operand names in PTX stubs ---------------===//
#include "ptxinject/module/StubLabels.h"

#include "ptxinject/site/StubLabels.h"

using namespace ptxinject;
using namespace ptxinject::module;

Error ptxinject::module::resolveStubLabels(const Inject &Target,
                                           std::string_view S,
                                           std::string &Out) {
  if (S.find("%{") == std::string_view::npos) {
    Out.assign(S); // the usual stub: nothing to look up
    return Error::success();
  }
  std::vector<LabeledRegister> Operands;
  Operands.reserve(Target.Operands.size());
  for (const InjectOperand &O : Target.Operands)
    Operands.push_back({O.Label, O.Register});
  return resolveStubLabels(S, Target.Name, Operands, Out);
}
