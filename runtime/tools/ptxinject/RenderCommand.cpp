//===- RenderCommand.cpp - ptxinject render: insert stubs into PTX --------===//
//
// Renders annotated PTX with one stub per inject, given by name. Output is
// all or nothing: on any error no output file is written.
//
//===----------------------------------------------------------------------===//
#include "CommandLine.h"
#include "Commands.h"
#include "ToolSupport.h"

#include "ptxinject/module/Module.h"
#include "ptxinject/module/StubLabels.h"
#include "ptxinject/module/StubRegisters.h"
#include "ptxinject/support/ExitCode.h"

#include <cstdio>
#include <string>
#include <vector>

using namespace ptxinject;
using namespace ptxinject::tool;

namespace {

const char Description[] =
    "Inserts each stub at every site of the inject NAME. Injects without a\n"
    "stub are left empty (still valid PTX). Output goes to stdout unless -o\n"
    "is given. In stubs, operands are %{label} (the operand's label, as\n"
    "'ptxinject variants --stubs' takes them) or the stable registers shown\n"
    "by 'ptxinject inspect', e.g. 'add.f32 %{y}, %{x}, %{x};' or\n"
    "'add.f32 %_x1, %_x0, %_x0;'. A stub that names a register\n"
    "declared neither in it, among its inject's operands, among PTX's special\n"
    "registers nor in the kernel function of a site is refused (--no-check\n"
    "renders it as it is).";

struct StubArg {
  std::string Name;
  std::string Source; ///< file path, or "<text>"
  std::string Text;
};

} // namespace

int ptxinject::tool::runRender(int Argc, char **Argv) {
  std::string Input, Output = "-", TypesPath;
  bool PruneGlobals = false, NoCheck = false;
  std::vector<std::string> StubFiles, StubTexts;
  CLI::App App(Description, "ptxinject render");
  App.set_help_flag("-h,--help", "print this help and exit");
  App.add_option("FILE", Input, "annotated PTX")->required();
  App.add_option("--stub", StubFiles, "NAME=STUB.ptx: the stub of inject NAME")
      ->allow_extra_args(false);
  App.add_option("--stub-text", StubTexts, "NAME=TEXT: the stub of inject NAME")
      ->allow_extra_args(false);
  App.add_option("-o", Output, "output PTX (default: stdout)");
  App.add_option("--types", TypesPath, "type file (data_type_infos JSON)");
  App.add_flag("--prune-globals", PruneGlobals,
               "drop internal module-scope variables (no .visible, .extern, "
               ".weak) that nothing in the PTX refers to; stubs must not use "
               "them");
  App.add_flag("--no-check", NoCheck,
               "render stubs that name registers the kernel does not declare "
               "(for a stub whose PTX declares them in a way this check does "
               "not read)");
  if (std::optional<int> Exit = parseCommandLine(App, "render", Argc, Argv))
    return *Exit;
  std::vector<StubArg> Stubs;
  for (bool IsStub : {true, false}) {
    for (const std::string &Value : IsStub ? StubFiles : StubTexts) {
      size_t Eq = Value.find('=');
      if (Eq == std::string::npos || Eq == 0) {
        reportUsageError(
            "render", "expected NAME=" + std::string(IsStub ? "FILE" : "TEXT") +
                          " after " + (IsStub ? "--stub" : "--stub-text") +
                          ", got '" + Value + "'");
        return ExitUsage;
      }
      StubArg S;
      S.Name = Value.substr(0, Eq);
      if (IsStub) {
        S.Source = Value.substr(Eq + 1);
        if (!readWholeFileOrReport(S.Source, S.Text))
          return ExitUsage;
      } else {
        S.Source = "<text>";
        S.Text = Value.substr(Eq + 1);
      }
      Stubs.push_back(std::move(S));
    }
  }

  std::optional<Module> M = loadModuleOrReport(Input, TypesPath, PruneGlobals);
  if (!M)
    return ExitUsage;

  std::vector<std::string_view> Views(M->numInjects());
  std::vector<bool> Given(M->numInjects(), false);
  std::vector<std::string> Resolved(M->numInjects());
  for (const StubArg &S : Stubs) {
    std::optional<size_t> Index = M->injectIndex(S.Name);
    if (!Index) {
      reportError(S.Source, "no inject named '" + S.Name + "' in " + Input +
                                "; its injects are: " + injectNames(*M));
      return ExitUsage;
    }
    if (Given[*Index]) {
      reportUsageError("render", "two stubs for inject '" + S.Name + "'");
      return ExitUsage;
    }
    Given[*Index] = true;
    if (Error E =
            resolveStubLabels(M->inject(*Index), S.Text, Resolved[*Index])) {
      reportError(S.Source, E);
      return ExitFailed;
    }
    Views[*Index] = Resolved[*Index];
  }
  if (!NoCheck) {
    StubRegisterCheck Check(*M);
    for (const StubArg &S : Stubs) {
      size_t Index = *M->injectIndex(S.Name);
      if (Error E = Check.check(Index, S.Text)) {
        E.Message += "; 'ptxinject stack --site " + Input + ":" + S.Name +
                     "' names the inject's registers, --no-check renders "
                     "the stub as it is";
        reportError(S.Source, E);
        return ExitUsage;
      }
    }
  }

  std::string Out;
  if (Error E = M->render(Views, Out)) {
    reportError(Input, E);
    return ExitFailed;
  }
  // An output that cannot be written is a bad -o: nothing was written.
  return writeFileAtomicallyOrReport(Output, Out) ? ExitOk : ExitUsage;
}
