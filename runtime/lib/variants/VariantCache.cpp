//===- VariantCache.cpp - Compiled programs kept across runs --------------===//
#include "ptxinject/variants/VariantCache.h"
#include "ptxinject/support/Decimal.h"
#include "ptxinject/support/File.h"

#include <algorithm>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <unistd.h>

using namespace ptxinject;
using namespace ptxinject::variants;

namespace {

// First line of every entry: a format change bumps the number, and old
// entries then read as damaged and are replaced.
const char EntryMagic[] = "ptxinject-variants-cache 1";

Error makeDirectories(const std::string &Path) {
  // Each prefix ending before a '/' (a leading '/' is no component), then
  // the whole path.
  for (size_t Pos = 0;;) {
    size_t Slash = Path.find('/', Pos + 1);
    std::string Prefix = Path.substr(0, Slash);
    if (::mkdir(Prefix.c_str(), 0777) != 0 && errno != EEXIST)
      return Error::make(ErrorCode::FileError, "cannot create " + Prefix +
                                                   ": " + std::strerror(errno));
    if (Slash == std::string::npos)
      return Error::success();
    Pos = Slash;
  }
}

// A reader (another thread, another process) sees the old file or the
// whole new one, never a part.
Error writeCacheFile(const std::string &Path, std::string_view Bytes) {
  Error E = writeFileAtomically(Path, Bytes);
  if (E)
    E.Message = Path + ": " + E.Message;
  return E;
}

// A store's result as the callers of storeCubin and storeEntry take it.
// The next line of Text from Pos, without its newline; false at the end or
// for a last line with no newline (a truncated file).
bool nextLine(std::string_view Text, size_t &Pos, std::string_view &Line) {
  size_t Eol = Text.find('\n', Pos);
  if (Eol == std::string_view::npos)
    return false;
  Line = Text.substr(Pos, Eol - Pos);
  Pos = Eol + 1;
  return true;
}

// Inject names come from marker lines: printable text. A control byte in
// an entry's name is damage, and one in a name to store would not read back.
bool isStorableName(std::string_view Name) {
  return !Name.empty() && std::none_of(Name.begin(), Name.end(), [](char C) {
    return static_cast<unsigned char>(C) < 0x20 || C == 0x7f;
  });
}

// On disk a file takes whole blocks: what a store adds to the folder.
std::uint64_t onDisk(std::uint64_t Bytes) {
  return (Bytes + 4095) / 4096 * 4096;
}

// Marks a file used now (the trimmer removes the least recently used).
// Best effort: a read-only cache is still used.
void markUsed(const std::string &Path) {
  ::utimensat(AT_FDCWD, Path.c_str(), nullptr, 0);
}

} // namespace

VariantCache::VariantCache(std::string Dir,
                           std::optional<std::uint64_t> MaxBytes)
    : Dir(std::move(Dir)), Pins(std::make_shared<VariantCachePins>(this->Dir)),
      RequestedMax(MaxBytes) {}

Hash128 ptxinject::variants::variantCacheContext(std::string_view KernelPtx,
                                                 const CubinBackend &Backend) {
  const CubinOptions &O = Backend.options();
  ContentHasher H;
  H.field(EntryMagic)
      .field(KernelPtx)
      .field(cubinBackendName(Backend.kind()))
      .field(Backend.version())
      .field(O.Arch)
      .field(std::to_string(O.OptLevel))
      .field(std::to_string(O.MaxRegisters))
      .field(O.Verbose ? "verbose" : "quiet");
  // The options added since: hashed only when set, so the entries of runs
  // without them keep their keys.
  if (!O.FastCompile.empty() || O.LineInfo || !O.AssemblerFlags.empty()) {
    H.field("fast-compile=" + O.FastCompile)
        .field(O.LineInfo ? "lineinfo" : "no-lineinfo");
    for (const std::string &Flag : O.AssemblerFlags)
      H.field(Flag);
  }
  // --link-stubs: the cubin is the kernel's object linked to the stubs.
  if (O.LinkObject)
    H.field("link-stubs")
        .field(std::string_view(O.LinkObject->data(), O.LinkObject->size()));
  return H.result();
}

