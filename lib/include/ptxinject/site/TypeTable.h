//===- TypeTable.h - Operand types of inject sites --------------*- C++ -*-===//
//
// The table that maps an inject operand's type name (the label written in
// markers and annotations, e.g. "F32") to how it lives in PTX: register type,
// mov suffix, inline-asm constraint and the cast that gives a bindable view.
// Users extend or rename entries with the JSON format of
// data/ptx_inject_default_types.json.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_TYPETABLE_H
#define PTXINJECT_TYPETABLE_H

#include "ptxinject/support/Error.h"

#include <string>
#include <string_view>
#include <vector>

namespace ptxinject {

struct TypeInfo {
  std::string Name;         ///< label in annotations and markers, e.g. "F32"
  std::string RegisterType; ///< PTX register type, e.g. "f32", "b16", "pred"
  std::string MovPostfix;   ///< suffix of the mov into/out of the register
  char Constraint = 0;      ///< inline-asm constraint letter: f d r l h
  std::string CastPrefix;   ///< bindable view, e.g. "*(unsigned short*)&"
};

class TypeTable {
public:
  /// The built-in table: F32 F64 S32 U32 B32 S64 U64 S16 U16 F16 BF16 F16X2
  /// BF16X2 PRED. Lookup ignores case, so the reference default table's
  /// names (f32, u32, f16, f16X2, ...) resolve to the same entries.
  static const TypeTable &builtin();

  /// Looks up a name, case-insensitively. Returns nullptr when unknown.
  const TypeInfo *find(std::string_view Name) const;

  /// Adds or replaces an entry (matched case-insensitively by name).
  void add(TypeInfo Info);

  /// Merges entries from JSON text in the data_type_infos format, or
  /// returns the error at its place in the text (nothing is merged then).
  Error addFromJson(std::string_view Text);

  /// The builtin table with the entries of the JSON file at Path merged in
  /// (a --types file): every tool and the plugin load one this way. The
  /// error names the file (Error::File) and its place in it.
  static Expected<TypeTable> fromFile(const std::string &Path);

  const std::vector<TypeInfo> &entries() const { return Entries; }

private:
  std::vector<TypeInfo> Entries;
};

/// Case-insensitive ASCII comparison.
bool equalsIgnoreCase(std::string_view A, std::string_view B);

} // namespace ptxinject

#endif
