//===- CubinBackend.cpp - Backend factory, names and log parsing ----------===//
#include "Backends.h"
#include "NvJitLinkLibrary.h"

#include "ptxinject/support/File.h"
#include "ptxinject/toolkit/CudaToolkit.h"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <memory>
#include <mutex>
#include <thread>
#include <unordered_map>
#include <utility>

using namespace ptxinject;
using namespace ptxinject::backends;

CubinBackend::~CubinBackend() = default;

std::string CubinBackend::version() const { return "unknown"; }

namespace {
/// "9.0" from the PTX's ".version 9.0" line; empty when there is none.
std::string_view ptxIsaVersion(std::string_view Ptx) {
  size_t At = Ptx.find(".version");
  if (At == std::string_view::npos)
    return {};
  size_t Start = Ptx.find_first_not_of(" \t", At + 8);
  if (Start == std::string_view::npos)
    return {};
  size_t End = Ptx.find_first_not_of("0123456789.", Start);
  return Ptx.substr(Start,
                    (End == std::string_view::npos ? Ptx.size() : End) - Start);
}

/// The first CUDA whose compilers read PTX ISA \p Isa ("13.5" for "9.5"),
/// from the PTX ISA document's release history; for an ISA past the table,
/// the major release its major number belongs to (8.x: CUDA 12, 9.x:
/// CUDA 13), since a newer minor's toolkit is not known yet.
std::string cudaReleaseReading(std::string_view Isa) {
  static const std::pair<std::string_view, std::string_view> Known[] = {
      {"8.0", "12.0"}, {"8.1", "12.1"}, {"8.2", "12.2"}, {"8.3", "12.3"},
      {"8.4", "12.4"}, {"8.5", "12.5"}, {"8.6", "12.7"}, {"8.7", "12.8"},
      {"8.8", "12.9"}, {"9.0", "13.0"}, {"9.1", "13.1"}, {"9.2", "13.2"},
      {"9.3", "13.3"}, {"9.4", "13.4"}, {"9.5", "13.5"}};
  for (const auto &[PtxIsa, Cuda] : Known)
    if (PtxIsa == Isa)
      return std::string(Cuda);
  if (Isa.size() > 1 && Isa[0] >= '8' && Isa[0] <= '9' && Isa[1] == '.')
    return std::to_string(Isa[0] - '8' + 12);
  return "a newer";
}
} // namespace

CompileStatus CubinBackend::compile(std::string_view Ptx,
                                    std::vector<char> &Cubin, std::string &Log,
                                    double TimeoutSeconds) const {
  CompileStatus S = compileWithin(Ptx, Cubin, Log, TimeoutSeconds);
  if (S != CompileStatus::Failed ||
      Log.find("Unsupported .version") == std::string::npos)
    return S;
  // The compiler's toolkit is older than the one that made the PTX: name
  // the release to get, down to the minor where the ISA says it.
  std::string_view Isa = ptxIsaVersion(Ptx);
  std::string Cuda = cudaReleaseReading(Isa);
  // The wheel that holds that nvJitLink, at least that release.
  std::string Wheel = std::string("nvidia-nvjitlink") +
                      (Cuda.rfind("12", 0) == 0 ? "-cu12" : "");
  if (Cuda.find('.') != std::string::npos)
    Wheel = "'" + Wheel + ">=" + Cuda + "'";
  Log += "\nnote: this PTX is ISA " + std::string(Isa) +
         ", newer than the back end's compiler (" + version() +
         ") reads: use the compiler of the CUDA that made it (CUDA " + Cuda +
         ") or a newer one (CUDA_HOME; for nvJitLink also "
         "PTXINJECT_NVJITLINK or pip install " +
         Wheel +
         "), or make the PTX for the older toolkit; `ptxinject doctor` "
         "lists what was found";
  return S;
}

