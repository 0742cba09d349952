//===- AstPtxCompiler.cpp - AST PTX compiler and interpreter --------------===//
//
// Routine calls are expanded inline: a routine's body is walked with the
// call's popped operands bound to its routine args. The compiler builds a
// node list and prints the nodes the result depends on; the interpreter
// walks the same way on floats.
//
//===----------------------------------------------------------------------===//
#include "ptxinject/astptx/AstPtx.h"
#include "ptxinject/eval/PtxEval.h"
#include "ptxinject/site/RegisterName.h"
#include "ptxinject/stackptx/StackPtx.h"

#include <cstring>
#include <vector>

namespace ptxinject {
namespace astptx {
namespace {

struct Where {
  size_t Routine; // SIZE_MAX: the main program
  size_t Index;
  std::string str() const {
    std::string S =
        Routine == SIZE_MAX ? "program" : "routine " + std::to_string(Routine);
    return S + ", instruction " + std::to_string(Index);
  }
};

/// The postorder walk shared by the compiler and the interpreter. Value is
/// a node id (compiler) or a float (interpreter); the Builder makes them.
template <class Value, class Builder> class Walker {
public:
  Walker(const InstructionTable &Table, Span<Program> Routines, Builder &B)
      : Table(Table), Routines(Routines), B(B) {}

  AstPtxFastResult walk(Program P, size_t Routine, const Value *Args,
                        size_t NumArgs, unsigned Depth, Value &Result) {
    size_t Base = Stack.size();
    for (size_t I = 0; I < P.size(); ++I) {
      const AstPtxFastInstruction &In = P[I];
      At = Where{Routine, I};
      // Chained routines multiply: 16 routines each calling the next 8
      // times walk 8^15 bodies while creating no node, so work is bounded
      // on its own, not only through the node limit.
      if (++Work > AST_PTX_FAST_MAX_WORK)
        return fail(AST_PTX_FAST_ERROR_TOO_LARGE,
                    "the program walks more than AST_PTX_FAST_MAX_WORK (" +
                        std::to_string(AST_PTX_FAST_MAX_WORK) +
                        ") instructions with its routine calls expanded; call "
                        "routines fewer times or compute shared values once");
      switch (In.kind) {
      case AST_PTX_FAST_INSTRUCTION_KIND_RETURN:
        if (Stack.size() != Base + 1)
          return fail(AST_PTX_FAST_ERROR_WRONG_RESULT_COUNT,
                      "return with " + std::to_string(Stack.size() - Base) +
                          " values; an AST must leave exactly one f32 value");
        Result = Stack.back();
        Stack.pop_back();
        return AST_PTX_FAST_SUCCESS;
      case AST_PTX_FAST_INSTRUCTION_KIND_INPUT: {
        Value V;
        if (AstPtxFastResult R = B.input(In.idx, V))
          return fail(R, "input " + std::to_string(In.idx) + " is past the " +
                             std::to_string(B.numInputs()) + " inputs given");
        Stack.push_back(V);
        break;
      }
      case AST_PTX_FAST_INSTRUCTION_KIND_CONSTANT: {
        uint32_t Bits;
        std::memcpy(&Bits, &In.payload, 4);
        Value V;
        if (AstPtxFastResult R = B.constant(Bits, V))
          return fail(
              R,
              "the program expands to more than AST_PTX_FAST_MAX_NODES nodes");
        Stack.push_back(V);
        break;
      }
      case AST_PTX_FAST_INSTRUCTION_KIND_ROUTINE_ARG:
        if (In.idx >= NumArgs)
          return fail(AST_PTX_FAST_ERROR_BAD_ROUTINE_ARG,
                      Routine == SIZE_MAX
                          ? std::string("routine_arg outside a routine")
                          : "routine_arg " + std::to_string(In.idx) +
                                " of a routine with " +
                                std::to_string(NumArgs) + " args");
        Stack.push_back(Args[In.idx]);
        break;
      case AST_PTX_FAST_INSTRUCTION_KIND_PTX: {
        if (In.idx >= Table.Names.size() || In.idx >= Table.NumArgs.size() ||
            !Table.Names[In.idx])
          return fail(AST_PTX_FAST_ERROR_UNKNOWN_INSTRUCTION,
                      "instruction enum " + std::to_string(In.idx) +
                          " is past the " + std::to_string(Table.Names.size()) +
                          " instructions given");
        size_t Arity = Table.NumArgs[In.idx];
        if (Arity == 0 || Arity > 4)
          return fail(AST_PTX_FAST_ERROR_ARITY_MISMATCH,
                      std::string("'") + Table.Names[In.idx] + "' has arity " +
                          std::to_string(Arity) +
                          "; AST PTX instructions take 1 to 4 operands");
        if (Stack.size() - Base < Arity)
          return fail(AST_PTX_FAST_ERROR_STACK_UNDERFLOW,
                      std::string("'") + Table.Names[In.idx] + "' needs " +
                          std::to_string(Arity) + " operands but only " +
                          std::to_string(Stack.size() - Base) +
                          " are available");
        Value V;
        if (AstPtxFastResult R =
                B.instruction(In.idx, &Stack[Stack.size() - Arity], Arity, V))
          return fail(R, R == AST_PTX_FAST_ERROR_TOO_LARGE
                             ? std::string("the program expands to more than "
                                           "AST_PTX_FAST_MAX_NODES "
                                           "nodes")
                             : std::string("the interpreter does not model '") +
                                   Table.Names[In.idx] + "'");
        Stack.resize(Stack.size() - Arity);
        Stack.push_back(V);
        break;
      }
      case AST_PTX_FAST_INSTRUCTION_KIND_ROUTINE: {
        if (In.idx >= Routines.size() || !Routines[In.idx].data())
          return fail(AST_PTX_FAST_ERROR_UNKNOWN_ROUTINE,
                      "routine " + std::to_string(In.idx) + " is past the " +
                          std::to_string(Routines.size()) + " routines given");
        if (Depth >= AST_PTX_FAST_MAX_ROUTINE_DEPTH)
          return fail(AST_PTX_FAST_ERROR_RECURSION_TOO_DEEP,
                      "routine calls nest deeper than "
                      "AST_PTX_FAST_MAX_ROUTINE_DEPTH (" +
                          std::to_string(AST_PTX_FAST_MAX_ROUTINE_DEPTH) +
                          "); is a routine calling itself?");
        size_t Arity = arityOf(In.idx);
        if (Stack.size() - Base < Arity)
          return fail(AST_PTX_FAST_ERROR_STACK_UNDERFLOW,
                      "routine " + std::to_string(In.idx) + " takes " +
                          std::to_string(Arity) + " args but only " +
                          std::to_string(Stack.size() - Base) +
                          " values are available");
        std::vector<Value> CallArgs(Stack.end() - long(Arity), Stack.end());
        Stack.resize(Stack.size() - Arity);
        Value V;
        if (AstPtxFastResult R = walk(Routines[In.idx], In.idx, CallArgs.data(),
                                      Arity, Depth + 1, V))
          return R;
        Stack.push_back(V);
        break;
      }
      default:
        return fail(AST_PTX_FAST_ERROR_UNKNOWN_KIND,
                    "unknown instruction kind " + std::to_string(In.kind));
      }
    }
    At = Where{Routine, P.size()};
    return fail(AST_PTX_FAST_ERROR_NO_RETURN,
                "no return: end every program and routine with "
                "ast_ptx_fast_encode_return");
  }

  std::string Message;

private:
  /// A routine's arity, scanned once per routine rather than once per call.
  size_t arityOf(size_t Index) {
    if (Arities.empty())
      Arities.assign(Routines.size(), SIZE_MAX);
    size_t &N = Arities[Index];
    if (N != SIZE_MAX)
      return N;
    N = 0;
    for (const AstPtxFastInstruction &I : Routines[Index]) {
      if (I.kind == AST_PTX_FAST_INSTRUCTION_KIND_RETURN)
        break;
      if (I.kind == AST_PTX_FAST_INSTRUCTION_KIND_ROUTINE_ARG && I.idx + 1u > N)
        N = I.idx + 1u;
    }
    return N;
  }
  AstPtxFastResult fail(AstPtxFastResult R, const std::string &What) {
    if (Message.empty())
      Message =
          At.str() + ": " + ast_ptx_fast_result_to_string(R) + ": " + What;
    return R;
  }

  const InstructionTable &Table;
  Span<Program> Routines;
  Builder &B;
  std::vector<Value> Stack;
  std::vector<size_t> Arities; ///< by routine; SIZE_MAX until scanned
  size_t Work = 0;             ///< instructions walked so far
  Where At{SIZE_MAX, 0};
};

struct Node {
  enum Kind : uint8_t { Input, Constant, Instruction } K;
  uint8_t NumOperands;
  uint16_t Index;
  uint32_t Bits;
  uint32_t Operands[4];
  uint32_t Temp; // UINT32_MAX: dead
};

class GraphBuilder {
public:
  explicit GraphBuilder(size_t NumInputs) : NumInputs(NumInputs) {}
  size_t numInputs() const { return NumInputs; }
  AstPtxFastResult input(size_t I, uint32_t &V) {
    if (I >= NumInputs)
      return AST_PTX_FAST_ERROR_UNKNOWN_INPUT;
    return add(Node{Node::Input, 0, uint16_t(I), 0, {}, UINT32_MAX}, V);
  }
  AstPtxFastResult constant(uint32_t Bits, uint32_t &V) {
    return add(Node{Node::Constant, 0, 0, Bits, {}, UINT32_MAX}, V);
  }
  AstPtxFastResult instruction(size_t I, const uint32_t *Ops, size_t N,
                               uint32_t &V) {
    Node Nd{Node::Instruction, uint8_t(N), uint16_t(I), 0, {}, UINT32_MAX};
    std::memcpy(Nd.Operands, Ops, N * sizeof(uint32_t));
    return add(Nd, V);
  }
  std::vector<Node> Nodes;

private:
  AstPtxFastResult add(const Node &N, uint32_t &V) {
    if (Nodes.size() >= AST_PTX_FAST_MAX_NODES)
      return AST_PTX_FAST_ERROR_TOO_LARGE;
    V = uint32_t(Nodes.size());
    Nodes.push_back(N);
    return AST_PTX_FAST_SUCCESS;
  }
  size_t NumInputs;
};

class FloatBuilder {
public:
  FloatBuilder(Span<float> Inputs, const InstructionTable &Table)
      : Inputs(Inputs), Table(Table) {}
  size_t numInputs() const { return Inputs.size(); }
  AstPtxFastResult input(size_t I, float &V) {
    if (I >= Inputs.size())
      return AST_PTX_FAST_ERROR_UNKNOWN_INPUT;
    V = Inputs[I];
    return AST_PTX_FAST_SUCCESS;
  }
  AstPtxFastResult constant(uint32_t Bits, float &V) {
    std::memcpy(&V, &Bits, 4);
    return AST_PTX_FAST_SUCCESS;
  }
  AstPtxFastResult instruction(size_t I, const float *Ops, size_t N, float &V) {
    uint32_t Args[4], R;
    std::memcpy(Args, Ops, N * 4);
    if (!eval::evaluateOpcode(Table.Names[I], Args, unsigned(N), &R, 1))
      return AST_PTX_FAST_ERROR_UNKNOWN_INSTRUCTION;
    std::memcpy(&V, &R, 4);
    return AST_PTX_FAST_SUCCESS;
  }

private:
  Span<float> Inputs;
  const InstructionTable &Table;
};

void putOperand(std::string &Out, const Node &N, Span<const char *> Inputs) {
  char Buf[16];
  switch (N.K) {
  case Node::Input:
    Out += '%';
    Out += Inputs[N.Index];
    return;
  case Node::Constant:
    std::snprintf(Buf, sizeof Buf, "0f%08x", N.Bits);
    Out += Buf;
    return;
  case Node::Instruction:
    Out += "%ast";
    Out += std::to_string(N.Temp);
    return;
  }
}

} // namespace

const InstructionTable &builtinInstructions() {
  struct Tables {
    std::vector<const char *> Names;
    std::vector<size_t> NumArgs;
    InstructionTable Table;
  };
  static const Tables T = [] {
    Tables R;
    const StackPtxFastInstructionSetInfo &Info =
        stackptx::InstructionSet::builtin().info();
    auto isF32 = [&](uint8_t A) {
      return A < Info.num_arg_types && Info.arg_types[A].num_vec_elems == 0 &&
             !std::strcmp(
                 Info.stack_types[Info.arg_types[A].stack_idx].reg_type, "f32");
    };
    for (size_t I = 0; I < Info.num_instructions; ++I) {
      const StackPtxFastPtxInstructionInfo &In = Info.instructions[I];
      bool Ok = In.num_args > 0 && In.num_rets == 1 && isF32(In.rets[0]);
      for (unsigned A = 0; A < In.num_args; ++A)
        Ok = Ok && isF32(In.args[A]);
      if (Ok) {
        R.Names.push_back(In.ptx);
        R.NumArgs.push_back(In.num_args);
      }
    }
    R.Table =
        InstructionTable{Span<const char *>(R.Names.data(), R.Names.size()),
                         Span<size_t>(R.NumArgs.data(), R.NumArgs.size())};
    return R;
  }();
  return T.Table;
}

AstPtxFastResult compile(std::string_view OutputRegister,
                         Span<const char *> Inputs,
                         const InstructionTable &Table, Span<Program> Routines,
                         Program Prog, std::string &Out, std::string *Message) {
  Out.clear();
  for (const char *Name : Inputs)
    if (!Name) {
      if (Message)
        *Message = "an input register name is NULL";
      return AST_PTX_FAST_ERROR_INVALID_ARGUMENT;
    }
  // Names are written after '%': "%x" would be %%x, which only ptxas
  // refuses. Once per call, before the walk.
  if (!isBareRegisterName(OutputRegister)) {
    if (Message)
      *Message = "output " + bareRegisterNameError(OutputRegister);
    return AST_PTX_FAST_ERROR_INVALID_ARGUMENT;
  }
  for (size_t I = 0; I < Inputs.size(); ++I)
    if (!isBareRegisterName(Inputs[I])) {
      if (Message)
        *Message = "input " + std::to_string(I) + " " +
                   bareRegisterNameError(Inputs[I]);
      return AST_PTX_FAST_ERROR_INVALID_ARGUMENT;
    }
  GraphBuilder B(Inputs.size());
  Walker<uint32_t, GraphBuilder> W(Table, Routines, B);
  uint32_t Result;
  if (AstPtxFastResult R = W.walk(Prog, SIZE_MAX, nullptr, 0, 0, Result)) {
    if (Message)
      *Message = W.Message;
    return R;
  }
  // Nodes precede their users: mark backwards, number and print forwards.
  std::vector<Node> &Nodes = B.Nodes;
  std::vector<uint8_t> Live(Nodes.size());
  Live[Result] = 1;
  for (size_t I = Nodes.size(); I-- > 0;)
    if (Live[I])
      for (unsigned O = 0; O < Nodes[I].NumOperands; ++O)
        Live[Nodes[I].Operands[O]] = 1;
  uint32_t Temps = 0;
  for (size_t I = 0; I < Nodes.size(); ++I)
    if (Live[I] && Nodes[I].K == Node::Instruction)
      Nodes[I].Temp = Temps++;
  Out += "{\n";
  if (Temps)
    Out += ".reg .f32 %ast<" + std::to_string(Temps) + ">;\n";
  for (size_t I = 0; I < Nodes.size(); ++I) {
    const Node &N = Nodes[I];
    if (!Live[I] || N.K != Node::Instruction)
      continue;
    Out += Table.Names[N.Index];
    Out += ' ';
    putOperand(Out, N, Inputs);
    for (unsigned O = 0; O < N.NumOperands; ++O) {
      Out += ", ";
      putOperand(Out, Nodes[N.Operands[O]], Inputs);
    }
    Out += ";\n";
  }
  Out += "mov.f32 %";
  Out += OutputRegister;
  Out += ", ";
  putOperand(Out, Nodes[Result], Inputs);
  Out += ";\n}";
  return AST_PTX_FAST_SUCCESS;
}

AstPtxFastResult interpret(Span<float> Inputs, const InstructionTable &Table,
                           Span<Program> Routines, Program Prog, float &Result,
                           std::string *Message) {
  FloatBuilder B(Inputs, Table);
  Walker<float, FloatBuilder> W(Table, Routines, B);
  AstPtxFastResult R = W.walk(Prog, SIZE_MAX, nullptr, 0, 0, Result);
  if (R && Message)
    *Message = W.Message;
  return R;
}

} // namespace astptx
} // namespace ptxinject

