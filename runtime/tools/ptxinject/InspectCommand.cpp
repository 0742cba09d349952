//===- InspectCommand.cpp - ptxinject inspect: print the inject table -----===//
//
// Shows what the runtime found in annotated PTX: each inject, its sites and
// its operands. --json gives a deterministic table for comparing the output
// of two compilers (injects sorted by name, PTX places under "locations"
// only). --manifest checks that no site of the front end vanished.
//
//===----------------------------------------------------------------------===//
#include "Commands.h"
#include "ToolSupport.h"

#include "ptxinject/golden/InjectTable.h"
#include "ptxinject/json/Json.h"
#include "ptxinject/module/Module.h"
#include "ptxinject/manifest/SiteManifest.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

using namespace ptxinject;
using namespace ptxinject::tool;

namespace {

const char *kindName(OperandKind K) {
  return K == OperandKind::In ? "in" : K == OperandKind::Mod ? "mod" : "out";
}

void printUsage(FILE *Out) {
  std::fprintf(Out,
               "usage: ptxinject inspect FILE.ptx [--json] [--types T.json] "
               "[--manifest M.json]\n"
               "       ptxinject inspect --check TABLE.json FILE.ptx "
               "[--manifest M.json]\n"
               "       ptxinject inspect --schema\n\n"
               "Prints the injects of annotated PTX: sites and operands with "
               "kind, stable\nregister, PTX register type, type label and "
               "label.\n\n"
               "  --json             machine-readable table (injects sorted "
               "by name)\n"
               "  --types T.json     extra types for the tagged dialect\n"
               "  --manifest M.json  fail if a site of the front end's "
               "manifest is missing\n"
               "  --check T.json     compare with a committed --json table: "
               "exit 0 equal,\n"
               "                     1 listing each change, 2 on errors\n"
               "  --schema           print the JSON Schema of the --json "
               "table\n");
}

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
      Out += Op.RegisterType +
             std::string(Op.RegisterType.size() < 8
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

std::string jsonTable(const Module &M) {
  std::vector<const Inject *> Sorted;
  for (size_t I = 0; I < M.numInjects(); ++I)
    Sorted.push_back(&M.inject(I));
  std::sort(Sorted.begin(), Sorted.end(),
            [](const Inject *A, const Inject *B) { return A->Name < B->Name; });
  std::string Out = "{\n  \"version\": 1,\n  \"injects\": [";
  for (size_t I = 0; I < Sorted.size(); ++I) {
    const Inject &Inj = *Sorted[I];
    Out += I ? ",\n    {" : "\n    {";
    Out += "\"name\": ";
    json::appendQuoted(Out, Inj.Name);
    Out += ", \"sites\": " + std::to_string(Inj.Sites.size()) +
           ", \"operands\": [";
    for (size_t K = 0; K < Inj.Operands.size(); ++K) {
      const InjectOperand &Op = Inj.Operands[K];
      Out += K ? ",\n      {" : "\n      {";
      Out += "\"label\": ";
      json::appendQuoted(Out, Op.Label);
      Out += ", \"kind\": \"";
      Out += kindName(Op.Kind);
      Out += "\", \"register\": ";
      json::appendQuoted(Out, Op.Register);
      Out += ", \"register_type\": ";
      json::appendQuoted(Out, Op.RegisterType);
      Out += ", \"type\": ";
      json::appendQuoted(Out, Op.TypeLabel);
      Out += "}";
    }
    Out += Inj.Operands.empty() ? "]}" : "\n    ]}";
  }
  Out += Sorted.empty() ? "],\n" : "\n  ],\n";
  // PTX places differ between compilers; they live apart so a comparison
  // can drop this key.
  Out += "  \"locations\": {";
  for (size_t I = 0; I < Sorted.size(); ++I) {
    Out += I ? ",\n    " : "\n    ";
    json::appendQuoted(Out, Sorted[I]->Name);
    Out += ": [";
    for (size_t S = 0; S < Sorted[I]->Sites.size(); ++S) {
      const SiteLocation &L = Sorted[I]->Sites[S];
      Out += (S ? ", " : "") + std::string("{\"line\": ") +
             std::to_string(L.Line) + ", \"column\": " +
             std::to_string(L.Column) + "}";
    }
    Out += "]";
  }
  Out += Sorted.empty() ? "}\n}\n" : "\n  }\n}\n";
  return Out;
}

} // namespace

int ptxinject::tool::runInspect(int Argc, char **Argv) {
  std::string Input, TypesPath, ManifestPath, CheckPath;
  bool Json = false;
  for (int I = 1; I < Argc; ++I) {
    std::string Arg = Argv[I];
    if (Arg == "--help" || Arg == "-h") {
      printUsage(stdout);
      return 0;
    }
    if (Arg == "--json") {
      Json = true;
    } else if (Arg == "--schema") { // the --json form's JSON Schema
      std::fputs(golden::injectTableSchema(), stdout);
      return 0;
    } else if (Arg == "--check" && I + 1 < Argc) { // golden table, docs/ci.md
      CheckPath = Argv[++I];
    } else if ((Arg == "--types" || Arg == "--manifest") && I + 1 < Argc) {
      (Arg == "--types" ? TypesPath : ManifestPath) = Argv[++I];
    } else if (Arg.size() > 1 && Arg[0] == '-') {
      reportUsageError("inspect", "unknown option '" + Arg +
                                      "' (see 'ptxinject inspect --help')");
      return 2;
    } else if (Input.empty()) {
      Input = Arg;
    } else {
      reportUsageError("inspect", "more than one input file");
      return 2;
    }
  }
  if (Input.empty()) {
    reportUsageError("inspect", "no input file: ptxinject inspect FILE.ptx");
    return 2;
  }

  std::optional<Module> M = loadModuleOrReport(Input, TypesPath);
  if (!M)
    return CheckPath.empty() ? 1 : 2;
  if (!CheckPath.empty())
    return golden::checkInjectTableFile(CheckPath, *M, ManifestPath, stdout,
                                        stderr);

  std::string Out = Json ? jsonTable(*M) : textTable(*M);
  if (std::fwrite(Out.data(), 1, Out.size(), stdout) != Out.size())
    return 1;
  std::fflush(stdout);

  if (ManifestPath.empty())
    return 0;
  std::string ManifestText;
  if (!readWholeFileOrReport(ManifestPath, ManifestText))
    return 1;
  Expected<SiteManifest> Manifest = SiteManifest::parse(ManifestText);
  if (!Manifest) {
    reportError(ManifestPath, Manifest.error());
    return 1;
  }
  std::vector<const ManifestSite *> Missing = findMissingSites(*M, *Manifest);
  for (const ManifestSite *S : Missing)
    std::fprintf(stderr, "%s\n", describeMissingSite(*S).c_str());
  return Missing.empty() ? 0 : 1;
}
