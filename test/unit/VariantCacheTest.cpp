//===- VariantCacheTest.cpp - Deduplication and the variant cache ---------===//
#include "ptxinject/variants/VariantCache.h"
#include "ptxinject/variants/ContentHash.h"
#include "ptxinject/variants/ProgramDedup.h"
#include "ptxinject/variants/VariantCompiler.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>
#include <unistd.h>

using namespace ptxinject;
using namespace ptxinject::variants;

namespace {

// Two injects with the same operands (z out, x and y in), so two programs
// pack into one module.
const char KernelPtx[] = R"(.version 8.0
.target sm_80
.address_size 64

.visible .entry two_sites(.param .u64 out)
{
	.reg .f32 %f<4>;
	.reg .b64 %rd<2>;
	mov.f32 %f1, 0f3F800000;
	mov.f32 %f2, 0f40000000;
	{
.reg .f32 %_x0;
.reg .f32 %_x1;
.reg .f32 %_x2;
mov.f32 %_x1, %f1;
mov.f32 %_x2, %f2;
// PTX_INJECT_START site_0
// _x0 o f32 F32 z
// _x1 i f32 F32 x
// _x2 i f32 F32 y
// PTX_INJECT_END
mov.f32 %f3, %_x0;
	}
	{
.reg .f32 %_x0;
.reg .f32 %_x1;
.reg .f32 %_x2;
mov.f32 %_x1, %f3;
mov.f32 %_x2, %f2;
// PTX_INJECT_START site_1
// _x0 o f32 F32 z
// _x1 i f32 F32 x
// _x2 i f32 F32 y
// PTX_INJECT_END
mov.f32 %f3, %_x0;
	}
	ld.param.u64 %rd1, [out];
	st.global.f32 [%rd1], %f3;
	ret;
}
)";

// "Assembles" by copying the PTX, counts its calls, and fails a module
// whose PTX holds "bogus" as ptxas would.
class CountingBackend final : public CubinBackend {
public:
  explicit CountingBackend(std::string Arch = "sm_80")
      : CubinBackend(options(Arch)) {}
  CubinBackendKind kind() const override { return CubinBackendKind::Ptxas; }
  std::string version() const override { return "counting 1"; }
  mutable std::atomic<size_t> Calls{0};

protected:
  CompileStatus compileWithin(std::string_view Ptx, std::vector<char> &Cubin,
                              std::string &Log, double) const override {
    ++Calls;
    Cubin.clear();
    Log.clear();
    if (Ptx.find("bogus") != std::string_view::npos) {
      Log = "error : Unknown instruction 'bogus'";
      return CompileStatus::Failed;
    }
    Cubin.assign(Ptx.begin(), Ptx.end());
    return CompileStatus::Ok;
  }

private:
  static CubinOptions options(const std::string &Arch) {
    CubinOptions O;
    O.Arch = Arch;
    return O;
  }
};

Module kernel() {
  Expected<Module> M = Module::parse(KernelPtx);
  EXPECT_TRUE(bool(M)) << M.error().Message;
  return M.take();
}

const char Add[] = "add.rn.f32 %{z}, %{x}, %{y};";
const char Mul[] = "mul.rn.f32 %{z}, %{x}, %{y};";
const char Sub[] = "sub.rn.f32 %{z}, %{x}, %{y};";
const char Bad[] = "bogus.f32 %{z}, %{x};";

// A fresh folder under the test's temporary folder.
std::string freshDir(const char *Name) {
  const char *Tmp = std::getenv("TMPDIR");
  std::string Dir = std::string(Tmp && *Tmp ? Tmp : "/tmp") +
                    "/ptxinject-cache-test-" + std::to_string(::getpid()) +
                    "-" + Name;
  std::filesystem::remove_all(Dir);
  return Dir;
}

std::string readAll(const std::string &Path) {
  std::ifstream In(Path, std::ios::binary);
  std::stringstream S;
  S << In.rdbuf();
  return S.str();
}

