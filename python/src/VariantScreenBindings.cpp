//===- VariantScreenBindings.cpp - Duplicates and cache hits, before ------===//
//
// The cluster driver (ptxinject.distributed) decides what to ship before it
// ships anything: which programs repeat an earlier one and which the cache
// holds. It does so with the engine's own pieces, so a program gets the key
// the local engine and `ptxinject variants` give it, and one cache folder
// serves all three: the stubs are hashed as compileVariants hashes them
// (VariantCodeHasher over the first slot's inject name and the stub), and
// the cache is the engine's VariantCache under variantCacheContext.
//
//===----------------------------------------------------------------------===//
#include "Bindings.h"
#include "Errors.h"
#include "ModuleObject.h"
#include "TextArg.h"
#include "VariantArgs.h"

#include "ptxinject/support/ByteSize.h"
#include "ptxinject/variants/ProgramDedup.h"
#include "ptxinject/variants/VariantCache.h"
#include "ptxinject/variants/VariantManifestReader.h"

#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/string_view.h>
#include <nanobind/stl/vector.h>

namespace nb = nanobind;
using namespace nb::literals;
using namespace ptxinject::backends;
using namespace ptxinject::variants;

namespace ptxinject {
namespace python {

namespace {

Hash128 hashOf(std::string_view Hex) {
  Hash128 H;
  if (!Hash128::fromHex(Hex, H))
    throw nb::value_error("not a code hash (32 hex digits)");
  return H;
}

/// Per program: its code hash (32 hex digits), or (message, line, column)
/// when its stub cannot be made. Programs are read as compile_variants
/// reads them; what stops a batch there (no such slot, programs that
/// cannot target the inject) raises here.
nb::list fingerprintVariants(const ModuleObject &Kernel, nb::handle Programs,
                             const std::string &Kind, nb::handle SetArg,
                             std::vector<std::string> Slots, size_t Pack,
                             const std::string &Arch) {
  std::unique_ptr<ProgramSource> Source =
      makeSource(Programs, Kind, SetArg, nb::none());
  VariantOptions VO;
  VO.Pack = Pack;
  VO.Slots = std::move(Slots);
  Expected<std::vector<size_t>> Resolved = resolveSlots(Kernel, VO);
  if (!Resolved)
    throwIfError(Resolved.error());
  const Inject &First = Kernel.inject((*Resolved)[0]);
  stackptx::Target For;
  stackptx::Target::parse(Arch, For);
  Source->setTarget(For);
  if (Error E = Source->prepare(First))
    throw BindingError("invalid-argument", E.Message);

  size_t N = Source->numPrograms();
  std::vector<Hash128> Codes(N);
  std::vector<StubError> Errors(N);
  std::vector<char> Good(N, 0);
  {
    nb::gil_scoped_release Release;
    std::unique_ptr<ProgramScratch> Scratch = Source->makeScratch();
    std::string Buffer;
    for (size_t P = 0; P < N; ++P) {
      std::string_view Stub;
      if (!Source->stub(P, Scratch.get(), Buffer, Stub, Errors[P]))
        continue;
      VariantCodeHasher H;
      H.add(First.Name, Stub);
      Codes[P] = H.result();
      Good[P] = 1;
    }
  }
  nb::list Out;
  for (size_t P = 0; P < N; ++P)
    if (Good[P])
      Out.append(nb::str(Codes[P].hex().c_str()));
    else
      Out.append(nb::make_tuple(strOf(Errors[P].Message), Errors[P].Line,
                                Errors[P].Column));
  return Out;
}

/// One search's view of a cache folder: the kernel and back end fix the
/// context, programs are looked up and stored by their code hash.
struct CacheHandle {
  const ModuleObject *Kernel = nullptr;
  nb::object KernelRef; // keeps the Module alive
  std::unique_ptr<VariantCache> Cache;
  Hash128 Context;
  std::string BackendVersion;

