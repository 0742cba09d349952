//===- InjectTableCheck.cpp - inspect --check: a PTX against its golden ---===//
//
// Reads the committed table (and the site manifest, when given), compares
// with the library's compareInjectTables and reports as a CI check does:
// differences on Out, errors on Err, and the exit code.
//
//===----------------------------------------------------------------------===//
#include "InjectTableCheck.h"

#include "ptxinject/golden/InjectTable.h"
#include "ptxinject/manifest/SiteManifest.h"
#include "ptxinject/support/ExitCode.h"
#include "ptxinject/support/File.h"

using namespace ptxinject;
using namespace ptxinject::golden;
using namespace ptxinject::manifest;

namespace {

/// Reads a file the check needs, or says which and why not.
bool readInput(const std::string &Path, std::string &Out, std::FILE *Err,
               const char *What) {
  Expected<std::string> Text = readFile(Path);
  if (!Text) {
    std::fprintf(Err, "%s: error: cannot read the %s: %s\n", Path.c_str(), What,
                 Text.error().Message.c_str());
    return false;
  }
  Out = Text.take();
  return true;
}

} // namespace

int ptxinject::tool::checkInjectTableFile(const std::string &GoldenPath,
                                          const Module &M,
                                          const std::string &ManifestPath,
                                          std::FILE *Out, std::FILE *Err) {
  std::string Text;
  if (!readInput(GoldenPath, Text, Err, "golden inject table"))
    return ExitUsage;
  Expected<InjectTable> Golden = InjectTable::parse(Text);
  if (!Golden) {
    std::fprintf(Err, "%s\n", Golden.error().format(GoldenPath).c_str());
    return ExitUsage;
  }
  std::vector<const ManifestSite *> Missing;
  SiteManifest Manifest;
  if (!ManifestPath.empty()) {
    std::string ManifestText;
    if (!readInput(ManifestPath, ManifestText, Err, "site manifest"))
      return ExitUsage;
    Expected<SiteManifest> Parsed = SiteManifest::parse(ManifestText);
    if (!Parsed) {
      std::fprintf(Err, "%s\n", Parsed.error().format(ManifestPath).c_str());
      return ExitUsage;
    }
    Manifest = std::move(*Parsed);
    Missing = findMissingSites(M, Manifest);
  }
  std::vector<TableDifference> Diffs =
      compareInjectTables(*Golden, InjectTable::fromModule(M));
  for (const TableDifference &D : Diffs) {
    if (D.GoldenLine)
      std::fprintf(Out, "%s:%u: %s\n", GoldenPath.c_str(), D.GoldenLine,
                   D.Message.c_str());
    else
      std::fprintf(Out, "%s: %s\n", GoldenPath.c_str(), D.Message.c_str());
  }
  for (const ManifestSite *S : Missing)
    std::fprintf(Out, "%s\n", describeMissingSite(*S).c_str());
  std::fflush(Out);
  return Diffs.empty() && Missing.empty() ? ExitOk : ExitFailed;
}
