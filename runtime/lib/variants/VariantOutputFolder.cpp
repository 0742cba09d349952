//===- VariantOutputFolder.cpp - What a batch leaves in its folder --------===//
#include "ptxinject/variants/VariantOutputFolder.h"

#include "ptxinject/support/File.h"
#include "ptxinject/variants/VariantManifestReader.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <utility>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace ptxinject;
using namespace ptxinject::variants;

const char *ptxinject::variants::variantStageName(VariantStage Stage) {
  switch (Stage) {
  case VariantStage::Stub:
    return "stub";
  case VariantStage::Cubin:
    return "compile";
  case VariantStage::Timeout:
    return "timeout";
  case VariantStage::Memory:
    return "memory";
  }
  return "compile";
}

std::string ptxinject::variants::numbered(const char *Prefix, size_t N,
                                          const char *Suffix) {
  char Buf[64];
  std::snprintf(Buf, sizeof(Buf), "%s%06zu%s", Prefix, N, Suffix);
  return Buf;
}

namespace {

// The .entry functions of the PTX with the line each starts on.
std::vector<std::pair<unsigned, std::string>> entryLines(std::string_view Ptx) {
  std::vector<std::pair<unsigned, std::string>> Entries;
  unsigned LineNo = 1;
  for (size_t Pos = 0; Pos < Ptx.size(); ++LineNo) {
    size_t Eol = Ptx.find('\n', Pos);
    if (Eol == std::string_view::npos)
      Eol = Ptx.size();
    std::string_view L = Ptx.substr(Pos, Eol - Pos);
    size_t At = L.find(".entry ");
    if (At != std::string_view::npos) {
      size_t B = At + 7, E = L.find_first_of("( \t", B);
      Entries.emplace_back(LineNo,
                           std::string(L.substr(B, E == std::string_view::npos
                                                       ? std::string_view::npos
                                                       : E - B)));
    }
    Pos = Eol + 1;
  }
  return Entries;
}

// "k1,k2": the entry functions holding the inject's sites (the last .entry
// before each site).
std::string
entriesOf(const Inject &I,
          const std::vector<std::pair<unsigned, std::string>> &Entries) {
  std::vector<std::string> Names;
  for (const SiteLocation &Site : I.Sites) {
    std::string Name = "-";
    for (const auto &[Line, N] : Entries)
      if (Line <= Site.Line)
        Name = N;
    if (std::find(Names.begin(), Names.end(), Name) == Names.end())
      Names.push_back(Name);
  }
  std::string Out;
  for (const std::string &N : Names)
    Out += (Out.empty() ? "" : ",") + N;
  return Out;
}

// A program's text on one TSV field: no tabs or line breaks, trimmed.
std::string oneLine(std::string T) {
  for (char &C : T)
    if (C == '\t' || C == '\n' || C == '\r')
      C = ' ';
  size_t B = T.find_first_not_of(' '), E = T.find_last_not_of(' ');
  return B == std::string::npos ? std::string("-") : T.substr(B, E - B + 1);
}

std::string textOf(const ManifestSources &S, size_t Role, size_t Program) {
  return S.Text ? oneLine(S.Text(Role, Program)) : "-";
}

// "REGISTERS/SPILL_STORES/SPILL_LOADS" (bytes) of each entry function in
// Entries ("k1,k2"), comma-separated; "-" when the module's report was not
// asked for or lacks them.
std::string resourcesOf(const ManifestSources &S, size_t Module,
                        const std::string &Entries) {
  if (!S.ModuleResources || Module == ProgramPlace::None)
    return "-";
  auto It = S.ModuleResources->find(Module);
  if (It == S.ModuleResources->end())
    return "-";
  std::string Out;
  for (size_t B = 0; B <= Entries.size();) {
    size_t Comma = Entries.find(',', B);
    std::string Name = Entries.substr(
        B, Comma == std::string::npos ? std::string::npos : Comma - B);
    const backends::KernelResources *Found = nullptr;
    for (const backends::KernelResources &K : It->second)
      if (K.Function == Name)
        Found = &K;
    // A kernel left out of a partly filled module has no report.
    if (Found && Found->Registers >= 0) {
      Out += (Out.empty() ? "" : ",") + std::to_string(Found->Registers) + "/" +
             std::to_string(Found->SpillStoreBytes) + "/" +
             std::to_string(Found->SpillLoadBytes);
    }
    if (Comma == std::string::npos)
      break;
    B = Comma + 1;
  }
  return Out.empty() ? "-" : Out;
}

} // namespace

