//===- InspectCommand.cpp - ptxinject inspect: print the inject table -----===//
//
// Shows what the runtime found in annotated PTX: each inject, its sites and
// its operands. --json gives a deterministic table for comparing the output
// of two compilers (injects sorted by name, PTX places under "locations"
// only). --manifest checks that no site of the front end vanished.
//
//===----------------------------------------------------------------------===//
#include "CommandLine.h"
#include "Commands.h"
#include "InjectTableCheck.h"
#include "ToolSupport.h"

#include "ptxinject/golden/InjectTable.h"
#include "ptxinject/manifest/SiteManifest.h"
#include "ptxinject/module/Module.h"
#include "ptxinject/support/ExitCode.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

using namespace ptxinject;
using namespace ptxinject::manifest;
using namespace ptxinject::tool;

namespace {

const char *kindName(OperandKind K) {
  return K == OperandKind::In ? "in" : K == OperandKind::Mod ? "mod" : "out";
}

const char Description[] =
    "Prints the injects of annotated PTX: sites and operands with kind, "
    "stable\nregister, PTX register type, type label and label.";

std::string textTable(const Module &M) {
  std::string Out;
  char Buf[64];
  for (size_t I = 0; I < M.numInjects(); ++I) {
    const Inject &Inj = M.inject(I);
    Out += "inject " + Inj.Name + ": " + std::to_string(Inj.Sites.size()) +
           (Inj.Sites.size() == 1 ? " site" : " sites") + " (line";
    Out += Inj.Sites.size() == 1 ? " " : "s ";
    for (size_t S = 0; S < Inj.Sites.size(); ++S)
      Out += (S ? ", " : "") + std::to_string(Inj.Sites[S].Line);
    Out += "), " + std::to_string(Inj.Operands.size()) + " operands\n";
    // Column widths follow the content so long labels stay readable.
    size_t RegW = 8, TypeW = 4;
    for (const InjectOperand &Op : Inj.Operands) {
      RegW = std::max(RegW, Op.Register.size());
      TypeW = std::max(TypeW, Op.TypeLabel.size());
    }
    std::snprintf(Buf, sizeof(Buf), "  %-4s %-*s %-8s %-*s label\n", "kind",
                  (int)RegW, "register", "ptx-type", (int)TypeW, "type");
    Out += Buf;
    for (const InjectOperand &Op : Inj.Operands) {
      Out += "  ";
      std::string Kind = kindName(Op.Kind);
      Out += Kind + std::string(5 - Kind.size(), ' ');
      Out += Op.Register + std::string(RegW + 1 - Op.Register.size(), ' ');
      Out += Op.RegisterType + std::string(Op.RegisterType.size() < 8
                                               ? 9 - Op.RegisterType.size()
                                               : 1,
                                           ' ');
      Out += Op.TypeLabel + std::string(TypeW + 1 - Op.TypeLabel.size(), ' ');
      Out += Op.Label + "\n";
    }
  }
  if (M.numInjects() == 0)
    Out += "no inject sites\n";
  return Out;
}

} // namespace

int ptxinject::tool::runInspect(int Argc, char **Argv) {
  std::string Input, TypesPath, ManifestPath, CheckPath;
  bool Json = false;
  bool Schema = false;
  CLI::App App(Description, "ptxinject inspect");
  App.set_help_flag("-h,--help", "print this help and exit");
  App.add_option("FILE", Input, "annotated PTX");
  App.add_flag("--json", Json,
               "machine-readable table (injects sorted by name)");
  App.add_option("--types", TypesPath,
                 "extra types for the tagged dialect (JSON)");
  App.add_option("--manifest", ManifestPath,
                 "fail if a site of the front end's manifest is missing");
  App.add_option("--check", CheckPath,
                 "compare with a committed --json table (docs/ci.md): exit 0 "
                 "equal, 1 listing each change, 2 on errors");
  App.add_flag("--schema", Schema, "print the JSON Schema of the --json table");
  if (std::optional<int> Exit = parseCommandLine(App, "inspect", Argc, Argv))
    return *Exit;
  if (Schema) {
    std::fputs(golden::injectTableSchema(), stdout);
    return ExitOk;
  }
  if (Input.empty()) {
    reportUsageError("inspect", "no input file: ptxinject inspect FILE.ptx");
    return ExitUsage;
  }

  std::optional<Module> M = loadModuleOrReport(Input, TypesPath);
  if (!M) // unreadable, or not PTX this tool reads: an input error
    return ExitUsage;
  if (!CheckPath.empty())
    return checkInjectTableFile(CheckPath, *M, ManifestPath, stdout, stderr);

  std::string Out =
      Json ? golden::InjectTable::fromModule(*M).toJson() : textTable(*M);
  if (std::fwrite(Out.data(), 1, Out.size(), stdout) != Out.size())
    return ExitFailed;
  std::fflush(stdout);

  if (ManifestPath.empty())
    return ExitOk;
  std::string ManifestText;
  if (!readWholeFileOrReport(ManifestPath, ManifestText))
    return ExitUsage;
  Expected<SiteManifest> Manifest = SiteManifest::parse(ManifestText);
  if (!Manifest) {
    reportError(ManifestPath, Manifest.error());
    return ExitUsage;
  }
  std::vector<const ManifestSite *> Missing = findMissingSites(*M, *Manifest);
  for (const ManifestSite *S : Missing)
    std::fprintf(stderr, "%s\n", describeMissingSite(*S).c_str());
  return Missing.empty() ? ExitOk : ExitFailed;
}
