//===- VariantBindings.cpp - The batch variant compiler from Python -------===//
//
// Runs ptxinject::variants::compileVariants on its own thread with the GIL
// released; the calling thread wakes every few milliseconds to report progress
// to a Python callback. Cubins are collected in memory and handed back as
// bytes.
//
//===----------------------------------------------------------------------===//
#include "Bindings.h"
#include "Errors.h"
#include "ModuleObject.h"
#include "ProgramArg.h"
#include "TextArg.h"
#include "VariantArgs.h"

#include "ptxinject/backends/AssemblerOptions.h"
#include "ptxinject/variants/LinkedStubs.h"
#include "ptxinject/variants/VariantCacheFolder.h"
#include "ptxinject/variants/VariantCompiler.h"
#include "ptxinject/variants/VariantOutputFolder.h"

#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/string_view.h>
#include <nanobind/stl/vector.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <mutex>
#include <optional>
#include <thread>

namespace nb = nanobind;
using namespace nb::literals;
using namespace ptxinject::backends;
using namespace ptxinject::variants;

namespace ptxinject {
namespace python {

namespace {

struct ModuleResult {
  size_t Index = 0;
  /// Programs[J] sits at pack index J.
  std::vector<size_t> Programs;
  std::vector<size_t> Failed;
  std::string Ptx;
  std::vector<char> Cubin;
};

std::vector<StackPtxFastInstruction> wordsToInstructions(const uint64_t *W,
                                                         size_t N) {
  std::vector<StackPtxFastInstruction> Out(N);
  std::memcpy(Out.data(), W, N * 8);
  return Out;
}

/// Copies one program given as an array or list of ints.
std::vector<uint64_t> wordsOf(nb::handle P) {
  const uint64_t *Data;
  size_t Rows, Cols;
  if (wordsOfArray(P, Data, Rows, Cols)) {
    if (Rows != 1)
      throw nb::type_error("a program is a 1-dimensional array");
    return std::vector<uint64_t>(Data, Data + Cols);
  }
  std::vector<uint64_t> Out;
  for (nb::handle W : P) {
    unsigned long long V = PyLong_AsUnsignedLongLongMask(W.ptr());
    if (V == (unsigned long long)-1 && PyErr_Occurred()) {
      PyErr_Clear();
      throw nb::type_error(
          "a program is text, a uint64 array or a list of ints");
    }
    Out.push_back(V);
  }
  return Out;
}

} // namespace

std::unique_ptr<ProgramSource> makeSource(nb::handle Programs,
                                          const std::string &Kind,
                                          nb::handle SetArg,
                                          nb::handle Random) {
  if (Kind == "raw") {
    std::vector<std::string> Stubs;
    for (nb::handle P : Programs)
      Stubs.emplace_back(textOf(P, "a raw stub"));
    return std::make_unique<RawStubSource>(std::move(Stubs));
  }
  if (Kind == "ast") {
    auto S = std::make_unique<AstPtxSource>();
    for (nb::handle P : Programs) {
      std::vector<uint64_t> W = wordsOf(P);
      if (W.empty() || W.back() != 0)
        W.push_back(0);
      std::vector<AstPtxFastInstruction> I(W.size());
      std::memcpy(I.data(), W.data(), W.size() * 8);
      S->addProgram(std::move(I));
    }
    return S;
  }
  if (Kind != "stack")
    throw BindingError("invalid-argument",
                       "program kind '" + Kind +
                           "' is not 'stack', 'ast' or 'raw'");
  stackptx::InstructionSet Set = instructionSetOf(SetArg);
  auto S = std::make_unique<StackPtxSource>(Set);
  if (!Programs.is_none()) {
    const uint64_t *Data;
    size_t Rows, Cols;
    if (wordsOfArray(Programs, Data, Rows, Cols)) {
      for (size_t R = 0; R < Rows; ++R)
        S->addInstructions(wordsToInstructions(Data + R * Cols, Cols));
    } else {
      for (nb::handle P : Programs) {
        if (PyUnicode_Check(P.ptr()) || PyBytes_Check(P.ptr())) {
          S->addText(std::string(textOf(P, "a program")));
          continue;
        }
        std::vector<uint64_t> W = wordsOf(P);
        S->addInstructions(wordsToInstructions(W.data(), W.size()));
      }
    }
  }
  if (!Random.is_none()) {
    size_t Count = nb::cast<size_t>(Random[0]),
           Length = nb::cast<size_t>(Random[1]);
    uint64_t Seed = nb::cast<uint64_t>(Random[2]);
    if (nb::cast<bool>(Random[3]))
      S->addRandomLive(Count, Length, Seed);
    else
      S->addRandom(Count, Length, Seed);
  }
  return S;
}

namespace {

/// Back ends the bindings created, for tests that check one is reused.
std::atomic<size_t> BackendsCreated{0};

std::shared_ptr<const CubinBackend>
createBackend(nb::handle Name, const std::string &Arch, int OptLevel = 3,
              int MaxRegisters = 0, std::uint64_t MemoryLimit = 0,
              std::string_view Ptx = {},
              const CubinOptions *Assembler = nullptr) {
  CubinBackendKind BK = CubinBackendKind::Ptxas;
  if (Name.is_none()) {
    // The default for what runs the cubins (the driver's CUDA), one found
    // here that reads this PTX's ISA (CubinBackend.h); a warning when it
    // is newer than the driver.
    CubinOptions Probe;
    Probe.Arch = Arch;
    DefaultCubinBackend D = chooseDefaultCubinBackend(Ptx, Probe);
    BK = D.Kind;
    if (!D.Note.empty() &&
        PyErr_WarnEx(PyExc_RuntimeWarning, D.Note.c_str(), 1) != 0)
      throw nb::python_error();
  } else {
    std::string_view Text = textOf(Name, "backend");
    if (!parseCubinBackendName(Text, BK))
      throw BindingError("invalid-argument",
                         "unknown backend '" + std::string(Text) +
                             "' (nvptxcompiler, ptxas or nvjitlink)");
  }
  // ptxas's -O and -maxrregcount, which PTX of a search may want other than
  // the defaults (mm-kermac assembles with -O2); both are in every variant
  // cache key.
  if (OptLevel < 0 || OptLevel > 3)
    throw BindingError("invalid-argument",
                       "opt_level must be 0 to 3 (ptxas -O), not " +
                           std::to_string(OptLevel));
  if (MaxRegisters < 0)
    throw BindingError("invalid-argument",
                       "max_registers must be 0 (the compiler's choice) or "
                       "more, not " +
                           std::to_string(MaxRegisters));
  CubinOptions CO;
  CO.Arch = Arch;
  CO.OptLevel = OptLevel;
  CO.MaxRegisters = MaxRegisters;
  // The other assembler options (AssemblerOptions.h): what the back end
  // cannot take is the caller's mistake, said before any compile.
  if (Assembler) {
    CO.FastCompile = Assembler->FastCompile;
    CO.LineInfo = Assembler->LineInfo;
    CO.AssemblerFlags = Assembler->AssemblerFlags;
  }
  if (Error E = checkAssemblerOptions(BK, CO))
    throw BindingError("invalid-argument", E.Message);
  if (MemoryLimit && BK != CubinBackendKind::Ptxas)
    throw BindingError("invalid-argument",
                       "memory_limit bounds ptxas processes (kind='ptxas'); "
                       "nvPTXCompiler and nvJitLink run in this process, "
                       "whose own limits hold for them");
  CO.MemoryLimitBytes = MemoryLimit;
  Expected<std::unique_ptr<CubinBackend>> Backend = createCubinBackend(BK, CO);
  if (!Backend)
    throw BindingError(needsAssemblerProbe(CO) &&
                               Backend.error().Message.find(
                                   "does not take the assembler options") !=
                                   std::string::npos
                           ? "invalid-argument"
                           : "backend-unavailable",
                       Backend.error().Message);
  ++BackendsCreated;
  return Backend.take();
}

/// ptxinject.Backend: a created back end that many calls (and threads) share,
/// so a long-lived worker pays for creating it once.
/// The pins of one compile_variants result (VariantCacheFolder.h).
struct CachePinsObject {
  std::vector<std::shared_ptr<VariantCachePins>> Pins;
};

struct BackendObject {
  std::shared_ptr<const CubinBackend> Backend;
};

} // namespace

std::shared_ptr<const CubinBackend>
backendOf(nb::handle Arg, const std::optional<std::string> &Arch,
          std::string_view Ptx) {
  if (nb::isinstance<BackendObject>(Arg)) {
    const auto &B = nb::cast<const BackendObject &>(Arg).Backend;
    if (Arch && B->options().Arch != *Arch)
      throw BindingError("invalid-argument",
                         "arch '" + *Arch + "' differs from the backend's '" +
                             B->options().Arch + "'");
    return B;
  }
  return createBackend(Arg, Arch.value_or("sm_80"), 3, 0, 0, Ptx);
}

namespace {

nb::dict compileVariantsPy(const ModuleObject &Kernel, nb::handle Programs,
                           const std::string &Kind, nb::handle SetArg,
                           nb::handle Random, std::vector<std::string> Slots,
                           size_t Pack, nb::list BackendArgs,
                           const std::string &Arch, unsigned Jobs, bool KeepPtx,
                           bool Dedup, const std::string &CacheDir,
                           std::optional<std::uint64_t> CacheMaxBytes,
                           double TimeoutSeconds, bool KeepUnfilledKernels,
                           nb::handle Progress, bool LinkStubs) {
  std::unique_ptr<ProgramSource> Source =
      makeSource(Programs, Kind, SetArg, Random);
  if (Pack == 0)
    throw BindingError("invalid-argument", "pack must be at least 1");

  // One back end per combination of an options sweep (usually one).
  std::vector<std::shared_ptr<const CubinBackend>> Owned;
  std::vector<const CubinBackend *> Backends;
  for (nb::handle Arg : BackendArgs) {
    Owned.push_back(backendOf(Arg, Arch, Kernel.source()));
    if (LinkStubs) {
      // The nvJitLink back end that links the stubs to the kernel's object.
      Expected<std::unique_ptr<CubinBackend>> Linked = [&] {
        nb::gil_scoped_release Release;
        return createLinkedStubsBackend(Kernel, *Owned.back(), CacheDir);
      }();
      if (!Linked)
        throwIfError(Linked.error());
      Owned.back() = Linked.take();
    }
    Backends.push_back(Owned.back().get());
  }
  if (Backends.empty())
    throw BindingError("invalid-argument", "no back end given");
  const CubinBackend *Backend = Backends.front();

  VariantOptions VO;
  VO.Pack = Pack;
  VO.Jobs = Jobs;
  VO.KeepPtx = KeepPtx;
  VO.Slots = std::move(Slots);
  VO.Dedup = Dedup;
  VO.CacheDir = CacheDir;
  VO.CacheMaxBytes = CacheMaxBytes;
  VO.TimeoutSeconds = TimeoutSeconds;
  VO.PruneUnfilledKernels = !KeepUnfilledKernels;
  std::atomic<size_t> Done{0};
  VO.Progress = &Done;

  std::mutex ResultsLock;
  std::vector<ModuleResult> Results;
  ModuleSink Sink = [&](const CompiledModule &M, std::string &) {
    ModuleResult R;
    R.Index = M.Index;
    if (M.Programs)
      R.Programs = *M.Programs;
    else
      for (size_t J = 0; J < M.NumPrograms; ++J)
        R.Programs.push_back(M.FirstProgram + J);
    if (M.Failed)
      R.Failed = *M.Failed;
    R.Ptx.assign(M.Ptx.data(), M.Ptx.size());
    if (M.Cubin)
      R.Cubin = *M.Cubin;
    std::lock_guard<std::mutex> G(ResultsLock);
    Results.push_back(std::move(R));
    return true;
  };

  VariantReport Report;
  Error E;
  size_t Total = Source->numPrograms() * Backends.size();
  std::optional<nb::python_error> CallbackError;
  {
    nb::gil_scoped_release Release;
    std::mutex DoneLock;
    std::condition_variable DoneCv;
    bool Finished = false;
    std::thread Worker([&] {
      E = compileVariantSweep(Kernel, Backends, {Source.get()}, VO, Sink,
                              Report);
      std::lock_guard<std::mutex> G(DoneLock);
      Finished = true;
      DoneCv.notify_all();
    });
    size_t Reported = (size_t)-1;
    for (;;) {
      std::unique_lock<std::mutex> L(DoneLock);
      bool Over = DoneCv.wait_for(L, std::chrono::milliseconds(50),
                                  [&] { return Finished; });
      L.unlock();
      size_t Now = Done.load();
      if (!Progress.is_none() && !CallbackError && (Now != Reported || Over)) {
        Reported = Now;
        nb::gil_scoped_acquire Acquire;
        try {
          Progress(Now, Total);
        } catch (nb::python_error &PE) {
          CallbackError.emplace(std::move(PE));
        }
      }
      if (Over)
        break;
    }
    Worker.join();
  }
  if (CallbackError)
    throw *CallbackError;
  throwIfError(E);

  std::sort(Results.begin(), Results.end(),
            [](const ModuleResult &A, const ModuleResult &B) {
              return A.Index < B.Index;
            });
  nb::list Modules;
  for (ModuleResult &R : Results)
    Modules.append(nb::make_tuple(
        R.Index, nb::cast(R.Programs), nb::cast(R.Failed),
        nb::bytes(R.Cubin.data(), R.Cubin.size()),
        KeepPtx ? nb::object(strOf(R.Ptx)) : nb::object(nb::none())));
  nb::list Failures;
  for (const VariantFailure &F : Report.Failures)
    Failures.append(nb::make_tuple(F.Program, variantStageName(F.Stage),
                                   strOf(F.Message), F.Line, F.Column));
  // Where each program's code is: (same_as, module or None, cached cubin
  // path or None, inject name or None, pack index).
  nb::list Places;
  for (const ProgramPlace &P : Report.Places)
    Places.append(
        nb::make_tuple(P.SameAs,
                       P.Module == ProgramPlace::None ? nb::object(nb::none())
                                                      : nb::cast(P.Module),
                       P.CachedCubin.empty() ? nb::object(nb::none())
                                             : nb::object(strOf(P.CachedCubin)),
                       P.Inject == ProgramPlace::None
                           ? nb::object(nb::none())
                           : nb::object(strOf(Kernel.inject(P.Inject).Name)),
                       P.PackIndex));
  nb::dict Stats;
  Stats["variants"] = Report.Variants;
  Stats["modules"] = Report.Modules;
  Stats["unique_programs"] = Report.UniquePrograms;
  Stats["cache_hits"] = Report.CacheHits;
  Stats["cache_rejected"] = Report.CacheRejected;
  Stats["pruned_kernels"] = Report.PrunedKernels;
  Stats["cache_warning"] = strOf(Report.CacheWarning);
  Stats["threads"] = Report.Threads;
  Stats["wall_seconds"] = Report.WallSeconds;
  Stats["stub_seconds"] = Report.StubSeconds;
  Stats["render_seconds"] = Report.RenderSeconds;
  Stats["cubin_seconds"] = Report.CubinSeconds;
  Stats["backend"] = cubinBackendName(Backend->kind());
  // Per back end of a sweep, and per variant (variant V is program
  // V % P compiled by back end V / P).
  nb::list Options, PerVariant;
  for (const CubinBackend *B : Backends)
    Options.append(strOf(assemblerOptionsText(B->options())));
  for (size_t V = 0; V < Report.Places.size(); ++V)
    PerVariant.append(Options[V * Backends.size() / Report.Places.size()]);
  Stats["assembler_options"] =
      Backends.size() == 1 ? nb::object(Options[0]) : nb::object(Options);
  // Which compiler made the cubins (and keys the cache), as the summary
  // of ptxinject variants prints it: the driver must load its cubins.
  Stats["compiler"] = Backend->version();
  Stats["arch"] = Backend->options().Arch;
  nb::dict Out;
  Out["modules"] = Modules;
  Out["failures"] = Failures;
  Out["places"] = Places;
  Out["report"] = Stats;
  Out["options"] = PerVariant;
  // The cached cubins that places name stay pinned while this lives.
  Out["pins"] = nb::cast(CachePinsObject{Report.CachePins});
  return Out;
}

} // namespace

void bindVariants(nb::module_ &M) {
  nb::class_<CachePinsObject>(
      M, "_CachePins",
      "Holds the cached cubins a compile_variants result names against "
      "trimming of the cache by other processes.");
  nb::class_<BackendObject>(
      M, "Backend",
      "A created cubin back end, shared by every call it is passed to "
      "(thread-safe); compile_variants(backend=...) takes it or a name.")
      .def(
          "__init__",
          [](BackendObject *Self, nb::handle Kind, const std::string &Arch,
             int OptLevel, int MaxRegisters, std::uint64_t MemoryLimit,
             std::optional<std::string> FastCompile, bool LineInfo,
             std::vector<std::string> PtxasOptions, nb::handle Ptx) {
            CubinOptions Assembler;
            Assembler.FastCompile = FastCompile.value_or("");
            Assembler.LineInfo = LineInfo;
            Assembler.AssemblerFlags = std::move(PtxasOptions);
            std::string Text =
                Ptx.is_none() ? std::string() : nb::cast<std::string>(Ptx);
            new (Self)
                BackendObject{createBackend(Kind, Arch, OptLevel, MaxRegisters,
                                            MemoryLimit, Text, &Assembler)};
          },
          "kind"_a.none() = nb::none(), "arch"_a = "sm_80", nb::kw_only(),
          "opt_level"_a = 3, "max_registers"_a = 0, "memory_limit"_a = 0,
          "fast_compile"_a.none() = nb::none(), "lineinfo"_a = false,
          "ptxas_options"_a = std::vector<std::string>(),
          "ptx"_a.none() = nb::none(),
          "memory_limit: bytes of address space each ptxas process may use "
          "(kind='ptxas'; 0: no bound); a compile over it fails alone. "
          "fast_compile: ptxas's -Ofc level ('0', 'min', 'mid', 'max'); "
          "lineinfo: -lineinfo; ptxas_options: more ptxas options as ptxas "
          "spells them (nvjitlink gets -Xptxas=OPT). An option the back end "
          "does not take raises ptxinject.Error (invalid-argument). ptx: with "
          "no kind, the default back end is the one that reads this PTX.")
      .def_prop_ro("kind",
                   [](const BackendObject &B) {
                     return cubinBackendName(B.Backend->kind());
                   })
      .def_prop_ro(
          "arch",
          [](const BackendObject &B) { return B.Backend->options().Arch; })
      .def_prop_ro(
          "opt_level",
          [](const BackendObject &B) { return B.Backend->options().OptLevel; },
          "ptxas's -O level (debug PTX, nvcc -G, is assembled as debug code "
          "instead).")
      .def_prop_ro(
          "max_registers",
          [](const BackendObject &B) {
            return B.Backend->options().MaxRegisters;
          },
          "ptxas's -maxrregcount; 0 leaves it to the compiler.")
      .def_prop_ro(
          "fast_compile",
          [](const BackendObject &B) -> std::optional<std::string> {
            const std::string &L = B.Backend->options().FastCompile;
            return L.empty() ? std::nullopt : std::optional<std::string>(L);
          },
          "ptxas's -Ofc level, or None.")
      .def_prop_ro(
          "lineinfo",
          [](const BackendObject &B) { return B.Backend->options().LineInfo; })
      .def_prop_ro(
          "ptxas_options",
          [](const BackendObject &B) {
            return B.Backend->options().AssemblerFlags;
          },
          "The further ptxas options, as ptxas spells them.")
      .def_prop_ro(
          "options",
          [](const BackendObject &B) {
            return assemblerOptionsText(B.Backend->options());
          },
          "Every assembler option on one line, as ptxas spells them and the "
          "manifest's options column says them ('-O3 -maxrregcount=64').")
      .def_prop_ro(
          "version",
          [](const BackendObject &B) { return B.Backend->version(); },
          "The compiler's version, part of every variant cache key.")
      .def("__repr__", [](const BackendObject &B) {
        const CubinOptions &O = B.Backend->options();
        std::string R = "ptxinject.Backend('" +
                        std::string(cubinBackendName(B.Backend->kind())) +
                        "', arch='" + O.Arch + "'";
        if (O.OptLevel != 3)
          R += ", opt_level=" + std::to_string(O.OptLevel);
        if (O.MaxRegisters)
          R += ", max_registers=" + std::to_string(O.MaxRegisters);
        if (!O.FastCompile.empty())
          R += ", fast_compile='" + O.FastCompile + "'";
        if (O.LineInfo)
          R += ", lineinfo=True";
        if (!O.AssemblerFlags.empty()) {
          R += ", ptxas_options=[";
          for (size_t I = 0; I < O.AssemblerFlags.size(); ++I)
            R += (I ? ", '" : "'") + O.AssemblerFlags[I] + "'";
          R += "]";
        }
        return R + ")";
      });
  M.def(
      "_options_sweep",
      [](const std::string &Spec, int OptLevel, int MaxRegisters,
         std::optional<std::string> FastCompile, bool LineInfo) {
        CubinOptions Base;
        Base.OptLevel = OptLevel;
        Base.MaxRegisters = MaxRegisters;
        Base.FastCompile = FastCompile.value_or("");
        Base.LineInfo = LineInfo;
        Expected<std::vector<CubinOptions>> Combos =
            parseOptionsSweep(Spec, Base);
        if (!Combos)
          throw BindingError("invalid-argument", Combos.error().Message);
        nb::list Out;
        for (const CubinOptions &O : *Combos) {
          nb::dict D;
          D["opt_level"] = O.OptLevel;
          D["max_registers"] = O.MaxRegisters;
          D["fast_compile"] = O.FastCompile.empty()
                                  ? nb::object(nb::none())
                                  : nb::object(nb::str(O.FastCompile.c_str()));
          D["lineinfo"] = O.LineInfo;
          Out.append(D);
        }
        return Out;
      },
      "spec"_a, "opt_level"_a = 3, "max_registers"_a = 0,
      "fast_compile"_a.none() = nb::none(), "lineinfo"_a = false,
      "The combinations of an options sweep ('maxrregcount=32,64;O=1,3') "
      "over the options given, the first name varying slowest, as Backend "
      "keyword arguments.");
  M.def(
      "_backends_created", []() { return BackendsCreated.load(); },
      "How many back ends the bindings created (for tests).");
  M.def("_compile_variants", &compileVariantsPy, "module"_a,
        "programs"_a.none(), "kind"_a, "instruction_set"_a.none(),
        "random"_a.none(), "slots"_a, "pack"_a, "backends"_a, "arch"_a,
        "jobs"_a, "keep_ptx"_a, "dedup"_a, "cache_dir"_a,
        "cache_max_size"_a.none(), "timeout"_a, "keep_unfilled_kernels"_a,
        "progress"_a.none(), "link_stubs"_a = false,
        "The engine behind ptxinject.compile_variants (use that).");
  M.def(
      "stack_registers",
      [](const ModuleObject &Kernel, std::string_view InjectName) {
        const Inject *I = Kernel.findInject(InjectName);
        if (!I)
          throw nb::key_error(("no inject named '" + std::string(InjectName) +
                               "'; its injects are: " + injectNames(Kernel))
                                  .c_str());
        StackPtxSource S(stackptx::InstructionSet::builtin());
        if (Error E = S.prepare(*I))
          throw BindingError("invalid-argument", E.Message);
        // Registers carry stable names; give the labels users write instead.
        nb::list L;
        for (const StackPtxFastRegister &R : S.registers()) {
          std::string Label = R.name;
          for (const InjectOperand &O : I->Operands)
            if (O.Register == R.name)
              Label = O.Label;
          L.append(nb::make_tuple(Label, stackptx::InstructionSet::builtin()
                                             .info()
                                             .stack_types[R.stack_idx]
                                             .name));
        }
        return L;
      },
      "module"_a, "inject"_a,
      "The registers compile_variants gives Stack PTX programs for an inject, "
      "as "
      "(label, stack type) in index order: inputs (in and mod) first, then "
      "outs.");
  M.def(
      "available_backends",
      []() {
        nb::list L;
        for (CubinBackendKind K :
             {CubinBackendKind::NvPtxCompiler, CubinBackendKind::Ptxas,
              CubinBackendKind::NvJitLink})
          if (isCubinBackendBuilt(K))
            L.append(nb::str(cubinBackendName(K)));
        return L;
      },
      "Cubin back ends built into this package (ptxas also needs the "
      "executable).");
  M.def(
      "compile_ptx",
      [](nb::handle Ptx, nb::handle BackendName,
         const std::optional<std::string> &Arch,
         const std::optional<double> &Timeout) {
        std::string_view Text = textOf(Ptx, "ptx");
        std::shared_ptr<const CubinBackend> Backend =
            backendOf(BackendName, Arch, Text);
        double Seconds = Timeout.value_or(0);
        if (Timeout && !(Seconds > 0))
          throw nb::value_error("timeout must be a number of seconds above 0");
        std::vector<char> Cubin;
        std::string Log;
        CompileStatus Status;
        {
          nb::gil_scoped_release Release;
          Status = Backend->compile(Text, Cubin, Log, Seconds);
        }
        if (Status == CompileStatus::TimedOut)
          throw BindingError("timeout", Log);
        if (Status != CompileStatus::Ok)
          throw BindingError("cubin-failed", summarizeCompilerLog(Log));
        return nb::bytes(Cubin.data(), Cubin.size());
      },
      "ptx"_a, nb::kw_only(), "backend"_a.none() = nb::none(),
      "arch"_a.none() = nb::none(), "timeout"_a.none() = nb::none(),
      "Assembles PTX into a cubin (ELF bytes) with a back end (a name or a "
      "Backend; arch "
      "defaults to the Backend's, else sm_80); releases the GIL.");
  M.def("default_backend",
        []() { return std::string(cubinBackendName(defaultCubinBackend())); });
}

} // namespace python
} // namespace ptxinject
