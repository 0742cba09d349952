//===- RenderCommand.cpp - ptxinject render: insert stubs into PTX --------===//
//
// Renders annotated PTX with one stub per inject, given by name. Output is
// all or nothing: on any error no output file is written.
//
//===----------------------------------------------------------------------===//
#include "Commands.h"
#include "ToolSupport.h"

#include "ptxinject/module/Module.h"

#include <cstdio>
#include <string>
#include <vector>

using namespace ptxinject;
using namespace ptxinject::tool;

namespace {

void printUsage(FILE *Out) {
  std::fprintf(
      Out,
      "usage: ptxinject render FILE.ptx [--stub NAME=STUB.ptx]... "
      "[--stub-text NAME=TEXT]... [-o OUT.ptx] [--types T.json]\n"
      "       [--prune-globals]\n\n"
      "Inserts each stub at every site of the inject NAME. Injects without a "
      "stub\nare left empty (still valid PTX). Output goes to stdout unless -o "
      "is given.\nIn stubs, operands are the stable registers shown by "
      "'ptxinject inspect',\ne.g. 'add.f32 %%_x1, %%_x0, %%_x2;'.\n"
      "--prune-globals drops internal module-scope variables (no .visible,\n"
      ".extern, .weak) that nothing in the PTX refers to; stubs must not use "
      "them.\n");
}

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
  std::vector<StubArg> Stubs;
  for (int I = 1; I < Argc; ++I) {
    std::string Arg = Argv[I];
    if (Arg == "--help" || Arg == "-h") {
      printUsage(stdout);
      return 0;
    }
    bool IsStub = Arg == "--stub", IsText = Arg == "--stub-text";
    if ((IsStub || IsText || Arg == "-o" || Arg == "--types") &&
        I + 1 == Argc) {
      reportUsageError("render", "option '" + Arg + "' needs a value");
      return 2;
    }
    if (IsStub || IsText) {
      std::string Value = Argv[++I];
      size_t Eq = Value.find('=');
      if (Eq == std::string::npos || Eq == 0) {
        reportUsageError("render", "expected NAME=" +
                                       std::string(IsStub ? "FILE" : "TEXT") +
                                       " after " + Arg + ", got '" + Value +
                                       "'");
        return 2;
      }
      StubArg S;
      S.Name = Value.substr(0, Eq);
      if (IsStub) {
        S.Source = Value.substr(Eq + 1);
        if (!readWholeFileOrReport(S.Source, S.Text))
          return 1;
      } else {
        S.Source = "<text>";
        S.Text = Value.substr(Eq + 1);
      }
      Stubs.push_back(std::move(S));
    } else if (Arg == "-o") {
      Output = Argv[++I];
    } else if (Arg == "--types") {
      TypesPath = Argv[++I];
    } else if (Arg == "--prune-globals") {
      PruneGlobals = true;
    } else if (Arg.size() > 1 && Arg[0] == '-') {
      reportUsageError("render", "unknown option '" + Arg +
                                     "' (see 'ptxinject render --help')");
      return 2;
    } else if (Input.empty()) {
      Input = Arg;
    } else {
      reportUsageError("render", "more than one input file");
      return 2;
    }
  }
  if (Input.empty()) {
    reportUsageError("render",
                     "no input file: ptxinject render FILE.ptx --stub "
                     "NAME=STUB.ptx");
    return 2;
  }

  std::optional<Module> M = loadModuleOrReport(Input, TypesPath, PruneGlobals);
  if (!M)
    return 1;

  std::vector<std::string_view> Views(M->numInjects());
  std::vector<bool> Given(M->numInjects(), false);
  for (const StubArg &S : Stubs) {
    std::optional<size_t> Index = M->injectIndex(S.Name);
    if (!Index) {
      reportError(S.Source, "no inject named '" + S.Name + "' in " + Input +
                                "; its injects are: " + injectList(*M));
      return 1;
    }
    if (Given[*Index]) {
      reportUsageError("render", "two stubs for inject '" + S.Name + "'");
      return 1;
    }
    Given[*Index] = true;
    Views[*Index] = S.Text;
  }

  std::string Out;
  if (Error E = M->render(Views, Out)) {
    reportError(Input, E);
    return 1;
  }
  return writeFileAtomicallyOrReport(Output, Out) ? 0 : 1;
}
