//===- SiteManifestReader.cpp - Reading the manifest, finding lost sites ===//
#include "ptxinject/json/Json.h"
#include "ptxinject/manifest/SiteManifest.h"

#include <string_view>
#include <unordered_set>

using namespace ptxinject;
using namespace ptxinject::manifest;

namespace {
Error manifestError(const json::Value &At, std::string Message) {
  return Error::make(ErrorCode::InvalidArgument,
                     "site manifest: " + std::move(Message), At.line(),
                     At.column());
}

bool getString(const json::Value &Obj, std::string_view Key, std::string &Out) {
  const json::Value *V = Obj.get(Key);
  if (!V || !V->isString())
    return false;
  Out = V->asString();
  return true;
}

bool getUnsigned(const json::Value &Obj, std::string_view Key, unsigned &Out) {
  const json::Value *V = Obj.get(Key);
  if (!V || !V->isNumber() || V->asNumber() < 0 || V->asNumber() > 1e9)
    return false;
  Out = static_cast<unsigned>(V->asNumber());
  return true;
}
} // namespace

Expected<SiteManifest> SiteManifest::parse(std::string_view Json) {
  Expected<json::Value> R = json::parse(Json);
  if (!R)
    return Error::make(ErrorCode::InvalidArgument,
                       "site manifest is not valid JSON: " + R.error().Message,
                       R.error().Line, R.error().Column);
  const json::Value &Root = *R;
  const json::Value *Version = Root.get("version");
  if (!Root.isObject() || !Version || !Version->isNumber() ||
      Version->asNumber() != 1)
    return manifestError(Root, "expected an object with \"version\": 1");
  const json::Value *Sites = Root.get("sites");
  if (!Sites || !Sites->isArray())
    return manifestError(Root, "expected a \"sites\" array");
  SiteManifest M;
  for (const json::Value &S : Sites->elements()) {
    ManifestSite Site;
    if (!S.isObject() || !getString(S, "name", Site.Name) ||
        !getString(S, "file", Site.File) ||
        !getUnsigned(S, "line", Site.Line) ||
        !getUnsigned(S, "column", Site.Column))
      return manifestError(S, "each site needs \"name\", \"file\", \"line\" "
                              "and \"column\"");
    if (const json::Value *Ops = S.get("operands")) {
      if (!Ops->isArray())
        return manifestError(*Ops, "\"operands\" must be an array");
      for (const json::Value &O : Ops->elements()) {
        ManifestOperand Op;
        if (!O.isObject() || !getString(O, "label", Op.Label) ||
            !getString(O, "kind", Op.Kind))
          return manifestError(O, "each operand needs \"label\" and \"kind\"");
        getString(O, "type", Op.Type);
        Site.Operands.push_back(std::move(Op));
      }
    }
    if (const json::Value *V = S.get("volatile")) {
      if (!V->isBool())
        return manifestError(*V, "\"volatile\" must be true or false");
      Site.Volatile = V->asBool();
    }
    M.Sites.push_back(std::move(Site));
  }
  return M;
}

std::vector<const ManifestSite *>
ptxinject::manifest::findMissingSites(const Module &M,
                                      const SiteManifest &Manifest) {
  // A template site whose instantiations differ in type is split by the
  // runtime into NAME<T1,...> injects; any of them means the site survived.
  std::unordered_set<std::string_view> SplitBases;
  for (size_t I = 0; I < M.numInjects(); ++I) {
    std::string_view Name = M.inject(I).Name;
    size_t Open = Name.find('<');
    if (Open != std::string_view::npos && Name.back() == '>')
      SplitBases.insert(Name.substr(0, Open));
  }
  std::vector<const ManifestSite *> Missing;
  for (const ManifestSite &S : Manifest.Sites)
    if (!M.findInject(S.Name) && !SplitBases.count(S.Name))
      Missing.push_back(&S);
  return Missing;
}

std::string ptxinject::manifest::describeMissingSite(const ManifestSite &Site) {
  // The optimizer keeps asm volatile: only code never emitted loses it.
  static constexpr const char *NeverEmitted =
      "the code holding it was never emitted (a __device__ function no "
      "kernel calls, a template this compile does not instantiate, or a "
      "branch the compiler discards, such as if constexpr)";
  std::string Why;
  if (Site.Volatile.value_or(false))
    Why = NeverEmitted;
  else if (Site.Volatile)
    Why = std::string("the optimizer removed its asm because no output is "
                      "used; make the site volatile (see docs) or use its "
                      "outputs; or ") +
          NeverEmitted;
  else
    Why = std::string(NeverEmitted) +
          "; or, if the site is not volatile, the optimizer removed its asm "
          "because no output is used";
  return Site.File + ":" + std::to_string(Site.Line) + ":" +
         std::to_string(Site.Column) + ": error: inject site '" + Site.Name +
         "' is missing from the PTX: " + Why;
}