void writeAll(const std::string &Path, const std::string &Text) {
  std::ofstream Out(Path, std::ios::binary | std::ios::trunc);
  Out << Text;
}

} // namespace

TEST(ContentHash, IsFnv1a128) {
  // The published FNV-1a 128-bit values for "" and "a".
  EXPECT_EQ(hashBytes("").hex(), "6c62272e07bb014262b821756295c58d");
  EXPECT_EQ(hashBytes("a").hex(), "d228cb696f1a8caf78912b704e4a8964");
  Hash128 Back;
  ASSERT_TRUE(Hash128::fromHex(hashBytes("a").hex(), Back));
  EXPECT_EQ(Back, hashBytes("a"));
  EXPECT_FALSE(Hash128::fromHex("d228cb696f1a8caf78912b704e4a896", Back));
  EXPECT_FALSE(Hash128::fromHex("D228CB696F1A8CAF78912B704E4A8964", Back));
  // Fields keep their boundaries.
  EXPECT_NE(ContentHasher().field("ab").field("c").result(),
            ContentHasher().field("a").field("bc").result());
}

TEST(ProgramDedup, FirstProgramOfEachCodeIsCompiled) {
  std::vector<Hash128> Codes = {hashBytes("a"), hashBytes("b"), hashBytes("a"),
                                hashBytes("?"), hashBytes("b"), hashBytes("c")};
  std::vector<bool> HasCode = {true, true, true, false, true, true};
  ProgramGroups G = groupPrograms(Codes, HasCode, true);
  EXPECT_EQ(G.SameAs, (std::vector<size_t>{0, 1, 0, 3, 1, 5}));
  EXPECT_EQ(G.Unique, (std::vector<size_t>{0, 1, 5}));
  EXPECT_EQ(G.Distinct, 3u);
  // Not merged: every program with code is compiled, the count stays.
  ProgramGroups All = groupPrograms(Codes, HasCode, false);
  EXPECT_EQ(All.SameAs, (std::vector<size_t>{0, 1, 2, 3, 4, 5}));
  EXPECT_EQ(All.Unique, (std::vector<size_t>{0, 1, 2, 4, 5}));
  EXPECT_EQ(All.Distinct, 3u);
}

TEST(VariantCache, StoredEntriesComeBackAndDamageIsFound) {
  VariantCache Cache(freshDir("entries") + "/a/b");
  Hash128 Key = VariantCache::key(hashBytes("context"), hashBytes("code"));
  VariantCache::Hit Hit;
  EXPECT_EQ(Cache.lookup(Key, Hit), VariantCache::Found::Miss);

  std::vector<char> Cubin = {'\x7f', 'E', 'L', 'F', 1, 2, 3};
  Expected<Hash128> Stored = Cache.storeCubin(Cubin);
  ASSERT_TRUE(Stored) << Stored.error().Message;
  Hash128 CubinHash = *Stored;
  Error E = Cache.storeEntry(Key, CubinHash, Cubin.size(), {"mma", 3});
  ASSERT_FALSE(E) << E.Message;
  ASSERT_EQ(Cache.lookup(Key, Hit), VariantCache::Found::Hit);
  EXPECT_EQ(Hit.Where.Inject, "mma");
  EXPECT_EQ(Hit.Where.PackIndex, 3u);
  EXPECT_EQ(readAll(Hit.CubinPath), std::string(Cubin.begin(), Cubin.end()));

  // A truncated entry (its last line gone) is damaged, not a hit.
  std::string Entry = readAll(Cache.entryPath(Key));
  writeAll(Cache.entryPath(Key), Entry.substr(0, Entry.size() - 4));
  VariantCache Fresh(Cache.dir());
  EXPECT_EQ(Fresh.lookup(Key, Hit), VariantCache::Found::Damaged);
  writeAll(Cache.entryPath(Key), Entry);
  EXPECT_EQ(Fresh.lookup(Key, Hit), VariantCache::Found::Hit);

  // A cubin of the right size but other bytes is damaged too (checked by
  // a cache that has not seen it yet).
  writeAll(Cache.cubinPath(CubinHash), "\x7f"
                                       "ELF\x01\x02\x04");
  VariantCache Other(Cache.dir());
  EXPECT_EQ(Other.lookup(Key, Hit), VariantCache::Found::Damaged);
  // A missing cubin is a miss: the cache's bound trims cubins after the
  // entries that use them, and an entry it has yet to reach is no damage.
  std::remove(Cache.cubinPath(CubinHash).c_str());
  VariantCache Third(Cache.dir());
  EXPECT_EQ(Third.lookup(Key, Hit), VariantCache::Found::Miss);
}

