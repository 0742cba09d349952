//===- TypeTable.cpp - Operand types of inject sites ----------------------===//
#include "ptxinject/site/TypeTable.h"
#include "ptxinject/json/Json.h"
#include "ptxinject/support/File.h"

namespace ptxinject {

bool equalsIgnoreCase(std::string_view A, std::string_view B) {
  if (A.size() != B.size())
    return false;
  for (size_t I = 0; I < A.size(); ++I) {
    char X = A[I], Y = B[I];
    if (X >= 'A' && X <= 'Z')
      X += 'a' - 'A';
    if (Y >= 'A' && Y <= 'Z')
      Y += 'a' - 'A';
    if (X != Y)
      return false;
  }
  return true;
}

static TypeTable makeBuiltin() {
  TypeTable T;
  const char *HalfView = "*(unsigned short*)&";
  const char *PairView = "*(unsigned int*)&";
  T.add({"F32", "f32", "f32", 'f', ""});
  T.add({"F64", "f64", "f64", 'd', ""});
  T.add({"S32", "s32", "s32", 'r', ""});
  T.add({"U32", "u32", "u32", 'r', ""});
  T.add({"B32", "b32", "b32", 'r', ""});
  T.add({"S64", "s64", "s64", 'l', ""});
  T.add({"U64", "u64", "u64", 'l', ""});
  T.add({"S16", "s16", "s16", 'h', ""});
  T.add({"U16", "u16", "u16", 'h', ""});
  T.add({"F16", "b16", "b16", 'h', HalfView});
  T.add({"BF16", "b16", "b16", 'h', HalfView});
  T.add({"F16X2", "b32", "b32", 'r', PairView});
  T.add({"BF16X2", "b32", "b32", 'r', PairView});
  // bool has no register constraint: it travels as a 32-bit integer and is
  // turned into a predicate with setp inside the asm.
  T.add({"PRED", "pred", "pred", 'r', ""});
  return T;
}

const TypeTable &TypeTable::builtin() {
  static const TypeTable Table = makeBuiltin();
  return Table;
}

const TypeInfo *TypeTable::find(std::string_view Name) const {
  for (const TypeInfo &E : Entries)
    if (equalsIgnoreCase(E.Name, Name))
      return &E;
  return nullptr;
}

void TypeTable::add(TypeInfo Info) {
  for (TypeInfo &E : Entries)
    if (equalsIgnoreCase(E.Name, Info.Name)) {
      E = std::move(Info);
      return;
    }
  Entries.push_back(std::move(Info));
}

namespace {

/// PTX's fundamental types, as a register's or a mov's type.
bool isPtxType(std::string_view T) {
  static constexpr std::string_view Types[] = {
      "pred", "b8",    "b16",  "b32",    "b64", "b128", "u8",
      "u16",  "u32",   "u64",  "s8",     "s16", "s32",  "s64",
      "f16",  "f16x2", "bf16", "bf16x2", "f32", "f64",  "tf32"};
  for (std::string_view K : Types)
    if (T == K)
      return true;
  return false;
}

/// Inline-asm register constraints of the NVPTX target: b (1-bit), c (8),
/// h (16), r (32), l (64), q (128), f (f32), d (f64).
bool isRegisterConstraint(char C) {
  return std::string_view("bchrlqfd").find(C) != std::string_view::npos;
}

} // namespace

Expected<TypeTable> TypeTable::fromFile(const std::string &Path) {
  TypeTable Table = builtin();
  Expected<std::string> Text = readFile(Path);
  Error E = Text ? Table.addFromJson(*Text) : Text.error();
  if (!E)
    return Table;
  E.File = Path;
  return E;
}

Error TypeTable::addFromJson(std::string_view Text) {
  Expected<json::Value> R = json::parse(Text);
  if (!R)
    return R.error();
  // A failure at V's place in the text.
  auto At = [](const json::Value &V, std::string Message) {
    return Error::make(ErrorCode::InvalidArgument, std::move(Message), V.line(),
                       V.column());
  };
  const json::Value *Infos = R->get("data_type_infos");
  if (!Infos || !Infos->isArray()) {
    return At(Infos ? *Infos : *R,
              "expected an object with a \"data_type_infos\" array");
  }
  std::vector<TypeInfo> Parsed;
  for (const json::Value &E : Infos->elements()) {
    TypeInfo Info;
    const char *Fields[] = {"name", "register_type", "mov_postfix",
                            "register_char", "register_cast_str"};
    std::string *Targets[] = {&Info.Name, &Info.RegisterType, &Info.MovPostfix,
                              nullptr, &Info.CastPrefix};
    for (int I = 0; I < 5; ++I) {
      const json::Value *F = E.get(Fields[I]);
      if (!F || !F->isString()) {
        return At(E, std::string("type entry needs a string \"") + Fields[I] +
                         "\"");
      }
      if (Targets[I])
        *Targets[I] = F->asString();
      else if (F->asString().size() != 1) {
        return At(E, "\"register_char\" must be one constraint letter");
      } else
        Info.Constraint = F->asString()[0];
    }
    if (Info.Name.empty()) {
      return At(E, "type entry has an empty name");
    }
    for (const std::string *T : {&Info.RegisterType, &Info.MovPostfix})
      if (!isPtxType(*T)) {
        return At(E, "type '" + Info.Name + "': '" + *T +
                         "' is not a PTX type (b32, u16, f32, f16x2, pred...)");
      }
    if (!isRegisterConstraint(Info.Constraint)) {
      return At(
          E,
          "type '" + Info.Name + "': '" + std::string(1, Info.Constraint) +
              "' is not an inline-asm register constraint (h, r, l, q, f, d, "
              "b, c)");
    }
    Parsed.push_back(std::move(Info));
  }
  for (TypeInfo &Info : Parsed)
    add(std::move(Info));
  return Error::success();
}

} // namespace ptxinject
