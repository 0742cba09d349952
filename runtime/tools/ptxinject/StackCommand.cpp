//===- StackCommand.cpp - ptxinject stack ---------------------------------===//
//
// Compiles a Stack PTX program written in the text form (docs/stack-ptx.md)
// to a PTX stub and prints it.
//
//===----------------------------------------------------------------------===//
#include "CommandLine.h"
#include "Commands.h"
#include "ToolSupport.h"

#include "ptxinject/stackptx/StackPtx.h"
#include "ptxinject/stackptx/Text.h"
#include "ptxinject/support/ExitCode.h"
#include "ptxinject/variants/VariantCompiler.h"

#include <cctype>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

using namespace ptxinject;
using namespace ptxinject::stackptx;
using namespace ptxinject::tool;

namespace {

const char Description[] =
    "Compiles a Stack PTX program (text form, see docs/stack-ptx.md) to a PTX "
    "stub:\n  ptxinject stack [options] 'PROGRAM'\n"
    "  ptxinject stack [options] -f PROGRAM_FILE\n"
    "  ptxinject stack --site KERNEL.ptx:INJECT [options] 'PROGRAM'\n"
    "With --site, the program's inputs are the inject's in and mod operands\n"
    "and its requests the mod and out operands, named by label in the program\n"
    "(first request: the top of the stack); the stub names their stable\n"
    "registers (%_x0...), so 'ptxinject render' takes it as it is.\n"
    "A program that starts with '-' (a negative constant) goes after '--'.";

struct PendingRegister {
  std::string Name;
  std::string Type;
  bool IsInput;
};

/// Writes the stub (after the program, with --print-program) to OutputPath.
int writeStub(const std::string &OutputPath, const std::string &Printed,
              std::string_view Stub) {
  std::string Output;
  if (!Printed.empty())
    Output = "// " + Printed + "\n";
  Output += Stub;
  Output += '\n';
  // An output that cannot be written is a bad -o: nothing was written.
  return writeFileAtomicallyOrReport(OutputPath, Output) ? ExitOk : ExitUsage;
}

/// --site KERNEL.ptx:INJECT: the program compiled as `ptxinject variants`
/// compiles it for that inject.
int compileForSite(const std::string &Site, const std::string &TypesPath,
                   const InstructionSet &Set, const std::string &ProgramText,
                   const std::string &ProgramName, bool PrintProgram,
                   const std::string &OutputPath) {
  size_t Colon = Site.rfind(':');
  if (Colon == std::string::npos || Colon == 0 || Colon + 1 == Site.size()) {
    reportUsageError("stack",
                     "--site expects KERNEL.ptx:INJECT, got '" + Site + "'");
    return ExitUsage;
  }
  std::string KernelPath = Site.substr(0, Colon), Name = Site.substr(Colon + 1);
  std::optional<Module> M = tool::loadModuleOrReport(KernelPath, TypesPath);
  if (!M)
    return ExitUsage;
  std::optional<size_t> Index = M->injectIndex(Name);
  if (!Index) {
    reportError(KernelPath, "no inject named '" + Name + "' in " + KernelPath +
                                "; its injects are: " + injectNames(*M));
    return ExitUsage;
  }
  variants::StackPtxSource Source(Set);
  Source.addText(ProgramText);
  if (Error E = Source.prepare(M->inject(*Index))) {
    reportError(KernelPath, E);
    return ExitUsage;
  }
  std::unique_ptr<variants::ProgramScratch> Scratch = Source.makeScratch();
  std::string Buffer;
  std::string_view Stub;
  variants::StubError Err;
  if (!Source.stub(0, Scratch.get(), Buffer, Stub, Err)) {
    reportError(ProgramName, Err);
    return ExitFailed;
  }
  std::string Printed;
  if (PrintProgram)
    Printed =
        printProgram(Source.program(0), Set,
                     Span<StackPtxFastRegister>(Source.registersByLabel()));
  return writeStub(OutputPath, Printed, Stub);
}

} // namespace

