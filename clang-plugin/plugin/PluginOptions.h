//===- PluginOptions.h - Settings of the PTX Inject plugin ------*- C++ -*-===//
//
// What -fplugin-arg-ptxinject-NAME=VALUE arguments set.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_PLUGIN_PLUGINOPTIONS_H
#define PTXINJECT_PLUGIN_PLUGINOPTIONS_H

#include <string>

namespace ptxinject {
namespace plugin {

struct PluginOptions {
  /// Emit every site as asm volatile, so the optimizer cannot delete a site
  /// whose outputs are unused.
  bool Volatile = true;
  /// Where to write the site manifest; empty for none.
  std::string ManifestPath;
  /// Extra operand types (data_type_infos JSON); empty for the built-in table.
  std::string TypesPath;
};

} // namespace plugin
} // namespace ptxinject

#endif