  /// Per code: None (not there), "damaged" (there but unusable: compile it
  /// again, store() replaces it) or (cubin path, inject name, pack index).
  nb::list lookup(const std::vector<std::string> &Codes) {
    std::vector<Hash128> Hashes;
    for (const std::string &C : Codes)
      Hashes.push_back(hashOf(C));
    std::vector<VariantCache::Found> Found(Hashes.size());
    std::vector<VariantCache::Hit> Hits(Hashes.size());
    {
      nb::gil_scoped_release Release;
      for (size_t I = 0; I < Hashes.size(); ++I) {
        Found[I] =
            Cache->lookup(VariantCache::key(Context, Hashes[I]), Hits[I]);
        // The key holds the kernel's PTX, so the inject is there; an entry
        // naming another is damaged (as the engine's screening says).
        if (Found[I] == VariantCache::Found::Hit &&
            !Kernel->injectIndex(Hits[I].Where.Inject))
          Found[I] = VariantCache::Found::Damaged;
      }
    }
    nb::list Out;
    for (size_t I = 0; I < Hashes.size(); ++I) {
      if (Found[I] == VariantCache::Found::Miss)
        Out.append(nb::none());
      else if (Found[I] == VariantCache::Found::Damaged)
        Out.append(nb::str("damaged"));
      else
        Out.append(nb::make_tuple(strOf(Hits[I].CubinPath),
                                  strOf(Hits[I].Where.Inject),
                                  Hits[I].Where.PackIndex));
    }
    return Out;
  }