std::string ptxinject::variants::defaultVariantCacheDir() {
  const char *Xdg = std::getenv("XDG_CACHE_HOME");
  if (Xdg && *Xdg)
    return std::string(Xdg) + "/ptxinject/variants";
  const char *Home = std::getenv("HOME");
  if (Home && *Home)
    return std::string(Home) + "/.cache/ptxinject/variants";
  return std::string();
}

Hash128 VariantCache::key(const Hash128 &Context, const Hash128 &Code) {
  return ContentHasher().field(Context.hex()).field(Code.hex()).result();
}

std::string VariantCache::cubinPath(const Hash128 &CubinHash) const {
  return Dir + "/cubins/" + CubinHash.hex() + ".cubin";
}

std::string VariantCache::entryPath(const Hash128 &Key) const {
  std::string Hex = Key.hex();
  // 256 subfolders keep any one folder small for large searches.
  return Dir + "/entries/" + Hex.substr(0, 2) + "/" + Hex;
}

bool VariantCache::cubinIsSound(const Hash128 &CubinHash, size_t Size,
                                const std::string &Path) {
  {
    std::lock_guard<std::mutex> G(Lock);
    auto It = Checked.find(CubinHash);
    if (It != Checked.end())
      return It->second;
  }
  Expected<std::string> Bytes = readFile(Path);
  bool Sound = Bytes && Bytes->size() == Size && hashBytes(*Bytes) == CubinHash;
  std::lock_guard<std::mutex> G(Lock);
  Checked[CubinHash] = Sound;
  return Sound;
}

VariantCache::Found VariantCache::lookup(const Hash128 &Key, Hit &Out) {
  Expected<std::string> Entry = readFile(entryPath(Key));
  if (!Entry)
    return Found::Miss;
  const std::string &Text = *Entry;
  // Every line must be there, in order, ending with "end": a truncated
  // entry never passes.
  std::string_view T = Text, Line;
  size_t Pos = 0;
  if (!nextLine(T, Pos, Line) || Line != EntryMagic)
    return Found::Damaged;
  // cubin HASH SIZE
  if (!nextLine(T, Pos, Line) || Line.substr(0, 6) != "cubin ")
    return Found::Damaged;
  std::string_view Fields = Line.substr(6);
  size_t Space = Fields.find(' ');
  Hash128 CubinHash;
  size_t Size = 0;
  if (Space == std::string_view::npos ||
      !Hash128::fromHex(Fields.substr(0, Space), CubinHash) ||
      !parseCanonicalDecimal(Fields.substr(Space + 1), Size))
    return Found::Damaged;
  // site PACK_INDEX INJECT
  if (!nextLine(T, Pos, Line) || Line.substr(0, 5) != "site ")
    return Found::Damaged;
  Fields = Line.substr(5);
  Space = Fields.find(' ');
  size_t PackIndex = 0;
  if (Space == std::string_view::npos ||
      !parseCanonicalDecimal(Fields.substr(0, Space), PackIndex) ||
      Space + 1 >= Fields.size())
    return Found::Damaged;
  std::string_view Inject = Fields.substr(Space + 1);
  if (!isStorableName(Inject))
    return Found::Damaged;
  if (!nextLine(T, Pos, Line) || Line != "end" || Pos != T.size())
    return Found::Damaged;
  // Pinned before it is checked: what was checked is what the caller
  // reads, whatever a trim does to the cache meanwhile. A cubin trimmed
  // away leaves its entries behind until they are trimmed too: a miss.
  std::string Cubin = cubinPath(CubinHash);
  std::string Pinned = Pins->pin(Cubin, CubinHash.hex() + ".cubin");
  if (Pinned.empty())
    return Found::Miss;
  if (!cubinIsSound(CubinHash, Size, Pinned))
    return Found::Damaged;
  markUsed(entryPath(Key));
  markUsed(Cubin);
  Out.CubinPath = std::move(Pinned);
  Out.Where.Inject = std::string(Inject);
  Out.Where.PackIndex = PackIndex;
  return Found::Hit;
}