int ptxinject::tool::runStack(int Argc, char **Argv) {
  std::string DescPath, Arch, ProgramFile, OutputPath = "-", ProgramText, Site,
                                           TypesPath;
  bool HaveProgram = false, PrintProgram = false;
  std::vector<PendingRegister> Pending;
  std::vector<std::string> Inputs, InputTypes, RequestNames, RequestTypes;
  std::vector<std::string> Programs, AfterSeparator;
  CLI::App App(Description, "ptxinject stack");
  App.set_help_flag("-h,--help", "print this help and exit");
  App.add_option("PROGRAM", Programs,
                 "the program in text form, quoted as one argument");
  App.add_option("--desc", DescPath,
                 "instruction set description (default: the shipped one)");
  App.add_option("--arch", Arch,
                 "target architecture (e.g. sm_80): entries of the description "
                 "it lacks compile to nothing (default: every entry)");
  CLI::Option *InputOpt =
      App.add_option(
             "--input", Inputs,
             "a register the program reads (repeatable, in index order)")
          ->allow_extra_args(false);
  CLI::Option *InputTypeOpt =
      App.add_option("--input-type", InputTypes,
                     "stack type of the preceding --input (default F32)")
          ->allow_extra_args(false);
  CLI::Option *RequestOpt =
      App.add_option("--request", RequestNames,
                     "a register the stub writes (repeatable; the first pops "
                     "the top)")
          ->allow_extra_args(false);
  CLI::Option *RequestTypeOpt =
      App.add_option("--request-type", RequestTypes,
                     "stack type of the preceding --request (default F32, or "
                     "the type of the --input of the same name)")
          ->allow_extra_args(false);
  App.add_option("--site", Site,
                 "KERNEL.ptx:INJECT: compile for that inject of the annotated "
                 "PTX (inputs and requests from its operands)");
  App.add_option("--types", TypesPath,
                 "type file (data_type_infos JSON) for KERNEL.ptx's tagged "
                 "sites");
  App.add_option("-f", ProgramFile,
                 "read the program from FILE ('-' for stdin)");
  App.add_option("-o", OutputPath, "write the stub to FILE (default: stdout)");
  App.add_flag("--print-program", PrintProgram,
               "print the parsed program back in text form, then the stub");
  if (std::optional<int> Exit =
          parseCommandLine(App, "stack", Argc, Argv, &AfterSeparator))
    return *Exit;
  Programs.insert(Programs.end(), AfterSeparator.begin(), AfterSeparator.end());
  if (Programs.size() > 1) {
    reportUsageError("stack",
                     "more than one program given; quote the program as one "
                     "argument");
    return ExitUsage;
  }
  if (!Programs.empty()) {
    ProgramText = Programs[0];
    HaveProgram = true;
  }
  // --input-type and --request-type type the register given just before.
  size_t NextInput = 0, NextInputType = 0, NextRequest = 0, NextRequestType = 0;
  for (CLI::Option *O : App.parse_order()) {
    if (O == InputOpt || O == RequestOpt) {
      bool IsInput = O == InputOpt;
      Pending.push_back(
          {IsInput ? Inputs[NextInput++] : RequestNames[NextRequest++], "",
           IsInput});
    } else if (O == InputTypeOpt || O == RequestTypeOpt) {
      bool IsInput = O == InputTypeOpt;
      const char *Flag = IsInput ? "--input-type" : "--request-type";
      if (Pending.empty() || Pending.back().IsInput != IsInput) {
        reportUsageError("stack", std::string(Flag) + " must follow the " +
                                      (IsInput ? "--input" : "--request") +
                                      " it types");
        return ExitUsage;
      }
      Pending.back().Type = IsInput ? InputTypes[NextInputType++]
                                    : RequestTypes[NextRequestType++];
    }
  }
  if (HaveProgram == !ProgramFile.empty()) {
    reportUsageError("stack",
                     "give the program either as one argument or with -f FILE");
    return ExitUsage;
  }
  if (!Site.empty() && !Pending.empty()) {
    reportUsageError("stack", "--site takes the inputs and requests from the "
                              "inject's operands; drop --input and --request");
    return ExitUsage;
  }
  std::string ProgramName = "<program>";
  if (!ProgramFile.empty()) {
    if (!readWholeFileOrReport(ProgramFile, ProgramText))
      return ExitUsage;
    ProgramName = ProgramFile;
  }

  InstructionSet Set = InstructionSet::builtin();
  if (!DescPath.empty() && !tool::loadDescriptionOrReport(DescPath, Set))
    return ExitUsage;
  if (!Arch.empty()) {
    Target For;
    if (!Target::parse(Arch, For)) {
      reportUsageError("stack", "--arch '" + Arch +
                                    "' is not an SM architecture; "
                                    "give one such as sm_80 or sm_90a");
      return ExitUsage;
    }
    Set = Set.forTarget(For);
  }

  if (!Site.empty())
    return compileForSite(Site, TypesPath, Set, ProgramText, ProgramName,
                          PrintProgram, OutputPath);

  // Registers: every --input in order, then each --request not already an
  // input.
  std::vector<std::string> Names;
  std::vector<StackPtxFastRegister> Registers;
  std::vector<size_t> Requests;
  std::vector<unsigned> Types;
  auto typeOf = [&](const std::string &T, int &Out) {
    Out = Set.findStackType(T.empty() ? "F32" : T);
    if (Out < 0)
      reportUsageError("stack",
                       "unknown stack type '" + (T.empty() ? "F32" : T) +
                           "'; the description's stack types are listed in its "
                           "'stack_types'");
    return Out >= 0;
  };
  for (const PendingRegister &P : Pending) {
    if (!P.IsInput)
      continue;
    int T;
    if (!typeOf(P.Type, T))
      return ExitUsage;
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
      if (!P.Type.empty() &&
          (!typeOf(P.Type, T) || unsigned(T) != Types[Index])) {
        reportUsageError("stack", "request '" + P.Name +
                                      "' has a different type from the "
                                      "input of the same name");
        return ExitUsage;
      }
    } else {
      if (!typeOf(P.Type, T))
        return ExitUsage;
      Names.push_back(P.Name);
      Types.push_back(unsigned(T));
    }
    Requests.push_back(Index);
  }
  for (size_t K = 0; K < Names.size(); ++K)
    Registers.push_back(StackPtxFastRegister{Names[K].c_str(), Types[K]});

  std::vector<StackPtxFastInstruction> Program;
  // Only inputs are words of the program; requests are written, not read.
  if (Error Err = parseProgram(
          ProgramText, Set,
          Span<StackPtxFastRegister>(Registers.data(), NumInputs), Program)) {
    tool::reportError(ProgramName, Err);
    return ExitFailed;
  }
  Compiler C(Set);
  Workspace WS;
  std::string Stub;
  StackPtxFastResult R = C.compile(Program, Registers, Requests, WS, Stub);
  if (R != STACK_PTX_FAST_SUCCESS) {
    reportError(ProgramName, stack_ptx_fast_result_to_string(R));
    return ExitFailed;
  }
  return writeStub(OutputPath,
                   PrintProgram ? printProgram(Program, Set, Registers) : "",
                   Stub);
}
