//===- InjectTable.cpp - Inject tables from PTX and from golden JSON ------===//
#include "ptxinject/golden/InjectTable.h"
#include "ptxinject/json/Json.h"

#include <algorithm>
#include <cmath>
#include <set>

using namespace ptxinject;
using namespace ptxinject::golden;

namespace {

const char *kindName(OperandKind K) {
  return K == OperandKind::In ? "in" : K == OperandKind::Mod ? "mod" : "out";
}

/// The JSON model keeps a value's line only; the column is found on that
/// line: where Needle is (a key in quotes), else its first non-blank.
unsigned columnOn(std::string_view Text, unsigned Line,
                  std::string_view Needle) {
  size_t Start = 0;
  for (unsigned L = 1; L < Line && Start != std::string_view::npos; ++L) {
    Start = Text.find('\n', Start);
    if (Start != std::string_view::npos)
      ++Start;
  }
  if (Start == std::string_view::npos)
    return 1;
  std::string_view Row = Text.substr(Start, Text.find('\n', Start) - Start);
  size_t At = Needle.empty() ? std::string_view::npos : Row.find(Needle);
  if (At == std::string_view::npos)
    At = Row.find_first_not_of(" \t\r");
  return At == std::string_view::npos ? 1 : static_cast<unsigned>(At + 1);
}

class TableReader {
public:
  explicit TableReader(std::string_view Text) : Text(Text) {}

  Error error(const json::Value &At, std::string_view Key,
              std::string Message) const {
    std::string Needle = Key.empty() ? "" : "\"" + std::string(Key) + "\"";
    return Error::make(ErrorCode::InvalidArgument,
                       "inject table: " + std::move(Message), At.line(),
                       columnOn(Text, At.line(), Needle));
  }

  /// Object members must be among Allowed (a typo is an error, not a key
  /// the check silently skips).
  Error onlyKeys(const json::Value &Obj,
                 std::initializer_list<std::string_view> Allowed,
                 std::string_view What) const {
    for (const auto &[Key, Value] : Obj.members())
      if (std::find(Allowed.begin(), Allowed.end(), Key) == Allowed.end())
        return error(Value, Key,
                     "unknown key \"" + Key + "\" in " + std::string(What) +
                         " (see 'ptxinject inspect --schema')");
    return Error::success();
  }

  Error string(const json::Value &Obj, std::string_view Key,
               std::string_view What, std::string &Out) const {
    const json::Value *V = Obj.get(Key);
    if (!V || !V->isString())
      return error(V ? *V : Obj, Key,
                   std::string(What) + " needs a string \"" + std::string(Key) +
                       "\"");
    Out = V->asString();
    return Error::success();
  }