void ptxinject::variants::describeInputs(const VariantInputs &In,
                                         unsigned long long Seed,
                                         ManifestSources &S) {
  S.Roles = In.Sources.size();
  S.Source = [&In, Seed](size_t R, size_t P) {
    if (P < In.Origins[R].size()) {
      const ProgramOrigin &O = In.Origins[R][P];
      return O.File + ":" + std::to_string(O.Line) + ":" +
             std::to_string(O.Column);
    }
    return "random:seed=" + std::to_string(Seed + R) +
           ":index=" + std::to_string(P);
  };
  S.Text = [&In](size_t R, size_t P) {
    return In.Stack[R] ? In.Stack[R]->text(P) : std::string();
  };
}

ManifestRows::ManifestRows(const ManifestSources &S) : S(S) {
  const Module &Kernel = *S.Kernel;
  std::vector<std::pair<unsigned, std::string>> Entries = entryLines(S.Ptx);
  for (size_t I = 0; I < Kernel.numInjects(); ++I)
    InjectEntries.push_back(entriesOf(Kernel.inject(I), Entries));
}

const char *ManifestRows::header() { return VariantManifestHeader; }

std::string ManifestRows::rows(size_t P, const ProgramPlace &Place,
                               const VariantFailure *Failed) const {
  const Module &Kernel = *S.Kernel;
  size_t G = S.Roles;
  // The code this program runs: its own, an equal earlier program's, or
  // a cached module's; the site is where that code sits.
  bool Ok = !Failed && Place.hasCode();
  std::string Module = "-", Origin = "-";
  if (Ok && !Place.CachedCubin.empty()) {
    Module = S.CachedNames->at(Place.CachedCubin);
    Origin = "cache";
  } else if (Ok) {
    Module = numbered("module_", Place.Module, ".cubin");
    Origin = "compiled";
  }
  std::string SameAs = Place.SameAs == P ? "-" : std::to_string(Place.SameAs);
  std::string Out;
  for (size_t R = 0; R < G; ++R) {
    // A failed program keeps the site it was meant for, for reference.
    size_t Inject = G > 1 ? S.Slots[R]
                    : Ok  ? Place.Inject
                          : S.Slots[S.Pack > 1 ? P % S.Pack : 0];
    size_t PackIndex = Ok ? Place.PackIndex : (S.Pack > 1 ? P % S.Pack : 0);
    std::string Source = S.Source ? S.Source(R, P) : "-";
    // A failure says its stage, so a long search can retry timeouts with a
    // longer deadline without reading logs.
    std::string Status =
        Ok       ? "ok"
        : Failed ? std::string("failed:") + variantStageName(Failed->Stage)
                 : "failed";
    Out += std::to_string(P) + "\t" + Module + "\t" +
           Kernel.inject(Inject).Name + "\t" + Status + "\t" +
           std::to_string(PackIndex) + "\t" + InjectEntries[Inject] + "\t" +
           Source + "\t" + textOf(S, R, P) + "\t" + SameAs + "\t" + Origin +
           "\t" + (S.Assembler.empty() ? "-" : oneLine(S.Assembler)) + "\t" +
           (S.Options ? oneLine(S.Options(P)) : "-") + "\t" +
           (Ok && Place.CachedCubin.empty()
                ? resourcesOf(S, Place.Module, InjectEntries[Inject])
                : "-") +
           "\n";
  }
  return Out;
}