// An entry reads back only as storeEntry writes it: a number with a
// leading zero or a name with a control byte is damage (found by the
// variant_cache harness), and such a name is refused when storing.
TEST(VariantCache, OnlyEntriesAsWrittenAreHits) {
  VariantCache Cache(freshDir("canonical"));
  Hash128 Key = VariantCache::key(hashBytes("context"), hashBytes("canonical"));
  std::vector<char> Cubin = {'\x7f', 'E', 'L', 'F', 9};
  Expected<Hash128> Stored = Cache.storeCubin(Cubin);
  ASSERT_TRUE(Stored) << Stored.error().Message;
  Hash128 CubinHash = *Stored;
  Error E = Cache.storeEntry(Key, CubinHash, Cubin.size(), {"mma", 3});
  ASSERT_FALSE(E) << E.Message;
  std::string Entry = readAll(Cache.entryPath(Key));
  VariantCache::Hit Hit;
  ASSERT_EQ(Cache.lookup(Key, Hit), VariantCache::Found::Hit);
  auto lookupOf = [&](const std::string &Text) {
    writeAll(Cache.entryPath(Key), Text);
    return VariantCache(Cache.dir()).lookup(Key, Hit);
  };
  auto replaced = [&](const std::string &From, const std::string &To) {
    std::string Text = Entry;
    Text.replace(Text.find(From), From.size(), To);
    return Text;
  };
  EXPECT_EQ(lookupOf(replaced("site 3 ", "site 03 ")),
            VariantCache::Found::Damaged);
  EXPECT_EQ(lookupOf(replaced(" 5\n", " 05\n")), VariantCache::Found::Damaged);
  EXPECT_EQ(lookupOf(replaced("mma", std::string("m\0a", 3))),
            VariantCache::Found::Damaged);
  EXPECT_EQ(lookupOf(replaced("mma", "m\x1b"
                                     "a")),
            VariantCache::Found::Damaged);
  EXPECT_EQ(lookupOf(Entry), VariantCache::Found::Hit);
  Error Refused = Cache.storeEntry(Key, CubinHash, Cubin.size(), {"m\ta", 3});
  EXPECT_TRUE(Refused);
  EXPECT_NE(Refused.Message.find("cannot be stored"), std::string::npos)
      << Refused.Message;
}