Expected<std::unique_ptr<CubinBackend>>
ptxinject::backends::createCubinBackend(CubinBackendKind Kind,
                                        const CubinOptions &Options) {
  if (ptxinject::Error E = detail::checkArch(Options.Arch))
    return E;
  if (ptxinject::Error E = checkAssemblerOptions(Kind, Options))
    return E;
  // Options only the compiler can judge: asked once, here, rather than
  // failing every variant of a batch.
  auto Probed = [&](detail::BackendOrError B) -> detail::BackendOrError {
    // A linking back end's options were probed when its object was made.
    if (B && needsAssemblerProbe(Options) && !Options.LinkObject)
      if (ptxinject::Error E = detail::probeAssemblerOptions(**B, Options))
        return E;
    return B;
  };
  switch (Kind) {
  case CubinBackendKind::Ptxas:
    return Probed(detail::createPtxasBackend(Options));
  case CubinBackendKind::NvJitLink:
    return Probed(detail::createNvJitLinkBackend(Options));
  case CubinBackendKind::NvPtxCompiler:
#ifdef PTXINJECT_HAVE_NVPTXCOMPILER
    return Probed(detail::createNvPtxCompilerBackend(Options));
#else
    return ptxinject::Error::make(
        ErrorCode::InvalidArgument,
        "the nvptxcompiler backend is not built; run "
        "utils/install-nvptxcompiler and reconfigure, or use "
        "--backend nvjitlink or ptxas");
#endif
  }
  return ptxinject::Error::make(ErrorCode::InvalidArgument, "unknown backend");
}

bool ptxinject::backends::isCubinBackendBuilt(CubinBackendKind Kind) {
  switch (Kind) {
  case CubinBackendKind::Ptxas:
    return true;
  case CubinBackendKind::NvJitLink:
    return true; // loaded when used: NvJitLinkLibrary.h
  case CubinBackendKind::NvPtxCompiler:
#ifdef PTXINJECT_HAVE_NVPTXCOMPILER
    return true;
#else
    return false;
#endif
  }
  return false;
}

std::string CudaRelease::str() const {
  return Major ? std::to_string(Major) + "." + std::to_string(Minor)
               : std::string("unknown");
}

CudaRelease ptxinject::backends::cudaReleaseOf(std::string_view Version) {
  size_t At = Version.find("cuda_");
  At = At == std::string_view::npos ? 0 : At + 5;
  for (; At < Version.size(); ++At) {
    if (!std::isdigit(static_cast<unsigned char>(Version[At])))
      continue;
    int Major = 0, Minor = 0;
    if (std::sscanf(std::string(Version.substr(At, 8)).c_str(), "%d.%d", &Major,
                    &Minor) == 2 &&
        Major >= 9)
      return {Major, Minor, ""};
    while (At < Version.size() &&
           std::isdigit(static_cast<unsigned char>(Version[At])))
      ++At;
  }
  return {};
}

namespace {
/// The driver's CUDA release (cuDriverGetVersion: 12040 for 12.4), read
/// once: a process runs under one driver. Major 0 without a driver.
CudaRelease driverRelease() {
  static const CudaRelease Release = [] {
    CudaRelease R;
    void *H = ::dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!H)
      return R;
    using VersionFn = int (*)(int *);
    auto Version =
        reinterpret_cast<VersionFn>(::dlsym(H, "cuDriverGetVersion"));
    int V = 0;
    if (Version && Version(&V) == 0 && V > 0)
      R = {V / 1000, V % 1000 / 10, "the driver"};
    // Left loaded: the GPU runner and the doctor load it again anyway.
    return R;
  }();
  return Release;
}

/// The release in ROOT/include/cuda.h's CUDA_VERSION; Major 0 when unread.
CudaRelease toolkitRelease(const std::string &Root) {
  Expected<std::string> Text = readFile(Root + "/include/cuda.h");
  if (!Text)
    return {};
  size_t At = Text->find("#define CUDA_VERSION ");
  if (At == std::string::npos)
    return {};
  long V = std::strtol(Text->c_str() + At + 21, nullptr, 10);
  if (V <= 0)
    return {};
  return {int(V / 1000), int(V % 1000 / 10), "the toolkit " + Root};
}

