//===- SiteManifestWriter.cpp - Write the emitted sites' list -------------===//
#include "ptxinject/Frontend/Sites/SiteManifestWriter.h"

#include "llvm/Support/JSON.h"

namespace ptxinject {
namespace frontend {

void SiteManifest::print(llvm::raw_ostream &OS) const {
  llvm::json::Array Sites;
  for (const ManifestEntry &E : Entries) {
    llvm::json::Array Operands;
    for (const SiteOperand &Op : E.S.Operands)
      Operands.push_back(llvm::json::Object{
          {"label", Op.Label},
          {"kind", operandKindName(Op.Kind)},
          {"type", Op.Type ? Op.Type->Name : std::string()}});
    Sites.push_back(llvm::json::Object{{"name", E.S.Name},
                                       {"file", E.File},
                                       {"line", E.Line},
                                       {"column", E.Column},
                                       {"volatile", E.Volatile},
                                       {"operands", std::move(Operands)}});
  }
  llvm::json::Value Doc =
      llvm::json::Object{{"version", 1}, {"sites", std::move(Sites)}};
  OS << llvm::formatv("{0:2}", Doc) << "\n";
}

llvm::Error SiteManifest::writeTo(llvm::StringRef Path) const {
  return llvm::writeToOutput(Path, [this](llvm::raw_ostream &OS) {
    print(OS);
    return llvm::Error::success();
  });
}

} // namespace frontend
} // namespace ptxinject