  Expected<InjectTable> read(const json::Value &Root) const {
    if (!Root.isObject())
      return error(Root, "",
                   "expected an object {\"version\": 1, "
                   "\"injects\": [...]}");
    if (Error E =
            onlyKeys(Root, {"version", "injects", "locations"}, "the table"))
      return E;
    const json::Value *Version = Root.get("version");
    if (!Version || !Version->isNumber() ||
        Version->asNumber() != InjectTableVersion)
      return error(
          Version ? *Version : Root, "version",
          "expected \"version\": " + std::to_string(InjectTableVersion) +
              " (regenerate the golden with 'ptxinject inspect "
              "--json')");
    const json::Value *Injects = Root.get("injects");
    if (!Injects || !Injects->isArray())
      return error(Injects ? *Injects : Root, "injects",
                   "expected an \"injects\" array");
    if (const json::Value *L = Root.get("locations"); L && !L->isObject())
      return error(*L, "locations", "\"locations\" must be an object");
    InjectTable T;
    std::set<std::string> Names;
    for (const json::Value &I : Injects->elements()) {
      TableInject Inj;
      Inj.Line = I.line();
      if (!I.isObject())
        return error(I, "", "each inject must be an object");
      if (Error E = onlyKeys(I, {"name", "sites", "operands"}, "an inject"))
        return E;
      if (Error E = string(I, "name", "an inject", Inj.Name))
        return E;
      if (!Names.insert(Inj.Name).second)
        return error(I, "name", "inject '" + Inj.Name + "' appears twice");
      const json::Value *Sites = I.get("sites");
      if (!Sites || !Sites->isNumber() || Sites->asNumber() < 0 ||
          Sites->asNumber() > 1e9 ||
          std::floor(Sites->asNumber()) != Sites->asNumber())
        return error(Sites ? *Sites : I, "sites",
                     "inject '" + Inj.Name +
                         "' needs \"sites\", a whole number of sites");
      Inj.Sites = static_cast<unsigned>(Sites->asNumber());
      const json::Value *Ops = I.get("operands");
      if (!Ops || !Ops->isArray())
        return error(Ops ? *Ops : I, "operands",
                     "inject '" + Inj.Name + "' needs an \"operands\" array");
      for (const json::Value &O : Ops->elements()) {
        TableOperand Op;
        if (!O.isObject())
          return error(O, "", "each operand must be an object");
        if (Error E = onlyKeys(
                O, {"label", "kind", "register", "register_type", "type"},
                "an operand"))
          return E;
        std::string What = "an operand of '" + Inj.Name + "'";
        for (auto [Key, Field] :
             {std::pair<const char *, std::string *>{"label", &Op.Label},
              {"kind", &Op.Kind},
              {"register", &Op.Register},
              {"register_type", &Op.RegisterType},
              {"type", &Op.Type}})
          if (Error E = string(O, Key, What, *Field))
            return E;
        for (const TableOperand &Earlier : Inj.Operands)
          if (Earlier.Label == Op.Label)
            return error(O, "label",
                         "inject '" + Inj.Name + "' has two operands '" +
                             Op.Label + "'");
        if (Op.Kind != "in" && Op.Kind != "mod" && Op.Kind != "out")
          return error(*O.get("kind"), "kind",
                       "operand '" + Op.Label + "' has kind \"" + Op.Kind +
                           "\"; expected \"in\", \"mod\" or \"out\"");
        Inj.Operands.push_back(std::move(Op));
      }
      T.Injects.push_back(std::move(Inj));
    }
    if (const json::Value *L = Root.get("locations"))
      readLocations(*L, T);
    std::sort(T.Injects.begin(), T.Injects.end(),
              [](const TableInject &A, const TableInject &B) {
                return A.Name < B.Name;
              });
    return T;
  }

  /// Sites' places differ between compilers and the check ignores them, so
  /// a golden's "locations" never fails a read: what is not an array of
  /// {"line", "column"} objects under a listed inject's name is skipped.
  static void readLocations(const json::Value &Locations, InjectTable &T) {
    auto Whole = [](const json::Value *V) {
      return V && V->isNumber() && V->asNumber() >= 0 && V->asNumber() <= 4e9 &&
             std::floor(V->asNumber()) == V->asNumber();
    };
    for (TableInject &Inj : T.Injects) {
      const json::Value *Sites = Locations.get(Inj.Name);
      if (!Sites || !Sites->isArray())
        continue;
      for (const json::Value &S : Sites->elements()) {
        const json::Value *Line = S.isObject() ? S.get("line") : nullptr;
        const json::Value *Column = S.isObject() ? S.get("column") : nullptr;
        if (Whole(Line) && Whole(Column))
          Inj.Locations.push_back({static_cast<unsigned>(Line->asNumber()),
                                   static_cast<unsigned>(Column->asNumber())});
      }
    }
  }

private:
  std::string_view Text;
};

} // namespace

InjectTable InjectTable::fromModule(const Module &M) {
  InjectTable T;
  for (size_t I = 0; I < M.numInjects(); ++I) {
    const Inject &Inj = M.inject(I);
    TableInject TI;
    TI.Name = Inj.Name;
    TI.Sites = static_cast<unsigned>(Inj.Sites.size());
    for (const InjectOperand &Op : Inj.Operands)
      TI.Operands.push_back({Op.Label, kindName(Op.Kind), Op.Register,
                             Op.RegisterType, Op.TypeLabel});
    TI.Locations = Inj.Sites;
    T.Injects.push_back(std::move(TI));
  }
  std::sort(T.Injects.begin(), T.Injects.end(),
            [](const TableInject &A, const TableInject &B) {
              return A.Name < B.Name;
            });
  return T;
}