std::string ptxinject::variants::manifestTsv(const ManifestSources &S,
                                             const VariantReport &Report) {
  ManifestRows Rows(S);
  // A variant's first failure says why it has no code.
  std::vector<const VariantFailure *> Failed(Report.Variants, nullptr);
  for (const VariantFailure &F : Report.Failures)
    if (F.Program < Failed.size() && !Failed[F.Program])
      Failed[F.Program] = &F;
  std::string Out = ManifestRows::header();
  for (size_t P = 0; P < Report.Variants; ++P)
    Out += Rows.rows(P, Report.Places[P], Failed[P]);
  return Out;
}

std::string ptxinject::variants::programsFile(const ManifestSources &S,
                                              size_t Variants,
                                              const std::string &Header) {
  size_t G = S.Roles;
  std::string Out = Header;
  for (size_t P = 0; P < Variants; ++P) {
    if (G == 1) {
      Out += textOf(S, 0, P) + "\n";
      continue;
    }
    for (size_t R = 0; R < G; ++R)
      Out += (R ? " ; " : "") + S.Kernel->inject(S.Slots[R]).Name + ": " +
             textOf(S, R, P);
    Out += "\n";
  }
  return Out;
}

ManifestAppender::ManifestAppender(const std::string &Path) {
  Fd = ::open(Path.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
}

ManifestAppender::~ManifestAppender() {
  if (Fd >= 0)
    ::close(Fd);
}

void ManifestAppender::append(std::string_view Lines) {
  std::lock_guard<std::mutex> G(Lock);
  while (Fd >= 0 && !Lines.empty()) {
    ssize_t N = ::write(Fd, Lines.data(), Lines.size());
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      return;
    Lines.remove_prefix(static_cast<size_t>(N));
  }
}

Error ptxinject::variants::makeOutputFolder(const std::string &Dir) {
  for (size_t Slash = Dir.find('/', 1);; Slash = Dir.find('/', Slash + 1)) {
    std::string Part = Dir.substr(0, Slash);
    if (!Part.empty() && ::mkdir(Part.c_str(), 0777) != 0 && errno != EEXIST) {
      Error E = Error::make(ErrorCode::FileError,
                            std::string("cannot create the output folder: ") +
                                std::strerror(errno));
      E.File = Part;
      return E;
    }
    if (Slash == std::string::npos)
      return Error::success();
  }
}

Error ptxinject::variants::writeModuleFiles(const std::string &Dir,
                                            size_t Index,
                                            std::string_view Cubin,
                                            const std::string_view *Ptx) {
  if (Ptx)
    if (Error E = writeFileAtomically(
            Dir + "/" + numbered("module_", Index, ".ptx"), *Ptx))
      return E;
  if (!Cubin.empty())
    if (Error E = writeFileAtomically(
            Dir + "/" + numbered("module_", Index, ".cubin"), Cubin))
      return E;
  return Error::success();
}

Expected<std::map<std::string, std::string>>
ptxinject::variants::linkCachedCubins(const std::vector<ProgramPlace> &Places,
                                      const std::string &OutDir) {
  std::map<std::string, std::string> Names;
  for (const ProgramPlace &Place : Places) {
    if (Place.CachedCubin.empty() || Names.count(Place.CachedCubin))
      continue;
    const std::string &From = Place.CachedCubin;
    std::string Name = "cached_" + From.substr(From.rfind('/') + 1);
    std::string To = OutDir + "/" + Name, Temp = To + ".tmp";
    ::unlink(Temp.c_str());
    // rename() of two links to one file succeeds and leaves both (POSIX):
    // the temporary goes in every case.
    bool Linked = ::link(From.c_str(), Temp.c_str()) == 0 &&
                  ::rename(Temp.c_str(), To.c_str()) == 0;
    ::unlink(Temp.c_str());
    if (!Linked) {
      Expected<std::string> Bytes = readFile(From);
      if (!Bytes) {
        Error E = Bytes.error();
        E.File = From;
        return E;
      }
      if (Error E = writeFileAtomically(To, *Bytes)) {
        E.File = To;
        return E;
      }
    }
    Names[From] = Name;
  }
  return Names;
}
