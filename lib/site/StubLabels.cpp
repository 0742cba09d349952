//===- StubLabels.cpp - %{label} operand names in PTX stubs ---------------===//
#include "ptxinject/site/StubLabels.h"

using namespace ptxinject;

Error ptxinject::resolveStubLabels(const std::string_view S,
                                   std::string_view InjectName,
                                   const std::vector<LabeledRegister> &Operands,
                                   std::string &Out) {
  Out.clear();
  Out.reserve(S.size());
  unsigned Line = 1;
  size_t LineStart = 0;
  for (size_t P = 0; P < S.size(); ++P) {
    if (S[P] == '\n') {
      ++Line;
      LineStart = P + 1;
    }
    if (S[P] != '%' || P + 1 >= S.size() || S[P + 1] != '{') {
      Out += S[P];
      continue;
    }
    unsigned Column = static_cast<unsigned>(P - LineStart + 1);
    size_t Close = S.find_first_of("}\n", P + 2);
    if (Close == std::string_view::npos || S[Close] != '}')
      return Error::make(ErrorCode::InvalidStub,
                         "'%{' without a closing '}'; write %{label}", Line,
                         Column);
    std::string_view Label = S.substr(P + 2, Close - P - 2);
    const LabeledRegister *Found = nullptr;
    for (const LabeledRegister &Op : Operands)
      if (Op.Label == Label) {
        Found = &Op;
        break;
      }
    if (!Found) {
      std::string Labels;
      for (const LabeledRegister &Op : Operands)
        Labels.append(Labels.empty() ? "" : ", ").append(Op.Label);
      return Error::make(ErrorCode::InvalidStub,
                         "inject '" + std::string(InjectName) +
                             "' has no operand '" + std::string(Label) +
                             "'; its operands are " +
                             (Labels.empty() ? "(none)" : Labels),
                         Line, Column);
    }
    Out += '%';
    Out += Found->Register;
    P = Close;
  }
  return Error::success();
}