using namespace ptxinject;

namespace {
/// A return-terminated C array as a span of its real length, the return
/// included (the C contract, as strlen's). A NULL array is an empty span.
astptx::Program returnTerminated(const AstPtxFastInstruction *P) {
  if (!P)
    return astptx::Program(nullptr, 0);
  size_t N = 0;
  while (P[N].kind != AST_PTX_FAST_INSTRUCTION_KIND_RETURN)
    ++N;
  return astptx::Program(P, N + 1);
}

std::vector<astptx::Program>
routineSpans(const AstPtxFastInstruction *const *Routines, size_t N) {
  std::vector<astptx::Program> R;
  R.reserve(N);
  for (size_t I = 0; I < N; ++I)
    R.push_back(returnTerminated(Routines[I]));
  return R;
}
} // namespace

extern "C" {

const char *ast_ptx_fast_result_to_string(AstPtxFastResult Result) {
  // Read the bits, not the enum: C callers may pass any int.
  static_assert(sizeof(AstPtxFastResult) == sizeof(int),
                "C enums are int-sized");
  int Raw;
  std::memcpy(&Raw, &Result, sizeof Raw);
  switch (Raw) {
  case AST_PTX_FAST_SUCCESS:
    return "AST_PTX_FAST_SUCCESS";
  case AST_PTX_FAST_ERROR_INSUFFICIENT_BUFFER:
    return "AST_PTX_FAST_ERROR_INSUFFICIENT_BUFFER";
  case AST_PTX_FAST_ERROR_INVALID_ARGUMENT:
    return "AST_PTX_FAST_ERROR_INVALID_ARGUMENT";
  case AST_PTX_FAST_ERROR_STACK_UNDERFLOW:
    return "AST_PTX_FAST_ERROR_STACK_UNDERFLOW";
  case AST_PTX_FAST_ERROR_ARITY_MISMATCH:
    return "AST_PTX_FAST_ERROR_ARITY_MISMATCH";
  case AST_PTX_FAST_ERROR_UNKNOWN_INSTRUCTION:
    return "AST_PTX_FAST_ERROR_UNKNOWN_INSTRUCTION";
  case AST_PTX_FAST_ERROR_UNKNOWN_INPUT:
    return "AST_PTX_FAST_ERROR_UNKNOWN_INPUT";
  case AST_PTX_FAST_ERROR_UNKNOWN_ROUTINE:
    return "AST_PTX_FAST_ERROR_UNKNOWN_ROUTINE";
  case AST_PTX_FAST_ERROR_BAD_ROUTINE_ARG:
    return "AST_PTX_FAST_ERROR_BAD_ROUTINE_ARG";
  case AST_PTX_FAST_ERROR_RECURSION_TOO_DEEP:
    return "AST_PTX_FAST_ERROR_RECURSION_TOO_DEEP";
  case AST_PTX_FAST_ERROR_WRONG_RESULT_COUNT:
    return "AST_PTX_FAST_ERROR_WRONG_RESULT_COUNT";
  case AST_PTX_FAST_ERROR_NO_RETURN:
    return "AST_PTX_FAST_ERROR_NO_RETURN";
  case AST_PTX_FAST_ERROR_UNKNOWN_KIND:
    return "AST_PTX_FAST_ERROR_UNKNOWN_KIND";
  case AST_PTX_FAST_ERROR_TOO_LARGE:
    return "AST_PTX_FAST_ERROR_TOO_LARGE";
  default:
    return "AST_PTX_FAST_ERROR_INVALID_RESULT_ENUM: not an AstPtxFastResult "
           "value";
  }
}

AstPtxFastResult
ast_ptx_fast_compile(const char *Output, const char *const *Inputs,
                     size_t NumInputs, const char *const *Names,
                     const size_t *NumArgs, size_t NumEnums,
                     const AstPtxFastInstruction *const *Routines,
                     size_t NumRoutines, const AstPtxFastInstruction *Program,
                     char *Buffer, size_t BufferSize, size_t *RequiredSize) {
  if (!Output || !Program || !RequiredSize || (NumInputs && !Inputs) ||
      (NumEnums && (!Names || !NumArgs)) || (NumRoutines && !Routines))
    return AST_PTX_FAST_ERROR_INVALID_ARGUMENT;
  std::vector<astptx::Program> R = routineSpans(Routines, NumRoutines);
  astptx::InstructionTable Table{astptx::Span<const char *>(Names, NumEnums),
                                 astptx::Span<size_t>(NumArgs, NumEnums)};
  std::string Out;
  AstPtxFastResult Result =
      astptx::compile(Output, astptx::Span<const char *>(Inputs, NumInputs),
                      Table, astptx::Span<astptx::Program>(R.data(), R.size()),
                      returnTerminated(Program), Out);
  if (Result)
    return Result;
  *RequiredSize = Out.size();
  if (!Buffer)
    return AST_PTX_FAST_SUCCESS;
  if (BufferSize <= Out.size()) {
    if (BufferSize)
      Buffer[0] = '\0';
    return AST_PTX_FAST_ERROR_INSUFFICIENT_BUFFER;
  }
  std::memcpy(Buffer, Out.c_str(), Out.size() + 1);
  return AST_PTX_FAST_SUCCESS;
}

AstPtxFastResult ast_ptx_fast_interpret(
    const float *Values, size_t NumInputs, const char *const *Names,
    const size_t *NumArgs, size_t NumEnums,
    const AstPtxFastInstruction *const *Routines, size_t NumRoutines,
    const AstPtxFastInstruction *Program, float *Result) {
  if (!Program || !Result || (NumInputs && !Values) ||
      (NumEnums && (!Names || !NumArgs)) || (NumRoutines && !Routines))
    return AST_PTX_FAST_ERROR_INVALID_ARGUMENT;
  std::vector<astptx::Program> R = routineSpans(Routines, NumRoutines);
  astptx::InstructionTable Table{astptx::Span<const char *>(Names, NumEnums),
                                 astptx::Span<size_t>(NumArgs, NumEnums)};
  return astptx::interpret(astptx::Span<float>(Values, NumInputs), Table,
                           astptx::Span<astptx::Program>(R.data(), R.size()),
                           returnTerminated(Program), *Result);
}

} // extern "C"