/// A back end's version, created once per compiler: ptxas answers
/// `--version` as a process of its own, so each executable is asked once.
std::string backendVersion(CubinBackendKind Kind, const CubinOptions &Options,
                           bool &Found) {
  static std::mutex Lock;
  static std::unordered_map<std::string, std::string> Known;
  Found = false;
  if (!isCubinBackendBuilt(Kind))
    return "";
  std::string Key = cubinBackendName(Kind);
  if (Kind == CubinBackendKind::Ptxas) {
    std::string Path = detail::findPtxasExecutable(Options.PtxasPath);
    if (Path.empty())
      return "";
    Key += ":" + Path;
  }
  {
    std::lock_guard<std::mutex> G(Lock);
    if (auto It = Known.find(Key); It != Known.end()) {
      Found = true;
      return It->second;
    }
  }
  CubinOptions Probe = Options;
  Probe.Arch = "sm_80"; // any valid one: only the version is read
  Expected<std::unique_ptr<CubinBackend>> B = createCubinBackend(Kind, Probe);
  if (!B)
    return "";
  Found = true;
  std::string V = (*B)->version();
  std::lock_guard<std::mutex> G(Lock);
  Known.emplace(std::move(Key), V);
  return V;
}
} // namespace

CudaRelease ptxinject::backends::cubinRunRelease() {
  if (CudaRelease R = driverRelease(); R.Major)
    return R;
  if (std::string Root = toolkit::findCudaToolkit(); !Root.empty())
    if (CudaRelease R = toolkitRelease(Root); R.Major)
      return R;
  bool Found = false;
  CudaRelease R = cudaReleaseOf(
      backendVersion(CubinBackendKind::NvJitLink, CubinOptions(), Found));
  if (R.Major)
    R.From = "the nvJitLink library";
  return R;
}

DefaultCubinBackend
ptxinject::backends::chooseDefaultCubinBackend(std::string_view Ptx,
                                               const CubinOptions &Options) {
  // nvJitLink hands PTX to ptxas as relocatable code (like ptxas -c), which
  // costs registers: 28 instead of 20 on the CUB example of
  // ptxinject-variants-bench. A search loop measures the variants it
  // compiles, so the back ends that generate whole-program code come first;
  // see docs/variants.md.
  static constexpr CubinBackendKind Order[] = {CubinBackendKind::NvPtxCompiler,
                                               CubinBackendKind::Ptxas,
                                               CubinBackendKind::NvJitLink};
  struct Candidate {
    CubinBackendKind Kind;
    CudaRelease Release;
    std::string Version;
  };
  std::vector<Candidate> Found;
  for (CubinBackendKind Kind : Order) {
    bool Here = false;
    std::string V = backendVersion(Kind, Options, Here);
    if (Here)
      Found.push_back({Kind, cudaReleaseOf(V), V});
  }
  if (Found.empty())
    // None here: ptxas, whose error says what to install.
    return {CubinBackendKind::Ptxas, ""};

  CudaRelease Run = cubinRunRelease();
  auto Fits = [&](const Candidate &C) {
    return !Run.Major || !C.Release.Major || C.Release.Major <= Run.Major;
  };
  // The preferred back end among those whose cubins the driver loads.
  const Candidate *Primary = nullptr;
  for (const Candidate &C : Found)
    if (!Primary && Fits(C))
      Primary = &C;
  std::string_view Isa = ptxIsaVersion(Ptx);
  int NeedMajor = 0, NeedMinor = 0;
  bool Need = !Isa.empty() && std::sscanf(cudaReleaseReading(Isa).c_str(),
                                          "%d.%d", &NeedMajor, &NeedMinor) == 2;
  auto Reads = [&](const Candidate &C) {
    if (!Need)
      return true;
    if (!C.Release.Major) // a version it does not say: trusted only preferred
      return &C == Primary;
    return C.Release.Major > NeedMajor ||
           (C.Release.Major == NeedMajor && C.Release.Minor >= NeedMinor);
  };
  // When the preferred one does not read the PTX, the first found here
  // that does (nvJitLink and ptxas come from the toolkit the user points
  // to, while nvPTXCompiler is linked in from one).
  if (Primary && Reads(*Primary))
    return {Primary->Kind, ""};
  static constexpr CubinBackendKind ReadOrder[] = {
      CubinBackendKind::NvJitLink, CubinBackendKind::Ptxas,
      CubinBackendKind::NvPtxCompiler};
  auto First = [&](auto &&Pred) -> const Candidate * {
    for (CubinBackendKind Kind : ReadOrder)
      for (const Candidate &C : Found)
        if (C.Kind == Kind && Pred(C))
          return &C;
    return nullptr;
  };
  if (const Candidate *C =
          First([&](const Candidate &C) { return Fits(C) && Reads(C); }))
    return {C->Kind, ""};
  auto Newer = [&](const Candidate &C, const std::string &Why) {
    return std::string(cubinBackendName(C.Kind)) + " (" + C.Version +
           ") is newer than the CUDA " + Run.str() + " of " + Run.From +
           ", which may not load its cubins (CUDA " +
           std::to_string(C.Release.Major) + "'s need a CUDA " +
           std::to_string(C.Release.Major) + " driver): " + Why;
  };
  // Newer than the driver either way: the preferred order again.
  const Candidate *Reader = nullptr;
  for (const Candidate &C : Found)
    if (Need && !Reader && Reads(C))
      Reader = &C;
  if (const Candidate *C = Reader)
    return {C->Kind,
            Newer(*C, "no compiler here of CUDA " + std::to_string(Run.Major) +
                          " reads this PTX (ISA " + std::string(Isa) +
                          "); make the PTX for CUDA " + Run.str() +
                          ", or update the driver")};
  if (Primary)
    return {Primary->Kind, ""}; // its failure names the release to get
  std::string Wheel = Run.Major == 12 ? std::string("nvidia-nvjitlink-cu12")
                                      : "'nvidia-nvjitlink<" +
                                            std::to_string(Run.Major + 1) + "'";
  return {Found.front().Kind,
          Newer(Found.front(), "no back end of CUDA " +
                                   std::to_string(Run.Major) +
                                   " found here; set CUDA_HOME to a CUDA " +
                                   std::to_string(Run.Major) +
                                   " toolkit, or pip install " + Wheel)};
}

