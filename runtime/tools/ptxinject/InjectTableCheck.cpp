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

#include <fstream>
#include <sstream>

using namespace ptxinject;
using namespace ptxinject::golden;

namespace {

bool readFile(const std::string &Path, std::string &Out, std::FILE *Err,
              const char *What) {
  std::ifstream In(Path, std::ios::binary);
  std::ostringstream S;
  if (In)
    S << In.rdbuf();
  if (!In || In.bad()) {
    std::fprintf(Err, "%s: error: cannot read the %s\n", Path.c_str(), What);
    return false;
  }
  Out = S.str();
  return true;
}

} // namespace

int ptxinject::tool::checkInjectTableFile(const std::string &GoldenPath,
                                          const Module &M,
                                          const std::string &ManifestPath,
                                          std::FILE *Out, std::FILE *Err) {
  std::string Text;
  if (!readFile(GoldenPath, Text, Err, "golden inject table"))
    return 2;
  Expected<InjectTable> Golden = InjectTable::parse(Text);
  if (!Golden) {
    std::fprintf(Err, "%s\n", Golden.error().format(GoldenPath).c_str());
    return 2;
  }
  std::vector<const ManifestSite *> Missing;
  SiteManifest Manifest;
  if (!ManifestPath.empty()) {
    std::string ManifestText;
    if (!readFile(ManifestPath, ManifestText, Err, "site manifest"))
      return 2;
    Expected<SiteManifest> Parsed = SiteManifest::parse(ManifestText);
    if (!Parsed) {
      std::fprintf(Err, "%s\n", Parsed.error().format(ManifestPath).c_str());
      return 2;
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
  return Diffs.empty() && Missing.empty() ? 0 : 1;
}
