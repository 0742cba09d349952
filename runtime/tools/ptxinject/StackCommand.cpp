//===- StackCommand.cpp - ptxinject stack ---------------------------------===//
//
// Compiles a Stack PTX program written in the text form (docs/stack-ptx.md)
// to a PTX stub and prints it.
//
//===----------------------------------------------------------------------===//
#include "Commands.h"
#include "ToolSupport.h"

#include "ptxinject/stackptx/StackPtx.h"
#include "ptxinject/stackptx/Text.h"

#include <cctype>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

using namespace ptxinject;
using namespace ptxinject::stackptx;

namespace {

const char Usage[] =
    "usage: ptxinject stack [options] 'PROGRAM'\n"
    "       ptxinject stack [options] -f PROGRAM_FILE\n"
    "\n"
    "Compiles a Stack PTX program (text form, see docs/stack-ptx.md) to a PTX stub.\n"
    "\n"
    "options:\n"
    "  --desc FILE.json     instruction set description (default: the shipped one)\n"
    "  --input NAME         a register the program reads (repeatable, in index order)\n"
    "  --input-type TYPE    stack type of the preceding --input (default F32)\n"
    "  --request NAME       a register the stub writes (repeatable; the first pops the top)\n"
    "  --request-type TYPE  stack type of the preceding --request (default F32, or the\n"
    "                       type of the --input of the same name)\n"
    "  -f FILE              read the program from FILE ('-' for stdin)\n"
    "  -o FILE              write the stub to FILE (default: stdout)\n"
    "  --print-program      print the parsed program back in text form, then the stub\n";

struct PendingRegister {
  std::string Name;
  std::string Type;
  bool IsInput;
};

} // namespace

int ptxinject::tool::runStack(int Argc, char **Argv) {
  std::string DescPath, ProgramFile, OutputPath = "-", ProgramText;
  bool HaveProgram = false, PrintProgram = false;
  std::vector<PendingRegister> Pending;
  for (int I = 1; I < Argc; ++I) {
    std::string A = Argv[I];
    auto value = [&](std::string &Out) {
      if (I + 1 >= Argc) {
        reportUsageError("stack", A + " needs a value");
        return false;
      }
      Out = Argv[++I];
      return true;
    };
    std::string V;
    if (A == "--help" || A == "-h") {
      std::fputs(Usage, stdout);
      return 0;
    } else if (A == "--desc") {
      if (!value(DescPath))
        return 2;
    } else if (A == "--input" || A == "--request") {
      if (!value(V))
        return 2;
      Pending.push_back({V, "", A == "--input"});
    } else if (A == "--input-type" || A == "--request-type") {
      if (!value(V))
        return 2;
      if (Pending.empty() || Pending.back().IsInput != (A == "--input-type")) {
        reportUsageError("stack", A + " must follow the " +
                                      (A == "--input-type" ? "--input" : "--request") +
                                      " it types");
        return 2;
      }
      Pending.back().Type = V;
    } else if (A == "-f") {
      if (!value(ProgramFile))
        return 2;
    } else if (A == "-o") {
      if (!value(OutputPath))
        return 2;
    } else if (A == "--print-program") {
      PrintProgram = true;
    } else if (A.size() > 1 && A[0] == '-' && !std::isdigit(static_cast<unsigned char>(A[1])) &&
               A[1] != '.') { // "-7" is a program, not an option
      reportUsageError("stack", "unknown option '" + A + "'; see 'ptxinject stack --help'");
      return 2;
    } else if (HaveProgram) {
      reportUsageError("stack", "more than one program given; quote the program as one "
                                "argument");
      return 2;
    } else {
      ProgramText = A;
      HaveProgram = true;
    }
  }
  if (HaveProgram == !ProgramFile.empty()) {
    reportUsageError("stack", "give the program either as one argument or with -f FILE");
    return 2;
  }
  std::string ProgramName = "<program>";
  if (!ProgramFile.empty()) {
    if (!readWholeFileOrReport(ProgramFile, ProgramText))
      return 1;
    ProgramName = ProgramFile;
  }

  InstructionSet Set = InstructionSet::builtin();
  if (!DescPath.empty()) {
    std::string Error;
    if (!InstructionSet::fromFile(DescPath, Set, Error)) {
      std::fprintf(stderr, "%s\n", Error.c_str());
      return 1;
    }
  }

  // Registers: every --input in order, then each --request not already an input.
  std::vector<std::string> Names;
  std::vector<StackPtxFastRegister> Registers;
  std::vector<size_t> Requests;
  std::vector<unsigned> Types;
  auto typeOf = [&](const std::string &T, int &Out) {
    Out = Set.findStackType(T.empty() ? "F32" : T);
    if (Out < 0)
      reportUsageError("stack", "unknown stack type '" + (T.empty() ? "F32" : T) +
                                    "'; the description's stack types are listed in its "
                                    "'stack_types'");
    return Out >= 0;
  };
  for (const PendingRegister &P : Pending) {
    if (!P.IsInput)
      continue;
    int T;
    if (!typeOf(P.Type, T))
      return 2;
    Names.push_back(P.Name);
    Types.push_back(unsigned(T));
  }
  size_t NumInputs = Names.size();
  for (const PendingRegister &P : Pending) {
    if (P.IsInput)
      continue;
    size_t Index = Names.size();
    for (size_t K = 0; K < NumInputs; ++K)
      if (Names[K] == P.Name)
        Index = K;
    int T;
    if (Index < NumInputs) {
      if (!P.Type.empty() && (!typeOf(P.Type, T) || unsigned(T) != Types[Index])) {
        reportUsageError("stack", "request '" + P.Name + "' has a different type from the "
                                                          "input of the same name");
        return 2;
      }
    } else {
      if (!typeOf(P.Type, T))
        return 2;
      Names.push_back(P.Name);
      Types.push_back(unsigned(T));
    }
    Requests.push_back(Index);
  }
  for (size_t K = 0; K < Names.size(); ++K)
    Registers.push_back(StackPtxFastRegister{Names[K].c_str(), Types[K]});

  std::vector<StackPtxFastInstruction> Program;
  TextError Err;
  // Only inputs are words of the program; requests are written, not read.
  if (!parseProgram(ProgramText, Set, Span<StackPtxFastRegister>(Registers.data(), NumInputs),
                    Program, Err)) {
    reportError(ProgramName, Err.Line, Err.Column, Err.Message);
    return 1;
  }
  Compiler C(Set);
  Workspace WS;
  std::string Stub;
  StackPtxFastResult R = C.compile(Program, Registers, Requests, WS, Stub);
  if (R != STACK_PTX_FAST_SUCCESS) {
    reportError(ProgramName, stack_ptx_fast_result_to_string(R));
    return 1;
  }
  std::string Output;
  if (PrintProgram)
    Output = "// " + printProgram(Program, Set, Registers) + "\n";
  Output += Stub;
  Output += '\n';
  return writeFileAtomicallyOrReport(OutputPath, Output) ? 0 : 1;
}