CubinBackendKind ptxinject::backends::defaultCubinBackend() {
  return chooseDefaultCubinBackend({}).Kind;
}

CubinBackendKind
ptxinject::backends::defaultCubinBackendFor(std::string_view Ptx,
                                            const CubinOptions &Options) {
  return chooseDefaultCubinBackend(Ptx, Options).Kind;
}

const char *ptxinject::backends::cubinBackendName(CubinBackendKind Kind) {
  switch (Kind) {
  case CubinBackendKind::NvJitLink:
    return "nvjitlink";
  case CubinBackendKind::NvPtxCompiler:
    return "nvptxcompiler";
  case CubinBackendKind::Ptxas:
    return "ptxas";
  }
  return "unknown";
}

bool ptxinject::backends::parseCubinBackendName(std::string_view Name,
                                                CubinBackendKind &Kind) {
  for (CubinBackendKind K :
       {CubinBackendKind::NvJitLink, CubinBackendKind::NvPtxCompiler,
        CubinBackendKind::Ptxas}) {
    if (Name == cubinBackendName(K)) {
      Kind = K;
      return true;
    }
  }
  return false;
}

namespace {
// Returns the integer that ends right before \p Suffix in \p Line, or -1.
int numberBefore(std::string_view Line, std::string_view Suffix) {
  size_t At = Line.find(Suffix);
  if (At == std::string_view::npos || At == 0)
    return -1;
  size_t End = At;
  while (End > 0 && Line[End - 1] == ' ')
    --End;
  size_t Begin = End;
  while (Begin > 0 && std::isdigit(static_cast<unsigned char>(Line[Begin - 1])))
    --Begin;
  if (Begin == End)
    return -1;
  long Value = 0;
  for (size_t I = Begin; I < End && Value < 1000000000; ++I)
    Value = Value * 10 + (Line[I] - '0');
  return static_cast<int>(Value);
}

// Reads the line at Pos of a compiler log (without its '\n') and moves Pos
// past it; false at the end.
bool nextLogLine(std::string_view Log, size_t &Pos, std::string_view &Line) {
  if (Pos >= Log.size())
    return false;
  size_t Eol = Log.find('\n', Pos);
  if (Eol == std::string_view::npos)
    Eol = Log.size();
  Line = Log.substr(Pos, Eol - Pos);
  Pos = Eol + 1;
  return true;
}
} // namespace

