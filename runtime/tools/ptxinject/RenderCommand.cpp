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
    "'add.f32 %_x1, %_x0, %_x0;'.";

struct StubArg {
  std::string Name;
  std::string Source; ///< file path, or "<text>"
  std::string Text;
};

std::string injectList(const Module &M) {
  std::string Out;
  for (size_t I = 0; I < M.numInjects(); ++I)
    Out += (I ? ", " : "") + M.inject(I).Name;
  return Out.empty() ? "(none)" : Out;
}

} // namespace

int ptxinject::tool::runRender(int Argc, char **Argv) {
  std::string Input, Output = "-", TypesPath;
  bool PruneGlobals = false;
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
                                "; its injects are: " + injectList(*M));
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

  std::string Out;
  if (Error E = M->render(Views, Out)) {
    reportError(Input, E);
    return ExitFailed;
  }
  // An output that cannot be written is a bad -o: nothing was written.
  return writeFileAtomicallyOrReport(Output, Out) ? ExitOk : ExitUsage;
}
