//===- VariantFolderBindings.cpp - Program files and the output folder ----===//
//
// The readers of `ptxinject variants --programs/--stubs` files and the writer
// of its output folder, bound so that the Python package (compile_variants'
// callers, the Ray driver, the search's winners) reads and writes them with
// the tool's own code: one format, one implementation.
//
//===----------------------------------------------------------------------===//
#include "Bindings.h"
#include "Errors.h"
#include "ModuleObject.h"

#include "ptxinject/support/File.h"
#include "ptxinject/variants/VariantInputs.h"
#include "ptxinject/variants/VariantOutputFolder.h"

#include <nanobind/nanobind.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

namespace nb = nanobind;
using namespace nb::literals;
using namespace ptxinject;
using namespace ptxinject::variants;

namespace {

// (injects, [texts per inject], [sources per inject]) of a program file.
nb::tuple readPrograms(const std::vector<std::string> &Args, bool Stubs) {
  VariantInputs In;
  Error E;
  {
    nb::gil_scoped_release Release;
    E = Stubs ? readStubFile(Args.empty() ? std::string() : Args[0], In)
              : readProgramFiles(Args, stackptx::InstructionSet::builtin(), In);
  }
  if (E)
    python::throwIfError(E);
  ManifestSources S;
  describeInputs(In, 0, S);
  nb::list Texts, Sources;
  for (size_t R = 0; R < In.Sources.size(); ++R) {
    std::vector<std::string> T, Src;
    for (size_t P = 0; P < In.Sources[R]->numPrograms(); ++P) {
      T.push_back(In.Stack[R]
                      ? In.Stack[R]->text(P)
                      : static_cast<RawStubSource &>(*In.Sources[R]).text(P));
      Src.push_back(S.Source(R, P));
    }
    Texts.append(nb::cast(T));
    Sources.append(nb::cast(Src));
  }
  return nb::make_tuple(nb::cast(In.Injects), Texts, Sources);
}

VariantStage stageOf(const std::string &Name) {
  for (VariantStage S : {VariantStage::Stub, VariantStage::Cubin,
                         VariantStage::Timeout, VariantStage::Memory})
    if (Name == variantStageName(S))
      return S;
  throw nb::value_error(("unknown failure stage '" + Name + "'").c_str());
}

// Writes a compile_variants result (its Python objects) as the tool does.
void writeFolder(const std::string &OutDir, const python::ModuleObject &Kernel,
                 nb::handle Result, const std::vector<std::string> &Sources,
                 std::optional<std::vector<std::string>> Texts, size_t Pack,
                 const std::vector<std::string> &SlotNames,
                 std::optional<std::vector<std::string>> Options) {
  VariantReport Report;
  for (nb::handle P : nb::iter(Result.attr("places"))) {
    ProgramPlace Place;
    Place.SameAs = nb::cast<size_t>(P.attr("same_as"));
    nb::object Module = P.attr("module"), Cached = P.attr("cached_cubin"),
               Inject = P.attr("inject");
    if (!Module.is_none())
      Place.Module = nb::cast<size_t>(Module);
    if (!Cached.is_none())
      Place.CachedCubin = nb::cast<std::string>(Cached);
    if (!Inject.is_none()) {
      std::optional<size_t> I =
          Kernel.injectIndex(nb::cast<std::string>(Inject));
      if (!I)
        throw nb::value_error("a place names an inject the kernel lacks");
      Place.Inject = *I;
    }
    Place.PackIndex = nb::cast<size_t>(P.attr("pack_index"));
    Report.Places.push_back(std::move(Place));
  }
  Report.Variants = Report.Places.size();
  for (nb::handle F : nb::iter(Result.attr("failures"))) {
    VariantFailure Failure;
    Failure.Program = nb::cast<size_t>(F.attr("program"));
    Failure.Stage = stageOf(nb::cast<std::string>(F.attr("stage")));
    Report.Failures.push_back(std::move(Failure));
  }
  if (Sources.size() != Report.Variants ||
      (Texts && Texts->size() != Report.Variants))
    throw nb::value_error("sources (and texts) need one entry per program");
  ManifestSources S;
  S.Kernel = &Kernel;
  S.Ptx = Kernel.source();
  S.Pack = Pack;
  for (const std::string &Name : SlotNames) {
    std::optional<size_t> I = Kernel.injectIndex(Name);
    if (!I)
      throw nb::value_error(("no inject '" + Name + "' in the kernel").c_str());
    S.Slots.push_back(*I);
  }
  if (S.Slots.empty())
    throw nb::value_error("slots: the injects the programs filled");
  S.Source = [&](size_t, size_t P) { return Sources[P]; };
  if (Texts)
    S.Text = [&](size_t, size_t P) { return (*Texts)[P]; };
  if (Options && Options->size() != Report.Variants)
    throw nb::value_error("options need one entry per program");
  if (Options)
    S.Options = [&](size_t P) { return (*Options)[P]; };
  // The compiler that made the result's cubins, as compile_variants names
  // it (its report's "compiler").
  nb::dict Stats = nb::cast<nb::dict>(Result.attr("report"));
  if (Stats.contains("compiler"))
    S.Assembler = nb::cast<std::string>(Stats["compiler"]);

  std::vector<std::tuple<size_t, std::string, std::optional<std::string>>>
      Modules;
  for (nb::handle M : nb::iter(Result.attr("modules"))) {
    nb::bytes Cubin = nb::cast<nb::bytes>(M.attr("cubin"));
    nb::object Ptx = M.attr("ptx");
    Modules.emplace_back(
        nb::cast<size_t>(M.attr("index")),
        std::string(Cubin.c_str(), Cubin.size()),
        Ptx.is_none() ? std::nullopt
                      : std::optional<std::string>(nb::cast<std::string>(Ptx)));
  }
  nb::gil_scoped_release Release;
  auto Check = [&](Error E) {
    if (E) {
      if (E.File.empty())
        E.File = OutDir;
      nb::gil_scoped_acquire Acquire;
      python::throwIfError(E);
    }
  };
  Check(makeOutputFolder(OutDir));
  for (const auto &[Index, Cubin, Ptx] : Modules) {
    std::string_view PtxView = Ptx ? std::string_view(*Ptx) : "";
    Check(writeModuleFiles(OutDir, Index, Cubin, Ptx ? &PtxView : nullptr));
  }
  Expected<std::map<std::string, std::string>> Names =
      linkCachedCubins(Report.Places, OutDir);
  if (!Names)
    Check(Names.error());
  S.CachedNames = &*Names;
  Check(writeFileAtomically(OutDir + "/manifest.tsv", manifestTsv(S, Report)));
}

// The package's one atomic writer: the library's, with a temporary name
// unique to the process and the call, so two writers of one folder never
// share a temporary.
void writeFile(const std::string &Path, nb::bytes Data) {
  std::string_view Bytes(Data.c_str(), Data.size());
  Error E;
  {
    nb::gil_scoped_release Release;
    E = writeFileAtomically(Path, Bytes);
  }
  if (E) {
    E.File = Path;
    python::throwIfError(E);
  }
}

} // namespace

void ptxinject::python::bindVariantFolder(nb::module_ &M) {
  M.def("_write_file", &writeFile, "path"_a, "data"_a,
        "Writes data to path all or nothing (a temporary file of a unique "
        "name beside it, then a rename).");
  M.def("_read_program_files", &readPrograms, "args"_a, "stubs"_a,
        "(injects, texts, sources) of `ptxinject variants --programs ARGS` "
        "(or --stubs ARGS[0]): per inject, each program's text and where it "
        "came from.");
  M.def("_write_variants_folder", &writeFolder, "out_dir"_a, "module"_a,
        "result"_a, "sources"_a, "texts"_a.none(), "pack"_a, "slots"_a,
        "options"_a.none() = nb::none(),
        "Writes a compile_variants result as `ptxinject variants` writes its "
        "output folder.");
}
