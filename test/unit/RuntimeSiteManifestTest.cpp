//===- RuntimeSiteManifestTest.cpp - Manifest reading and lost sites ------===//
#include "ptxinject/manifest/SiteManifest.h"

#include <gtest/gtest.h>

using namespace ptxinject;
using namespace ptxinject::manifest;

namespace {

TEST(SiteManifest, FindsSitesMissingFromThePtx) {
  Expected<SiteManifest> Manifest = SiteManifest::parse(
      R"({"version":1,"sites":[
        {"name":"kept","file":"k.cu","line":3,"column":7,
         "operands":[{"label":"x","kind":"in","type":"F32"}]},
        {"name":"gone","file":"k.cu","line":12,"column":5,"operands":[]}]})");
  ASSERT_TRUE(Manifest) << Manifest.error().Message;
  ASSERT_EQ(Manifest->Sites.size(), 2u);
  EXPECT_EQ(Manifest->Sites[0].Operands[0].Kind, "in");
  Expected<Module> M =
      Module::parse("// PTX_INJECT_START kept\n// _x0 i f32 F32 x\n"
                    "// PTX_INJECT_END\n");
  ASSERT_TRUE(M);
  std::vector<const ManifestSite *> Missing = findMissingSites(*M, *Manifest);
  ASSERT_EQ(Missing.size(), 1u);
  EXPECT_EQ(Missing[0]->Name, "gone");
  EXPECT_EQ(describeMissingSite(*Missing[0]),
            "k.cu:12:5: error: inject site 'gone' is missing from the PTX: "
            "the code holding it was never emitted (a __device__ function no "
            "kernel calls, a template this compile does not instantiate, or a "
            "branch the compiler discards, such as if constexpr); or, if the "
            "site is not volatile, the optimizer removed its asm because no "
            "output is used");
}

TEST(SiteManifest, AVolatileSiteWasNeverEmitted) {
  // The optimizer keeps asm volatile; only a plain asm site may be removed.
  for (bool Volatile : {true, false}) {
    Expected<SiteManifest> Manifest = SiteManifest::parse(
        std::string(R"({"version":1,"sites":[{"name":"gone","file":"k.cu",)"
                    R"("line":2,"column":3,"operands":[],"volatile":)") +
        (Volatile ? "true" : "false") + "}]}");
    ASSERT_TRUE(Manifest) << Manifest.error().Message;
    ASSERT_EQ(Manifest->Sites[0].Volatile, Volatile);
    std::string Text = describeMissingSite(Manifest->Sites[0]);
    EXPECT_NE(Text.find("never emitted"), std::string::npos) << Text;
    EXPECT_EQ(Text.find("optimizer") != std::string::npos, !Volatile) << Text;
  }
  Expected<SiteManifest> Bad = SiteManifest::parse(
      R"({"version":1,"sites":[{"name":"g","file":"k.cu","line":2,)"
      R"("column":3,"volatile":"yes"}]})");
  ASSERT_FALSE(Bad);
  EXPECT_NE(Bad.error().Message.find("\"volatile\" must be true or false"),
            std::string::npos);
}

TEST(SiteManifest, TemplateSitesSplitByTypeAreNotMissing) {
  Expected<SiteManifest> Manifest = SiteManifest::parse(
      R"({"version":1,"sites":[
        {"name":"func","file":"k.cu","line":3,"column":7,
         "operands":[{"label":"v","kind":"mod","type":"F32"}]},
        {"name":"fun","file":"k.cu","line":9,"column":7,
         "operands":[{"label":"v","kind":"mod","type":"F32"}]}]})");
  ASSERT_TRUE(Manifest) << Manifest.error().Message;
  // Instantiations with float and int: the runtime splits the name by type.
  Expected<Module> M =
      Module::parse("// PTX_INJECT_START func\n// _x0 m f32 F32 v\n"
                    "// PTX_INJECT_END\n"
                    "// PTX_INJECT_START func\n// _x0 m s32 S32 v\n"
                    "// PTX_INJECT_END\n");
  ASSERT_TRUE(M) << M.error().Message;
  ASSERT_EQ(M->numInjects(), 2u);
  EXPECT_EQ(M->inject(0).Name, "func<F32>");
  std::vector<const ManifestSite *> Missing = findMissingSites(*M, *Manifest);
  // "fun" is a prefix of "func<...>" but not its base name: still missing.
  ASSERT_EQ(Missing.size(), 1u);
  EXPECT_EQ(Missing[0]->Name, "fun");
}

TEST(SiteManifest, RejectsMalformedManifests) {
  EXPECT_FALSE(SiteManifest::parse("{"));
  EXPECT_FALSE(SiteManifest::parse(R"({"version":2,"sites":[]})"));
  EXPECT_FALSE(SiteManifest::parse(R"({"version":1})"));
  Expected<SiteManifest> M = SiteManifest::parse(
      "{\"version\":1,\"sites\":[\n{\"name\":\"a\",\"file\":\"f\"}]}");
  ASSERT_FALSE(M);
  EXPECT_EQ(M.error().Line, 2u);
}

TEST(SiteManifest, SemanticErrorsPointAtTheValue) {
  // The second site object starts at column 4 of line 3, not column 1.
  Expected<SiteManifest> M = SiteManifest::parse(
      "{\"version\":1,\"sites\":[\n"
      "  {\"name\":\"a\",\"file\":\"f\",\"line\":1,\"column\":1},\n"
      "   {\"name\":\"b\",\"file\":\"f\"}]}");
  ASSERT_FALSE(M);
  EXPECT_EQ(M.error().Line, 3u) << M.error().Message;
  EXPECT_EQ(M.error().Column, 4u) << M.error().Message;
}

} // namespace
