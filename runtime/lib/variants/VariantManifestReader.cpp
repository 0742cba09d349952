//===- VariantManifestReader.cpp - manifest.tsv read back -----------------===//
#include "ptxinject/variants/VariantManifestReader.h"
#include "ptxinject/support/Decimal.h"

#include <algorithm>

using namespace ptxinject;
using namespace ptxinject::variants;

const char ptxinject::variants::VariantManifestHeader[] =
    "program\tmodule\tinject\tstatus\tpack_index\tentries\tsource\ttext\t"
    "same_as\torigin\tassembler\toptions\tresources\n";

namespace {

// Manifests written before the assembler, options and resources columns:
// read, with those fields empty.
constexpr std::string_view TenColumnHeader =
    "program\tmodule\tinject\tstatus\tpack_index\tentries\tsource\ttext\t"
    "same_as\torigin\n";

bool allOf(std::string_view Text, bool (*Pred)(char)) {
  return std::all_of(Text.begin(), Text.end(), Pred);
}

bool isDigit(char C) { return C >= '0' && C <= '9'; }
bool isHex(char C) { return isDigit(C) || (C >= 'a' && C <= 'f'); }

// module_NNNNNN.cubin (six digits or more) or cached_HASH.cubin: a file of
// the output folder, never a path.
bool isModuleName(std::string_view Name) {
  constexpr std::string_view Suffix = ".cubin";
  if (Name.size() <= Suffix.size() ||
      Name.substr(Name.size() - Suffix.size()) != Suffix)
    return false;
  Name.remove_suffix(Suffix.size());
  if (Name.substr(0, 7) == "module_")
    return Name.size() >= 13 && allOf(Name.substr(7), isDigit);
  if (Name.substr(0, 7) == "cached_")
    return Name.size() == 7 + 32 && allOf(Name.substr(7), isHex);
  return false;
}

// "40/0/0,32/8/8": per entry, its registers and spill bytes.
bool parseResources(std::string_view Field,
                    std::vector<VariantManifestRow::KernelUse> &Out) {
  for (size_t B = 0; B <= Field.size();) {
    size_t Comma = Field.find(',', B);
    std::string_view One =
        Field.substr(B, Comma == std::string_view::npos ? std::string_view::npos
                                                        : Comma - B);
    size_t S1 = One.find('/');
    size_t S2 = S1 == std::string_view::npos ? S1 : One.find('/', S1 + 1);
    VariantManifestRow::KernelUse R;
    if (S2 == std::string_view::npos ||
        !parseCanonicalDecimal(One.substr(0, S1), R.Registers) ||
        !parseCanonicalDecimal(One.substr(S1 + 1, S2 - S1 - 1),
                               R.SpillStoreBytes) ||
        !parseCanonicalDecimal(One.substr(S2 + 1), R.SpillLoadBytes))
      return false;
    Out.push_back(R);
    if (Comma == std::string_view::npos)
      break;
    B = Comma + 1;
  }
  return true;
}

} // namespace