std::vector<KernelResources>
ptxinject::backends::parseKernelResources(std::string_view Log) {
  // ptxas reports, per function:
  //   ... Function properties for NAME
  //       N bytes stack frame, N bytes spill stores, N bytes spill loads
  //   ... Used N registers, ...
  std::vector<KernelResources> Result;
  size_t Current = 0;
  size_t Pos = 0;
  std::string_view Line;
  while (nextLogLine(Log, Pos, Line)) {
    static constexpr std::string_view PropertiesFor =
        "Function properties for ";
    size_t At = Line.find(PropertiesFor);
    if (At != std::string_view::npos) {
      // nvJitLink repeats the report after linking as "for 'NAME':".
      std::string_view Name = Line.substr(At + PropertiesFor.size());
      while (!Name.empty() && (Name.back() == '\r' || Name.back() == ' ' ||
                               Name.back() == ':' || Name.back() == '\''))
        Name.remove_suffix(1);
      while (!Name.empty() && Name.front() == '\'')
        Name.remove_prefix(1);
      Current = Result.size();
      for (size_t I = 0; I < Result.size(); ++I)
        if (Result[I].Function == Name)
          Current = I;
      if (Current == Result.size()) {
        Result.emplace_back();
        Result.back().Function = std::string(Name);
      }
      continue;
    }
    if (Current >= Result.size())
      continue;
    KernelResources &K = Result[Current];
    if (Line.find("bytes stack frame") != std::string_view::npos) {
      K.StackFrameBytes = std::max(0, numberBefore(Line, " bytes stack frame"));
      K.SpillStoreBytes =
          std::max(0, numberBefore(Line, " bytes spill stores"));
      K.SpillLoadBytes = std::max(0, numberBefore(Line, " bytes spill loads"));
    } else if (Line.find("Used ") != std::string_view::npos &&
               K.Registers < 0) {
      K.Registers = numberBefore(Line, " registers");
    }
  }
  return Result;
}

std::string ptxinject::backends::summarizeCompilerLog(std::string_view Log) {
  // Each line, split at its ", line N;" into what comes before the number
  // and what comes after: lines equal but for N are one error.
  struct Entry {
    std::string_view Text;
    std::string_view Key1, Key2; // empty Key2: no line number
    std::vector<std::string_view> Others;
  };
  std::vector<Entry> Entries;
  std::unordered_map<std::string, size_t> Seen;
  static constexpr std::string_view LineWord = ", line ";
  size_t Pos = 0;
  std::string_view Line;
  while (nextLogLine(Log, Pos, Line)) {
    size_t At = Line.find(LineWord);
    size_t Digits = At == std::string_view::npos ? At : At + LineWord.size();
    size_t End = Digits;
    while (End != std::string_view::npos && End < Line.size() &&
           std::isdigit(static_cast<unsigned char>(Line[End])))
      ++End;
    if (End == Digits || End == std::string_view::npos || End >= Line.size() ||
        Line[End] != ';') {
      Entries.push_back({Line, {}, {}, {}});
      continue;
    }
    std::string Key(Line.substr(0, Digits));
    Key += '\0';
    Key += Line.substr(End);
    auto [It, Inserted] = Seen.try_emplace(std::move(Key), Entries.size());
    if (Inserted)
      Entries.push_back({Line, Line.substr(0, Digits), Line.substr(End), {}});
    else
      Entries[It->second].Others.push_back(Line.substr(Digits, End - Digits));
  }
  std::string Out;
  Out.reserve(Log.size() < 4096 ? Log.size() : 4096);
  for (size_t I = 0; I < Entries.size(); ++I) {
    const Entry &E = Entries[I];
    if (I)
      Out += '\n';
    Out += E.Text;
    if (E.Others.empty())
      continue;
    Out += " (also at " + std::to_string(E.Others.size()) + " more line";
    Out += E.Others.size() == 1 ? ": " : "s: ";
    constexpr size_t Shown = 3;
    for (size_t K = 0; K < E.Others.size() && K < Shown; ++K) {
      if (K)
        Out += ", ";
      Out += E.Others[K];
    }
    if (E.Others.size() > Shown)
      Out += ", ...";
    Out += ')';
  }
  if (!Log.empty() && Log.back() == '\n')
    Out += '\n';
  return Out;
}

bool ptxinject::backends::looksLikeCubin(const std::vector<char> &Image) {
  return Image.size() >= 16 &&
         std::memcmp(Image.data(),
                     "\x7f"
                     "ELF",
                     4) == 0 &&
         Image[4] == 2;
}

