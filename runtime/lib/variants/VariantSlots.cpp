//===- VariantSlots.cpp - Which injects a batch's programs fill -----------===//
//
// The injects a variant's programs go to: chosen by name, or all of them in
// natural order, checked against the pack and programs-per-variant options;
// errors list every inject with its operands so the choice is in sight.
//
//===----------------------------------------------------------------------===//
#include "ptxinject/variants/VariantCompiler.h"

#include <algorithm>
#include <cctype>

using namespace ptxinject;
using namespace ptxinject::variants;

std::string ptxinject::variants::describeOperands(const Inject &I) {
  std::string Out = "inject '" + I.Name + "' has operands ";
  for (size_t K = 0; K < I.Operands.size(); ++K) {
    const InjectOperand &Op = I.Operands[K];
    const char *Kind = Op.Kind == OperandKind::In    ? "in"
                       : Op.Kind == OperandKind::Out ? "out"
                                                     : "mod";
    Out += (K ? ", " : "") + Op.Label + " (" + Kind + " " +
           (Op.TypeLabel.empty() ? Op.RegisterType : Op.TypeLabel) + ")";
  }
  if (I.Operands.empty())
    Out += "(none)";
  return Out;
}

namespace {

// "inject_2" < "inject_10": digit runs compare by value.
bool naturalLess(std::string_view A, std::string_view B) {
  size_t I = 0, J = 0;
  while (I < A.size() && J < B.size()) {
    if (std::isdigit(static_cast<unsigned char>(A[I])) &&
        std::isdigit(static_cast<unsigned char>(B[J]))) {
      size_t EI = I, EJ = J;
      while (EI < A.size() && A[EI] == '0')
        ++EI;
      while (EJ < B.size() && B[EJ] == '0')
        ++EJ;
      size_t SI = EI, SJ = EJ;
      while (EI < A.size() && std::isdigit(static_cast<unsigned char>(A[EI])))
        ++EI;
      while (EJ < B.size() && std::isdigit(static_cast<unsigned char>(B[EJ])))
        ++EJ;
      if (EI - SI != EJ - SJ)
        return EI - SI < EJ - SJ;
      int C = A.substr(SI, EI - SI).compare(B.substr(SJ, EJ - SJ));
      if (C != 0)
        return C < 0;
      I = EI;
      J = EJ;
      continue;
    }
    if (A[I] != B[J])
      return A[I] < B[J];
    ++I;
    ++J;
  }
  return A.size() - I < B.size() - J;
}

bool sameOperands(const Inject &A, const Inject &B) {
  if (A.Operands.size() != B.Operands.size())
    return false;
  for (size_t I = 0; I < A.Operands.size(); ++I) {
    const InjectOperand &X = A.Operands[I], &Y = B.Operands[I];
    if (X.Kind != Y.Kind || X.RegisterType != Y.RegisterType ||
        X.Register != Y.Register)
      return false;
  }
  return true;
}

std::string injectsWithOperands(const Module &Kernel) {
  std::string Out;
  for (size_t I = 0; I < Kernel.numInjects(); ++I)
    Out += "\n  " + describeOperands(Kernel.inject(I));
  return Out;
}
} // namespace

Expected<std::vector<size_t>>
ptxinject::variants::resolveSlots(const Module &Kernel,
                                  const VariantOptions &Options) {
  std::vector<size_t> Slots;
  size_t G = std::max<size_t>(1, Options.InjectsPerVariant);
  if (Kernel.numInjects() == 0)
    return Error::make(ErrorCode::InjectNotFound,
                       "the kernel has no inject sites; annotate it with "
                       "PTX_INJECT and run ptxinject-rewrite before nvcc");
  if (Options.Slots.empty()) {
    // Programs going to whichever inject sorts first is a silent surprise
    // (a template's combine<F32,...> instead of mma): with a choice to
    // make, the caller makes it. Packing takes the first Pack injects.
    if (Options.Pack <= 1 && Kernel.numInjects() > 1)
      return Error::make(ErrorCode::InvalidArgument,
                         "the kernel has " +
                             std::to_string(Kernel.numInjects()) +
                             " injects; say which one(s) the programs fill "
                             "with --slot NAME (repeatable):" +
                             injectsWithOperands(Kernel));
    for (size_t I = 0; I < Kernel.numInjects(); ++I)
      Slots.push_back(I);
    std::stable_sort(Slots.begin(), Slots.end(), [&](size_t A, size_t B) {
      return naturalLess(Kernel.inject(A).Name, Kernel.inject(B).Name);
    });
  } else {
    for (const std::string &Name : Options.Slots) {
      std::optional<size_t> I = Kernel.injectIndex(Name);
      if (!I)
        return Error::make(
            ErrorCode::InjectNotFound,
            "the kernel has no inject named '" + Name +
                "'; its injects are:" + injectsWithOperands(Kernel));
      if (std::find(Slots.begin(), Slots.end(), *I) != Slots.end())
        return Error::make(ErrorCode::InvalidArgument,
                           "inject '" + Name + "' is selected twice");
      Slots.push_back(*I);
    }
  }
  if (G > 1) {
    if (Options.Pack != 1)
      return Error::make(ErrorCode::InvalidArgument,
                         "--pack works with one inject per variant; with " +
                             std::to_string(G) +
                             " injects per variant use pack 1");
    if (Slots.size() != G)
      return Error::make(ErrorCode::InvalidArgument,
                         std::to_string(G) + " programs per variant need " +
                             std::to_string(G) + " injects, got " +
                             std::to_string(Slots.size()));
    return Slots;
  }
  if (Options.Pack == 0 || Options.Pack > Slots.size())
    return Error::make(ErrorCode::InvalidArgument,
                       "cannot pack " + std::to_string(Options.Pack) +
                           " programs per module: " +
                           (Options.Slots.empty() ? "the kernel has " : "") +
                           std::to_string(Slots.size()) + " inject(s)" +
                           (Options.Slots.empty() ? "" : " are selected") +
                           "; use a pack between 1 and " +
                           std::to_string(Slots.size()));
  Slots.resize(Options.Pack);
  for (size_t I = 1; I < Slots.size(); ++I)
    if (!sameOperands(Kernel.inject(Slots[0]), Kernel.inject(Slots[I])))
      return Error::make(
          ErrorCode::InconsistentSites,
          "packed injects '" + Kernel.inject(Slots[0]).Name + "' and '" +
              Kernel.inject(Slots[I]).Name +
              "' have different operands; every packed site must take the "
              "same operands in the same order");
  return Slots;
}