Expected<InjectTable> InjectTable::parse(std::string_view Json) {
  Expected<json::Value> R = json::parse(Json);
  if (!R)
    return Error::make(ErrorCode::InvalidArgument,
                       "inject table is not valid JSON: " + R.error().Message,
                       R.error().Line, R.error().Column);
  return TableReader(Json).read(*R);
}

std::string InjectTable::toJson() const {
  std::string Out = "{\n  \"version\": " + std::to_string(InjectTableVersion) +
                    ",\n  \"injects\": [";
  for (size_t I = 0; I < Injects.size(); ++I) {
    const TableInject &Inj = Injects[I];
    Out += I ? ",\n    {" : "\n    {";
    Out += "\"name\": ";
    json::appendQuoted(Out, Inj.Name);
    Out += ", \"sites\": " + std::to_string(Inj.Sites) + ", \"operands\": [";
    for (size_t K = 0; K < Inj.Operands.size(); ++K) {
      const TableOperand &Op = Inj.Operands[K];
      Out += K ? ",\n      {" : "\n      {";
      Out += "\"label\": ";
      json::appendQuoted(Out, Op.Label);
      Out += ", \"kind\": ";
      json::appendQuoted(Out, Op.Kind);
      Out += ", \"register\": ";
      json::appendQuoted(Out, Op.Register);
      Out += ", \"register_type\": ";
      json::appendQuoted(Out, Op.RegisterType);
      Out += ", \"type\": ";
      json::appendQuoted(Out, Op.Type);
      Out += "}";
    }
    Out += Inj.Operands.empty() ? "]}" : "\n    ]}";
  }
  Out += Injects.empty() ? "],\n" : "\n  ],\n";
  // PTX places differ between compilers; they live apart so a comparison
  // can drop this key.
  Out += "  \"locations\": {";
  for (size_t I = 0; I < Injects.size(); ++I) {
    Out += I ? ",\n    " : "\n    ";
    json::appendQuoted(Out, Injects[I].Name);
    Out += ": [";
    for (size_t S = 0; S < Injects[I].Locations.size(); ++S) {
      const SiteLocation &L = Injects[I].Locations[S];
      Out += (S ? ", " : "") + std::string("{\"line\": ") +
             std::to_string(L.Line) +
             ", \"column\": " + std::to_string(L.Column) + "}";
    }
    Out += "]";
  }
  Out += Injects.empty() ? "}\n}\n" : "\n  }\n}\n";
  return Out;
}

const char *ptxinject::golden::injectTableSchema() {
  return R"({
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "title": "PTX Inject inject table (ptxinject inspect --json), version 1",
  "description": "Keys are written in the order listed. Injects are sorted by name, operands are in marker order. 'locations' differs between compilers and is not compared by 'ptxinject inspect --check'.",
  "type": "object",
  "required": ["version", "injects"],
  "additionalProperties": false,
  "properties": {
    "version": {"const": 1},
    "injects": {
      "type": "array",
      "items": {
        "type": "object",
        "required": ["name", "sites", "operands"],
        "additionalProperties": false,
        "properties": {
          "name": {"type": "string"},
          "sites": {"type": "integer", "minimum": 0},
          "operands": {
            "type": "array",
            "items": {
              "type": "object",
              "required": ["label", "kind", "register", "register_type", "type"],
              "additionalProperties": false,
              "properties": {
                "label": {"type": "string"},
                "kind": {"enum": ["in", "mod", "out"]},
                "register": {"type": "string"},
                "register_type": {"type": "string"},
                "type": {"type": "string"}
              }
            }
          }
        }
      }
    },
    "locations": {
      "type": "object",
      "additionalProperties": {
        "type": "array",
        "items": {
          "type": "object",
          "required": ["line", "column"],
          "additionalProperties": false,
          "properties": {
            "line": {"type": "integer", "minimum": 1},
            "column": {"type": "integer", "minimum": 1}
          }
        }
      }
    }
  }
}
)";
}