TEST(VariantCache, ThreadsStoreTheSameEntriesSafely) {
  // Every thread writes the same cubins and entries at once, as workers of
  // two processes sharing a folder would; every entry reads back whole.
  std::string Dir = freshDir("threads");
  std::vector<std::thread> Threads;
  std::atomic<size_t> Failures{0};
  for (int T = 0; T < 4; ++T)
    Threads.emplace_back([&] {
      VariantCache Cache(Dir);
      for (int I = 0; I < 50; ++I) {
        std::string Bytes = "cubin " + std::to_string(I);
        std::vector<char> Cubin(Bytes.begin(), Bytes.end());
        Hash128 Key = hashBytes(std::to_string(I));
        Expected<Hash128> CubinHash = Cache.storeCubin(Cubin);
        if (!CubinHash ||
            Cache.storeEntry(Key, *CubinHash, Cubin.size(), {"site_0", 0}))
          ++Failures;
      }
    });
  for (std::thread &T : Threads)
    T.join();
  EXPECT_EQ(Failures.load(), 0u);
  VariantCache Cache(Dir);
  for (int I = 0; I < 50; ++I) {
    VariantCache::Hit Hit;
    ASSERT_EQ(Cache.lookup(hashBytes(std::to_string(I)), Hit),
              VariantCache::Found::Hit);
    EXPECT_EQ(readAll(Hit.CubinPath), "cubin " + std::to_string(I));
  }
  // No temporary is left behind.
  for (const auto &E : std::filesystem::recursive_directory_iterator(Dir))
    EXPECT_NE(E.path().filename().string().rfind(".tmp.", 0), 0u) << E.path();
}

TEST(VariantDedup, DuplicatesShareTheFirstProgramsSite) {
  Module M = kernel();
  CountingBackend B;
  RawStubSource Source({Add, Mul, Add, Sub, Mul, Add, Sub});
  VariantOptions O;
  O.Pack = 2;
  O.Jobs = 2;
  O.Dedup = true;
  std::atomic<size_t> Progress{0};
  O.Progress = &Progress;
  std::mutex Lock;
  std::map<size_t, std::vector<size_t>> Modules;
  VariantReport R;
  ASSERT_FALSE(compileVariants(
      M, B, Source, O,
      [&](const CompiledModule &C, std::string &) {
        std::lock_guard<std::mutex> L(Lock);
        Modules[C.Index] = *C.Programs;
        return true;
      },
      R));
  EXPECT_EQ(R.Variants, 7u);
  EXPECT_EQ(R.UniquePrograms, 3u);
  EXPECT_EQ(R.Modules, 2u); // Add+Mul, Sub
  EXPECT_EQ(B.Calls.load(), 2u);
  EXPECT_EQ(Progress.load(), 7u);
  EXPECT_EQ(Modules[0], (std::vector<size_t>{0, 1}));
  EXPECT_EQ(Modules[1], (std::vector<size_t>{3}));
  std::vector<size_t> SameAs, Module, Pack;
  for (const ProgramPlace &P : R.Places) {
    SameAs.push_back(P.SameAs);
    Module.push_back(P.Module);
    Pack.push_back(P.PackIndex);
    EXPECT_EQ(M.inject(P.Inject).Name, "site_" + std::to_string(P.PackIndex));
  }
  EXPECT_EQ(SameAs, (std::vector<size_t>{0, 1, 0, 3, 1, 0, 3}));
  EXPECT_EQ(Module, (std::vector<size_t>{0, 0, 0, 1, 0, 0, 1}));
  EXPECT_EQ(Pack, (std::vector<size_t>{0, 1, 0, 0, 1, 0, 0}));

  // Without Dedup every program is compiled; the distinct count remains.
  RawStubSource Again({Add, Mul, Add, Sub, Mul, Add, Sub});
  O.Dedup = false;
  Progress = 0;
  ASSERT_FALSE(compileVariants(M, B, Again, O, nullptr, R));
  EXPECT_EQ(R.Modules, 4u);
  EXPECT_EQ(R.UniquePrograms, 3u);
  EXPECT_EQ(Progress.load(), 7u);
  for (size_t P = 0; P < 7; ++P) {
    EXPECT_EQ(R.Places[P].SameAs, P);
    EXPECT_EQ(R.Places[P].Module, P / 2);
  }
}

