//===- AstPtxSource.cpp - AST PTX programs as a program source ------------===//
//
// AST PTX programs compute one f32 result from f32 inputs: the inject's
// out or mod operand is the result, its in and mod operands the inputs.
//
//===----------------------------------------------------------------------===//
#include "ptxinject/variants/VariantCompiler.h"

using namespace ptxinject;
using namespace ptxinject::variants;

AstPtxSource::AstPtxSource(
    const astptx::InstructionTable &Table,
    std::vector<std::vector<AstPtxFastInstruction>> Bodies)
    : Table(Table), RoutineBodies(std::move(Bodies)) {
  for (const std::vector<AstPtxFastInstruction> &R : RoutineBodies)
    Routines.emplace_back(R.data(), R.size());
}

Error AstPtxSource::prepare(const Inject &Target) {
  Output.clear();
  InputNames.clear();
  Inputs.clear();
  for (const InjectOperand &Op : Target.Operands) {
    if (Op.RegisterType != "f32") {
      return Error::make(ErrorCode::InvalidArgument,
                         "AST PTX programs compute f32 values, but operand '" +
                             Op.Label + "' of inject '" + Target.Name +
                             "' is " + Op.RegisterType);
    }
    if (Op.Kind != OperandKind::In) {
      if (!Output.empty()) {
        return Error::make(ErrorCode::InvalidArgument,
                           "AST PTX programs have one result, but inject '" +
                               Target.Name +
                               "' has several out/mod operands ('" + Output +
                               "' and '" + Op.Register + "')");
      }
      Output = Op.Register;
    }
    if (Op.Kind != OperandKind::Out)
      InputNames.push_back(Op.Register);
  }
  if (Output.empty()) {
    return Error::make(
        ErrorCode::InvalidArgument,
        "inject '" + Target.Name +
            "' has no out or mod operand for an AST PTX program to write");
  }
  for (const std::string &N : InputNames)
    Inputs.push_back(N.c_str());
  return Error::success();
}

bool AstPtxSource::stub(size_t Index, ProgramScratch *, std::string &Buffer,
                        std::string_view &Stub, StubError &Error) const {
  std::string Message;
  AstPtxFastResult R = astptx::compile(
      Output, astptx::Span<const char *>(Inputs.data(), Inputs.size()), Table,
      astptx::Span<astptx::Program>(Routines.data(), Routines.size()),
      astptx::Program(Programs[Index].data(), Programs[Index].size()), Buffer,
      &Message);
  if (R != AST_PTX_FAST_SUCCESS) {
    Error = StubError{
        Message.empty() ? ast_ptx_fast_result_to_string(R) : Message, 0, 0};
    return false;
  }
  Stub = Buffer;
  return true;
}