Expected<VariantManifest>
ptxinject::variants::parseVariantManifest(std::string_view Text) {
  VariantManifest M;
  std::string_view Header = VariantManifestHeader;
  size_t Columns = 13;
  if (Text.substr(0, TenColumnHeader.size()) == TenColumnHeader) {
    Header = TenColumnHeader;
    Columns = 10;
  }
  if (Text.substr(0, Header.size()) != Header)
    return Error::make(ErrorCode::InvalidArgument,
                       "not a manifest.tsv of ptxinject variants: the first "
                       "line must be its header",
                       1, 1);
  size_t Pos = Header.size();
  unsigned LineNo = 1;
  while (Pos < Text.size()) {
    ++LineNo;
    size_t Eol = Text.find('\n', Pos);
    if (Eol == std::string_view::npos) {
      M.Truncated = true;
      break;
    }
    std::string_view Line = Text.substr(Pos, Eol - Pos);
    Pos = Eol + 1;
    std::vector<std::string_view> Fields;
    std::vector<unsigned> Starts;
    for (size_t B = 0;;) {
      size_t Tab = Line.find('\t', B);
      Fields.push_back(Line.substr(
          B, Tab == std::string_view::npos ? std::string_view::npos : Tab - B));
      Starts.push_back(static_cast<unsigned>(B) + 1);
      if (Tab == std::string_view::npos)
        break;
      B = Tab + 1;
    }
    if (Fields.size() != Columns)
      return Error::make(ErrorCode::InvalidArgument,
                         "expected " + std::to_string(Columns) +
                             " tab-separated fields, found " +
                             std::to_string(Fields.size()),
                         LineNo, 1);
    // "COLUMN: expected ..." at the field's first byte.
    auto Bad = [&](size_t Field, const char *What) {
      return Error::make(ErrorCode::InvalidArgument, What, LineNo,
                         Starts[Field]);
    };
    VariantManifestRow R;
    if (!parseCanonicalDecimal(Fields[0], R.Program))
      return Bad(0, "program: expected a number");
    std::string_view Status = Fields[3];
    constexpr std::string_view Failed = "failed:";
    bool IsFailed = Status.substr(0, Failed.size()) == Failed &&
                    (Status.substr(Failed.size()) == "stub" ||
                     Status.substr(Failed.size()) == "compile" ||
                     Status.substr(Failed.size()) == "timeout" ||
                     Status.substr(Failed.size()) == "memory");
    // A manifest written before failures named their stage says "failed".
    if (Status != "ok" && Status != "failed" && !IsFailed)
      return Bad(3, "status: expected 'ok' or 'failed:STAGE' (stub, compile, "
                    "timeout, memory)");
    R.Ok = Status == "ok";
    if (IsFailed)
      R.FailedStage = std::string(Status.substr(Failed.size()));
    if (R.Ok ? !isModuleName(Fields[1]) : Fields[1] != "-")
      return Bad(1, R.Ok ? "module: expected module_NNNNNN.cubin or "
                           "cached_HASH.cubin"
                         : "module: expected '-' for a failed program");
    if (R.Ok)
      R.Module = std::string(Fields[1]);
    if (Fields[2].empty() || Fields[2] == "-")
      return Bad(2, "inject: expected a name");
    R.Inject = std::string(Fields[2]);
    if (!parseCanonicalDecimal(Fields[4], R.PackIndex))
      return Bad(4, "pack_index: expected a number");
    for (size_t B = 0; B <= Fields[5].size();) {
      size_t Comma = Fields[5].find(',', B);
      std::string_view Name = Fields[5].substr(
          B,
          Comma == std::string_view::npos ? std::string_view::npos : Comma - B);
      if (Name.empty())
        return Bad(5, "entries: expected entry names separated by commas");
      R.Entries.emplace_back(Name);
      if (Comma == std::string_view::npos)
        break;
      B = Comma + 1;
    }
    R.Source = std::string(Fields[6]);
    R.Text = std::string(Fields[7]);
    if (Fields[8] != "-" && !parseCanonicalDecimal(Fields[8], R.SameAs))
      return Bad(8, "same_as: expected '-' or a number");
    if (R.SameAs != VariantManifestRow::None && R.SameAs >= R.Program)
      return Bad(8, "same_as: expected an earlier program");
    std::string_view Origin = Fields[9];
    bool OriginOk =
        R.Ok ? Origin == "compiled" || Origin == "cache" : Origin == "-";
    if (!OriginOk)
      return Bad(9, R.Ok ? "origin: expected 'compiled' or 'cache'"
                         : "origin: expected '-' for a failed program");
    if (R.Ok)
      R.Origin = std::string(Origin);
    if (Columns > 10) {
      if (Fields[10].empty())
        return Bad(10, "assembler: expected its name and version or '-'");
      if (Fields[10] != "-")
        R.Assembler = std::string(Fields[10]);
      if (Fields[11].empty())
        return Bad(11, "options: expected the options or '-'");
      if (Fields[11] != "-")
        R.Options = std::string(Fields[11]);
      if (Fields[12] != "-" && !parseResources(Fields[12], R.Resources))
        return Bad(12, "resources: expected '-' or REGISTERS/SPILL_STORES/"
                       "SPILL_LOADS per entry, separated by commas");
    }
    M.Rows.push_back(std::move(R));
  }
  return M;
}