TEST(VariantDedup, AFailureIsEveryDuplicatesFailure) {
  Module M = kernel();
  CountingBackend B;
  RawStubSource Source({Add, Bad, "mov.f32 %{z}, %{nope};", Bad, Add});
  VariantOptions O;
  O.Jobs = 1;
  O.Slots = {"site_1"};
  O.Dedup = true;
  VariantReport R;
  ASSERT_FALSE(compileVariants(M, B, Source, O, nullptr, R));
  ASSERT_EQ(R.Failures.size(), 3u);
  EXPECT_EQ(R.Failures[0].Program, 1u);
  EXPECT_EQ(R.Failures[0].Stage, VariantStage::Cubin);
  EXPECT_EQ(R.Failures[1].Program, 2u);
  EXPECT_EQ(R.Failures[1].Stage, VariantStage::Stub);
  EXPECT_EQ(R.Failures[2].Program, 3u);
  EXPECT_EQ(R.Failures[2].Stage, VariantStage::Cubin);
  EXPECT_NE(R.Failures[2].Message.find("same stubs as program 1"),
            std::string::npos)
      << R.Failures[2].Message;
  EXPECT_EQ(R.Modules, 2u);
  EXPECT_FALSE(R.Places[3].hasCode());
  EXPECT_TRUE(R.Places[4].hasCode());
  EXPECT_EQ(R.Places[4].Module, R.Places[0].Module);
}

TEST(VariantDedup, SecondRunComesFromTheCache) {
  Module M = kernel();
  std::string Dir = freshDir("batch");
  auto Run = [&](const CountingBackend &B, std::vector<std::string> Stubs,
                 VariantReport &R) {
    RawStubSource Source(std::move(Stubs));
    VariantOptions O;
    O.Pack = 2;
    O.Jobs = 2;
    O.Dedup = true;
    O.CacheDir = Dir;
    std::atomic<size_t> Progress{0};
    O.Progress = &Progress;
    ASSERT_FALSE(compileVariants(M, B, Source, O, nullptr, R));
    EXPECT_EQ(Progress.load(), R.Variants);
    EXPECT_TRUE(R.CacheWarning.empty()) << R.CacheWarning;
  };
  CountingBackend Cold;
  VariantReport R;
  Run(Cold, {Add, Mul, Add, Bad, Sub}, R);
  EXPECT_EQ(R.CacheHits, 0u);
  EXPECT_EQ(R.UniquePrograms, 4u);
  EXPECT_GT(Cold.Calls.load(), 0u);

  CountingBackend Warm;
  Run(Warm, {Add, Mul, Add, Bad, Sub}, R);
  // The failed program is not cached: it is compiled (and fails) again.
  EXPECT_EQ(R.CacheHits, 3u);
  EXPECT_EQ(R.Modules, 1u);
  EXPECT_EQ(Warm.Calls.load(), 1u);
  ASSERT_EQ(R.Failures.size(), 1u);
  EXPECT_EQ(R.Failures[0].Program, 3u);
  for (size_t P : {0, 1, 2, 4}) {
    const ProgramPlace &Place = R.Places[P];
    EXPECT_EQ(Place.Module, ProgramPlace::None);
    ASSERT_FALSE(Place.CachedCubin.empty());
    // The cached "cubin" (rendered PTX, with this back end) holds the
    // program's stub.
    const char *Op = P == 1   ? "mul.rn.f32 %_x0"
                     : P == 4 ? "sub.rn.f32 %_x0"
                              : "add.rn.f32 %_x0";
    EXPECT_NE(readAll(Place.CachedCubin).find(Op), std::string::npos) << P;
    EXPECT_EQ(M.inject(Place.Inject).Name,
              "site_" + std::to_string(Place.PackIndex));
  }
  EXPECT_EQ(R.Places[2].CachedCubin, R.Places[0].CachedCubin);
  EXPECT_EQ(R.Places[2].SameAs, 0u);

  // Another arch is another key: nothing comes from the cache.
  CountingBackend OtherArch("sm_90");
  Run(OtherArch, {Add, Mul}, R);
  EXPECT_EQ(R.CacheHits, 0u);
  EXPECT_EQ(R.Modules, 1u);
}
