//===- VariantManifest.cpp - What 'ptxinject variants' wrote, and from what
//===//
#include "VariantManifest.h"

#include "ptxinject/variants/VariantManifestReader.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <utility>

#include <fcntl.h>
#include <unistd.h>

using namespace ptxinject;
using namespace ptxinject::tool;
using namespace ptxinject::variants;

std::string ptxinject::tool::numbered(const char *Prefix, size_t N,
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
  StackPtxSource *Stack = S.Inputs->Stack[Role];
  return Stack ? oneLine(Stack->text(Program)) : "-";
}

} // namespace

ManifestRows::ManifestRows(const ManifestSources &S) : S(S) {
  const Module &Kernel = *S.Kernel;
  std::vector<std::pair<unsigned, std::string>> Entries = entryLines(S.Ptx);
  for (size_t I = 0; I < Kernel.numInjects(); ++I)
    InjectEntries.push_back(entriesOf(Kernel.inject(I), Entries));
}

const char *ManifestRows::header() { return VariantManifestHeader; }

std::string ManifestRows::rows(size_t P, const ProgramPlace &Place,
                               bool Failed) const {
  const Module &Kernel = *S.Kernel;
  size_t G = S.Inputs->Sources.size();
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
    std::string Source;
    if (P < S.Inputs->Origins[R].size()) {
      const ProgramOrigin &O = S.Inputs->Origins[R][P];
      Source = O.File + ":" + std::to_string(O.Line) + ":" +
               std::to_string(O.Column);
    } else {
      Source = "random:seed=" + std::to_string(S.Seed + R) +
               ":index=" + std::to_string(P);
    }
    Out += std::to_string(P) + "\t" + Module + "\t" +
           Kernel.inject(Inject).Name + "\t" + (Ok ? "ok" : "failed") + "\t" +
           std::to_string(PackIndex) + "\t" + InjectEntries[Inject] + "\t" +
           Source + "\t" + textOf(S, R, P) + "\t" + SameAs + "\t" + Origin +
           "\n";
  }
  return Out;
}

std::string ptxinject::tool::manifestTsv(const ManifestSources &S,
                                         const VariantReport &Report) {
  ManifestRows Rows(S);
  std::vector<bool> Failed(Report.Variants, false);
  for (const VariantFailure &F : Report.Failures)
    Failed[F.Program] = true;
  std::string Out = ManifestRows::header();
  for (size_t P = 0; P < Report.Variants; ++P)
    Out += Rows.rows(P, Report.Places[P], Failed[P]);
  return Out;
}

std::string ptxinject::tool::programsFile(const ManifestSources &S,
                                          size_t Variants,
                                          const std::string &Header) {
  size_t G = S.Inputs->Sources.size();
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
