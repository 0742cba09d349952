//===- InjectTable.h - The inject table as a committed golden ---*- C++ -*-===//
//
// A search stores programs written against a PTX's inject table: each
// inject's name, its operands in order with their kind and type, and how many
// sites it has. `ptxinject inspect --json` writes that table (toJson); a
// project commits it, and `ptxinject inspect --check` reads it back (parse)
// and compares a fresh PTX with it, naming each change that would break the
// stored programs. The one writer and the one reader of the form live here.
//
// The JSON form (version 1; docs/ci.md), keys always in this order:
//   {"version": 1,
//    "injects": [{"name": N, "sites": S, "operands": [{"label": L,
//                 "kind": "in"|"mod"|"out", "register": R,
//                 "register_type": P, "type": T}, ...]}, ...],
//    "locations": {N: [{"line": L, "column": C}, ...], ...}}
// Injects are sorted by name; operands are in marker order. "locations" is
// where each site is in the PTX; it differs between compilers, so the check
// ignores it.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_GOLDEN_INJECTTABLE_H
#define PTXINJECT_GOLDEN_INJECTTABLE_H

#include "ptxinject/module/Module.h"
#include "ptxinject/module/RuntimeError.h"

#include <string>
#include <string_view>
#include <vector>

namespace ptxinject {
namespace golden {

/// The version of the table's JSON form that this library reads and writes.
constexpr int InjectTableVersion = 1;

struct TableOperand {
  std::string Label;
  std::string Kind; ///< "in", "mod" or "out"
  std::string Register;
  std::string RegisterType;
  std::string Type;
};

struct TableInject {
  std::string Name;
  unsigned Sites = 0;
  std::vector<TableOperand> Operands;
  unsigned Line = 0; ///< where it starts in the golden (0 from a Module)
  /// Where each site is in the PTX ("locations"); not compared.
  std::vector<SiteLocation> Locations;
};

struct InjectTable {
  std::vector<TableInject> Injects; ///< sorted by name

  static InjectTable fromModule(const Module &M);
  /// Reads the JSON form. Errors carry the line and column in Json.
  /// "locations" entries that are not arrays of {"line", "column"} objects
  /// naming a listed inject are skipped: the check ignores them.
  static Expected<InjectTable> parse(std::string_view Json);
  /// The JSON form, as parse reads it back.
  std::string toJson() const;
};

/// One change between a golden table and a fresh one, in words.
struct TableDifference {
  unsigned GoldenLine = 0; ///< the golden inject it concerns (0: none)
  std::string Message;
};

/// Every change from Golden to Current: an inject gone, renamed or new; an
/// operand removed, added, reordered, or with another kind or type; a
/// different site count. In golden order, new injects last.
std::vector<TableDifference> compareInjectTables(const InjectTable &Golden,
                                                 const InjectTable &Current);

/// The JSON Schema (draft 2020-12) of the table's JSON form.
const char *injectTableSchema();

} // namespace golden
} // namespace ptxinject

#endif
