//===- VariantManifestFuzzer.cpp - manifest.tsv read back -----------------===//
//
// Input: a manifest.tsv, as a killed run, another tool or a person left it.
// Checked beyond the absence of crashes: an error names a line of the text;
// a module read is a plain file name of the output folder (no '/', never
// '..'); and the rows read, written back as `ptxinject variants` writes
// them, read back the same.
//
//===----------------------------------------------------------------------===//
#include "FuzzInput.h"
#include "ptxinject/variants/VariantManifestReader.h"

#include <algorithm>
#include <string>
#include <string_view>

using namespace ptxinject;
using namespace ptxinject::variants;

namespace {

// A field the reader gives empty for '-'.
std::string orDash(const std::string &Field) {
  return Field.empty() ? std::string("-") : Field;
}

std::string write(const VariantManifest &M) {
  std::string Out = VariantManifestHeader;
  for (const VariantManifestRow &R : M.Rows) {
    std::string Entries, Resources;
    for (const std::string &E : R.Entries)
      Entries += (Entries.empty() ? "" : ",") + E;
    for (const VariantManifestRow::KernelUse &K : R.Resources)
      Resources += (Resources.empty() ? "" : ",") +
                   std::to_string(K.Registers) + "/" +
                   std::to_string(K.SpillStoreBytes) + "/" +
                   std::to_string(K.SpillLoadBytes);
    std::string Status =
        R.Ok ? "ok"
             : "failed" + (R.FailedStage.empty() ? "" : ":" + R.FailedStage);
    Out += std::to_string(R.Program) + "\t" + (R.Ok ? R.Module : "-") + "\t" +
           R.Inject + "\t" + Status + "\t" + std::to_string(R.PackIndex) +
           "\t" + Entries + "\t" + R.Source + "\t" + R.Text + "\t" +
           (R.SameAs == VariantManifestRow::None ? std::string("-")
                                                 : std::to_string(R.SameAs)) +
           "\t" + (R.Ok ? R.Origin : "-") + "\t" + orDash(R.Assembler) + "\t" +
           orDash(R.Options) + "\t" + orDash(Resources) + "\n";
  }
  return Out;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size > fuzzinput::MaxInputBytes)
    return 0;
  std::string_view Text(reinterpret_cast<const char *>(Data), Size);
  Expected<VariantManifest> M = parseVariantManifest(Text);
  if (!M) {
    size_t Lines = std::count(Text.begin(), Text.end(), '\n') + 1;
    FUZZ_CHECK(M.error().Line >= 1 && M.error().Line <= Lines);
    return 0;
  }
  for (const VariantManifestRow &R : M->Rows)
    FUZZ_CHECK(R.Module.find('/') == std::string::npos &&
               R.Module.find("..") == std::string::npos);
  Expected<VariantManifest> Again = parseVariantManifest(write(*M));
  FUZZ_CHECK(Again && !Again->Truncated &&
             Again->Rows.size() == M->Rows.size());
  FUZZ_CHECK(write(*Again) == write(*M));
  return 0;
}
