//===- PreludeCrashTest.cpp - A parse that crashes is survived ------------===//
#include "ptxinject/Frontend/Prelude/PreludeCache.h"
#include "ptxinject/Frontend/Prelude/PreludeLoadFailure.h"

#include "clang/Basic/Diagnostic.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace ptxinject::frontend;

namespace {

/// Keeps each diagnostic as "level: message".
class Recorder : public clang::DiagnosticConsumer {
public:
  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    llvm::SmallString<128> Text;
    Info.FormatDiagnostic(Text);
    Seen.push_back(
        (Level == clang::DiagnosticsEngine::Error ? "error: " : "warning: ") +
        std::string(Text));
  }
  std::vector<std::string> Seen;
};

[[noreturn]] void crash() { __builtin_trap(); }

/// A cached prelude in a temporary folder: its PCH and stamp exist.
class PreludeCrash : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("prelude-crash", Dir));
    Cached.Status = PreludeStatus::Reused;
    Cached.PchPath = (Dir + "/prelude.pch").str();
    Cached.StampPath = (Dir + "/prelude.stamp").str();
    for (const std::string &P : {Cached.PchPath, Cached.StampPath}) {
      std::error_code EC;
      llvm::raw_fd_ostream(P, EC) << "x";
      ASSERT_FALSE(EC);
    }
  }
  void TearDown() override {
    llvm::sys::fs::remove(Cached.PchPath);
    llvm::sys::fs::remove(Cached.StampPath);
    llvm::sys::fs::remove(Dir);
  }
  bool cacheLeft() const {
    return llvm::sys::fs::exists(Cached.PchPath) ||
           llvm::sys::fs::exists(Cached.StampPath);
  }

  llvm::SmallString<128> Dir;
  PreludeResult Cached;
  Recorder Diags;
};

TEST_F(PreludeCrash, AParseThatReturnsIsLeftAlone) {
  bool Reparsed = false;
  EXPECT_FALSE(parseSurvivingCrash(
      Cached, "k.cu", &Diags, [] { return false; },
      [&] { return Reparsed = true; }));
  EXPECT_FALSE(Reparsed);
  EXPECT_TRUE(Diags.Seen.empty());
  EXPECT_TRUE(llvm::sys::fs::exists(Cached.PchPath));
  EXPECT_TRUE(llvm::sys::fs::exists(Cached.StampPath));
}

TEST_F(PreludeCrash, ACrashWithTheCacheDropsItAndParsesAgain) {
  int Reparses = 0;
  EXPECT_TRUE(parseSurvivingCrash(
      Cached, "k.cu", &Diags, [&]() -> bool { crash(); },
      [&] { return ++Reparses == 1; }));
  EXPECT_EQ(Reparses, 1);
  EXPECT_FALSE(cacheLeft());
  ASSERT_EQ(Diags.Seen.size(), 1u);
  EXPECT_NE(Diags.Seen[0].find("warning: Clang crashed while parsing 'k.cu' "
                               "with the cached headers '" +
                               Cached.PchPath + "'"),
            std::string::npos)
      << Diags.Seen[0];
  EXPECT_EQ(Diags.getNumErrors(), 0u);
}

TEST_F(PreludeCrash, ACrashWithoutTheCacheIsAnErrorNamingTheInput) {
  PreludeResult Uncached; // --no-pch-cache
  bool Reparsed = false;
  EXPECT_FALSE(parseSurvivingCrash(
      Uncached, "k.cu", &Diags, [&]() -> bool { crash(); },
      [&] { return Reparsed = true; }));
  EXPECT_FALSE(Reparsed);
  EXPECT_TRUE(llvm::sys::fs::exists(Cached.PchPath)); // not its PCH
  ASSERT_EQ(Diags.Seen.size(), 1u);
  EXPECT_EQ(Diags.Seen[0].rfind("error: Clang crashed while parsing 'k.cu' "
                                "(signal ",
                                0),
            0u)
      << Diags.Seen[0];
  EXPECT_EQ(Diags.getNumErrors(), 1u);
}

TEST_F(PreludeCrash, ACrashAgainWithoutTheCacheIsAnError) {
  EXPECT_FALSE(parseSurvivingCrash(
      Cached, "k.cu", &Diags, [&]() -> bool { crash(); },
      [&]() -> bool { crash(); }));
  EXPECT_FALSE(cacheLeft());
  ASSERT_EQ(Diags.Seen.size(), 2u);
  EXPECT_EQ(Diags.Seen[1].rfind("error: Clang crashed while parsing 'k.cu'", 0),
            0u);
  EXPECT_EQ(Diags.getNumErrors(), 1u);
}

} // namespace