Error VariantCache::ensureDirectory(const std::string &Path) {
  {
    std::lock_guard<std::mutex> G(Lock);
    if (Made.count(Path))
      return Error::success();
  }
  if (Error E = makeDirectories(Path))
    return E;
  std::lock_guard<std::mutex> G(Lock);
  Made.insert(Path);
  return Error::success();
}

Expected<Hash128> VariantCache::storeCubin(const std::vector<char> &Cubin) {
  std::string_view Bytes(Cubin.data(), Cubin.size());
  Hash128 CubinHash = hashBytes(Bytes);
  Error E = ensureDirectory(Dir + "/cubins");
  if (!E)
    E = writeCacheFile(cubinPath(CubinHash), Bytes);
  if (E)
    return E;
  {
    std::lock_guard<std::mutex> G(Lock);
    Checked[CubinHash] = true;
  }
  added(onDisk(Bytes.size()));
  return CubinHash;
}

Error VariantCache::storeEntry(const Hash128 &Key, const Hash128 &CubinHash,
                               size_t CubinSize, const Site &Where) {
  if (!isStorableName(Where.Inject))
    return Error::make(ErrorCode::InvalidArgument,
                       "inject name '" + Where.Inject +
                           "' cannot be stored in the cache");
  std::string Path = entryPath(Key);
  std::string Text = std::string(EntryMagic) + "\ncubin " + CubinHash.hex() +
                     " " + std::to_string(CubinSize) + "\nsite " +
                     std::to_string(Where.PackIndex) + " " + Where.Inject +
                     "\nend\n";
  Error E = ensureDirectory(Path.substr(0, Path.rfind('/')));
  if (!E)
    E = writeCacheFile(Path, Text);
  if (E)
    return E;
  added(onDisk(Text.size()));
  return Error::success();
}

void VariantCache::loadBound() {
  BoundLoaded = true;
  Max = variantCacheMaxBytes(Dir, RequestedMax, &ConfigProblem);
  // The size the last scan found, by whichever process; a folder never
  // scanned is scanned now, once.
  std::optional<std::uint64_t> Last = lastScannedVariantCacheBytes(Dir);
  Base = Last ? *Last : scanVariantCache(Dir).Bytes;
}

std::string VariantCache::configProblem() {
  std::lock_guard<std::mutex> G(BoundLock);
  if (!BoundLoaded)
    loadBound();
  return ConfigProblem;
}

void VariantCache::added(std::uint64_t Bytes) {
  std::uint64_t Now = Added.fetch_add(Bytes) + Bytes;
  // One thread checks; the others go on storing.
  std::unique_lock<std::mutex> G(BoundLock, std::try_to_lock);
  if (!G.owns_lock())
    return;
  if (!BoundLoaded)
    loadBound();
  if (Max == 0)
    return;
  // Other processes add too, unseen here: a scan after every sixteenth of
  // the bound written keeps the folder near its bound whoever writes.
  if (Base + Now <= Max && Now < std::max<std::uint64_t>(Max / 16, 1 << 20))
    return;
  Added.fetch_sub(Now);
  VariantCacheTrim T = trimVariantCache(Dir, Max, /*Wait=*/false);
  if (T.Ran)
    Base = T.After.Bytes;
  else if (std::optional<std::uint64_t> Last =
               lastScannedVariantCacheBytes(Dir))
    Base = *Last;
}

void VariantCache::settle() {
  std::lock_guard<std::mutex> G(BoundLock);
  if (!BoundLoaded)
    loadBound();
  if (Max == 0 || Base + Added.load() <= Max)
    return;
  Added.store(0);
  VariantCacheTrim T = trimVariantCache(Dir, Max);
  if (T.Ran)
    Base = T.After.Bytes;
}