bool ptxinject::backends::isDebugPtx(std::string_view Ptx) {
  // The first .target directive that starts a line; a module has one, near
  // the top, so this reads a few hundred bytes of a compiled kernel.
  for (size_t At = Ptx.find(".target"); At != std::string_view::npos;
       At = Ptx.find(".target", At + 1)) {
    size_t Line = At;
    while (Line > 0 && (Ptx[Line - 1] == ' ' || Ptx[Line - 1] == '\t'))
      --Line;
    size_t After = At + 7;
    if ((Line > 0 && Ptx[Line - 1] != '\n') || After >= Ptx.size() ||
        (Ptx[After] != ' ' && Ptx[After] != '\t'))
      continue;
    size_t End = Ptx.find('\n', After);
    std::string_view Rest =
        Ptx.substr(After, End == std::string_view::npos ? std::string_view::npos
                                                        : End - After);
    Rest = Rest.substr(0, Rest.find("//"));
    // Targets are a comma-separated list: "sm_80, debug", "sm_90a,debug".
    size_t I = 0;
    while (I < Rest.size()) {
      while (I < Rest.size() && (Rest[I] == ' ' || Rest[I] == '\t' ||
                                 Rest[I] == ',' || Rest[I] == '\r'))
        ++I;
      size_t J = I;
      while (J < Rest.size() && Rest[J] != ' ' && Rest[J] != '\t' &&
             Rest[J] != ',' && Rest[J] != '\r')
        ++J;
      if (Rest.substr(I, J - I) == "debug")
        return true;
      I = J;
    }
    return false;
  }
  return false;
}

Error detail::checkArch(const std::string &Arch) {
  // sm_NN, sm_NNN, optionally followed by 'a' or 'f'.
  bool Ok = Arch.size() >= 5 && Arch.compare(0, 3, "sm_") == 0;
  size_t I = 3;
  while (Ok && I < Arch.size() &&
         std::isdigit(static_cast<unsigned char>(Arch[I])))
    ++I;
  Ok = Ok && I >= 5 &&
       (I == Arch.size() ||
        (I + 1 == Arch.size() && (Arch[I] == 'a' || Arch[I] == 'f')));
  if (!Ok)
    return Error::make(ErrorCode::InvalidArgument,
                       "invalid architecture '" + Arch +
                           "'; expected sm_NN such as sm_80 or sm_90a");
  return Error::success();
}

namespace {
/// Compile threads started by compileWithDeadline that have not ended.
std::atomic<unsigned> BackgroundCompiles{0};
} // namespace

unsigned ptxinject::backends::backgroundCompiles() {
  return BackgroundCompiles.load();
}

CompileStatus detail::compileWithDeadline(const char *Compiler,
                                          double TimeoutSeconds,
                                          LibraryCompile Work,
                                          std::vector<char> &Cubin,
                                          std::string &Log) {
  using Clock = std::chrono::steady_clock;
  if (TimeoutSeconds <= 0)
    return Work(Cubin, Log, Clock::time_point::max()) ? CompileStatus::Ok
                                                      : CompileStatus::Failed;
  struct Job {
    std::vector<char> Cubin;
    std::string Log;
    bool Ok = false, Done = false;
    std::mutex M;
    std::condition_variable CV;
  };
  auto J = std::make_shared<Job>();
  BackgroundCompiles.fetch_add(1);
  Clock::time_point Deadline =
      Clock::now() + std::chrono::duration_cast<Clock::duration>(
                         std::chrono::duration<double>(TimeoutSeconds));
  std::thread([J, Work = std::move(Work), Deadline] {
    std::vector<char> C;
    std::string L;
    bool Ok = Work(C, L, Deadline);
    std::lock_guard<std::mutex> G(J->M);
    J->Cubin = std::move(C);
    J->Log = std::move(L);
    J->Ok = Ok;
    J->Done = true;
    J->CV.notify_one();
    BackgroundCompiles.fetch_sub(1);
  }).detach();
  std::unique_lock<std::mutex> G(J->M);
  if (!J->CV.wait_until(G, Deadline, [&] { return J->Done; })) {
    char Buf[64];
    std::snprintf(Buf, sizeof(Buf), "%g", TimeoutSeconds);
    Log = std::string(Compiler) + ": stopped waiting after the time limit of " +
          Buf + " s (the compile ends in the background)";
    return CompileStatus::TimedOut;
  }
  Cubin = std::move(J->Cubin);
  Log = std::move(J->Log);
  return J->Ok ? CompileStatus::Ok : CompileStatus::Failed;
}