  /// Stores a compiled module's cubin once and an entry per program in it:
  /// (code hash, inject name, pack index). Returns the first write error
  /// ("" when all went well): a failed write costs a later run a compile.
  std::string store(nb::bytes Cubin, nb::list Entries) {
    struct Entry {
      Hash128 Code;
      VariantCache::Site Where;
    };
    std::vector<Entry> List;
    for (nb::handle E : Entries)
      List.push_back({hashOf(textOf(E[0], "a program's code hash")),
                      {std::string(textOf(E[1], "an inject name")),
                       nb::cast<size_t>(E[2])}});
    std::vector<char> Bytes(Cubin.c_str(), Cubin.c_str() + Cubin.size());
    nb::gil_scoped_release Release;
    Expected<Hash128> CubinHash = Cache->storeCubin(Bytes);
    Error E = CubinHash ? Error::success() : CubinHash.error();
    for (size_t I = 0; I < List.size() && !E; ++I)
      E = Cache->storeEntry(VariantCache::key(Context, List[I].Code),
                            *CubinHash, Bytes.size(), List[I].Where);
    return E.Message;
  }
};

} // namespace

void bindVariantScreen(nb::module_ &M) {
  M.def("_fingerprint_variants", &fingerprintVariants, "module"_a, "programs"_a,
        "kind"_a, "instruction_set"_a.none(), "slots"_a, "pack"_a, "arch"_a,
        "Per program, its code hash or (message, line, column) for a bad stub "
        "(for the "
        "cluster driver's deduplication; use compile_variants).");
  M.def("default_cache_dir", &defaultVariantCacheDir,
        "The folder `ptxinject variants` caches compiled programs in: "
        "$XDG_CACHE_HOME/ptxinject/variants, else ~/.cache/ptxinject/variants "
        "('' when "
        "neither variable is set).");
  M.attr("VariantManifestHeader") = nb::str(VariantManifestHeader);
  M.def(
      "_parse_manifest",
      [](std::string_view Text) {
        Expected<VariantManifest> Parsed = parseVariantManifest(Text);
        if (!Parsed)
          throw BindingError(errorCodeName(Parsed.error().Code),
                             Parsed.error().Message, Parsed.error().Line,
                             Parsed.error().Column);
        nb::list Rows;
        for (const VariantManifestRow &R : Parsed->Rows)
          Rows.append(nb::make_tuple(
              R.Program,
              R.Ok ? nb::object(nb::str(R.Module.c_str()))
                   : nb::object(nb::none()),
              R.Inject, R.Ok, R.PackIndex, nb::cast(R.Entries), R.Source,
              R.Text,
              R.SameAs == VariantManifestRow::None ? nb::object(nb::none())
                                                   : nb::cast(R.SameAs),
              R.Ok ? nb::object(nb::str(R.Origin.c_str()))
                   : nb::object(nb::none()),
              R.FailedStage.empty()
                  ? nb::object(nb::none())
                  : nb::object(nb::str(R.FailedStage.c_str())),
              R.Options.empty() ? nb::object(nb::none())
                                : nb::object(nb::str(R.Options.c_str())),
              [&R] {
                nb::list Kernels;
                for (const VariantManifestRow::KernelUse &K : R.Resources)
                  Kernels.append(nb::make_tuple(K.Registers, K.SpillStoreBytes,
                                                K.SpillLoadBytes));
                return Kernels;
              }(),
              R.Assembler.empty() ? nb::object(nb::none())
                                  : nb::object(nb::str(R.Assembler.c_str()))));
        return nb::make_tuple(Rows, Parsed->Truncated);
      },
      "text"_a, "Rows of a manifest.tsv, and whether its last line was cut.");
  M.def(
      "_parse_byte_size",
      [](std::string_view Text) { return parseByteSize(Text); }, "text"_a,
      "Bytes of a size such as 5G or 500M; None when it is not one.");
  M.def(
      "_cache_stats",
      [](const std::string &Dir) {
        std::string Problem;
        std::uint64_t Max = variantCacheMaxBytes(Dir, std::nullopt, &Problem);
        if (!Problem.empty())
          throw BindingError("file-error", Problem);
        VariantCacheUsage U;
        {
          nb::gil_scoped_release Release;
          U = scanVariantCache(Dir);
        }
        nb::dict D;
        D["dir"] = Dir;
        D["bytes"] = U.Bytes;
        D["max_bytes"] = Max;
        D["entries"] = U.Entries;
        D["cubins"] = U.Cubins;
        D["temp_files"] = U.TempFiles;
        D["pin_folders"] = U.PinFolders;
        return D;
      },
      "dir"_a);
  M.def(
      "_trim_cache",
      [](const std::string &Dir, bool Clear) {
        std::string Problem;
        std::uint64_t Max = variantCacheMaxBytes(Dir, std::nullopt, &Problem);
        if (!Problem.empty())
          throw BindingError("file-error", Problem);
        VariantCacheTrim T;
        {
          nb::gil_scoped_release Release;
          T = Clear ? clearVariantCache(Dir) : trimVariantCache(Dir, Max);
        }
        nb::dict D;
        D["bytes_before"] = T.Before.Bytes;
        D["bytes_after"] = T.After.Bytes;
        D["removed_entries"] = T.RemovedEntries;
        D["removed_cubins"] = T.RemovedCubins;
        D["removed_leftovers"] = T.RemovedLeftovers;
        return D;
      },
      "dir"_a, "clear"_a);
  M.def(
      "_set_cache_max_size",
      [](const std::string &Dir, std::uint64_t Bytes) {
        if (Error E = writeVariantCacheMaxSize(Dir, Bytes))
          throw BindingError("file-error", E.Message);
      },
      "dir"_a, "bytes"_a);
  nb::class_<CacheHandle>(
      M, "_VariantCache",
      "The variant cache folder for one kernel and back end (for the "
      "cluster driver; use compile_variants(cache_dir=...)).")
      .def(
          "__init__",
          [](CacheHandle *Self, const std::string &Dir, nb::handle KernelArg,
             nb::handle BackendArg, const std::optional<std::string> &Arch,
             std::optional<std::uint64_t> MaxBytes) {
            new (Self) CacheHandle();
            Self->Kernel = &nb::cast<const ModuleObject &>(KernelArg);
            Self->KernelRef = nb::borrow(KernelArg);
            std::shared_ptr<const CubinBackend> Backend =
                backendOf(BackendArg, Arch);
            Self->Cache = std::make_unique<VariantCache>(Dir, MaxBytes);
            Self->Context =
                variantCacheContext(Self->Kernel->source(), *Backend);
            Self->BackendVersion = Backend->version();
          },
          "dir"_a, "module"_a, "backend"_a.none(), "arch"_a.none(),
          "max_size"_a.none() = nb::none())
      .def_prop_ro("dir", [](const CacheHandle &C) { return C.Cache->dir(); })
      .def_prop_ro("backend_version",
                   [](const CacheHandle &C) { return C.BackendVersion; })
      .def("lookup", &CacheHandle::lookup, "codes"_a)
      .def("store", &CacheHandle::store, "cubin"_a, "entries"_a);
}

} // namespace python
} // namespace ptxinject
