//===- VariantManifestReaderTest.cpp - manifest.tsv read back -------------===//
#include "ptxinject/variants/VariantManifestReader.h"

#include <gtest/gtest.h>

#include <string>

using namespace ptxinject;
using namespace ptxinject::variants;

namespace {

// A manifest as runs wrote it before the assembler, options and resources
// columns:
// it must still read.
std::string manifest(const std::string &Rows) {
  return "program\tmodule\tinject\tstatus\tpack_index\tentries\tsource\t"
         "text\tsame_as\torigin\n" +
         Rows;
}

TEST(VariantManifestReader, ReadsAssemblerOptionsAndResources) {
  Expected<VariantManifest> M = parseVariantManifest(
      std::string(VariantManifestHeader) +
      "0\tmodule_000000.cubin\tinject_0\tok\t0\tk0,k1\t-\t-\t-\tcompiled\t"
      "nvJitLink 12.9 (/w/libnvJitLink.so.12)\t-O3 -maxrregcount=64\t"
      "40/0/0,72/8/16\n"
      "1\t-\tinject_0\tfailed:compile\t0\tk0\t-\t-\t-\t-\t-\t-Ofc=max\t-\n");
  ASSERT_TRUE(M) << M.error().Message;
  ASSERT_EQ(M->Rows.size(), 2u);
  const VariantManifestRow &A = M->Rows[0];
  EXPECT_EQ(A.Assembler, "nvJitLink 12.9 (/w/libnvJitLink.so.12)");
  EXPECT_EQ(M->Rows[1].Assembler, "");
  EXPECT_EQ(A.Options, "-O3 -maxrregcount=64");
  ASSERT_EQ(A.Resources.size(), 2u);
  EXPECT_EQ(A.Resources[0].Registers, 40u);
  EXPECT_EQ(A.Resources[1].Registers, 72u);
  EXPECT_EQ(A.Resources[1].SpillStoreBytes, 8u);
  EXPECT_EQ(A.Resources[1].SpillLoadBytes, 16u);
  EXPECT_EQ(M->Rows[1].Options, "-Ofc=max");
  EXPECT_TRUE(M->Rows[1].Resources.empty());

  // The new header wants all thirteen fields, and resources as N/N/N.
  Expected<VariantManifest> Short = parseVariantManifest(
      std::string(VariantManifestHeader) +
      "0\tmodule_000000.cubin\tinject_0\tok\t0\tk\t-\t-\t-\tcompiled\n");
  ASSERT_FALSE(Short);
  EXPECT_NE(Short.error().Message.find("13 tab-separated"), std::string::npos);
  Expected<VariantManifest> Bad = parseVariantManifest(
      std::string(VariantManifestHeader) +
      "0\tmodule_000000.cubin\tinject_0\tok\t0\tk\t-\t-\t-\tcompiled\tptxas\t"
      "-O3\t40\n");
  ASSERT_FALSE(Bad);
  EXPECT_NE(Bad.error().Message.find("resources"), std::string::npos);
}

TEST(VariantManifestReader, ReadsEveryColumn) {
  Expected<VariantManifest> M = parseVariantManifest(manifest(
      "0\tmodule_000000.cubin\tinject_0\tok\t0\tk0,k1\tp.stack:1:1\tx y "
      "add.ftz.f32\t-\tcompiled\n"
      "1\tcached_0123456789abcdef0123456789abcdef.cubin\tinject_1\tok\t3\tk0\t"
      "random:seed=1:index=1\t-\t0\tcache\n"
      "2\t-\tinject_0\tfailed\t0\tk0\tp.stack:3:1\tx nosuch\t-\t-\n"));
  ASSERT_TRUE(M) << M.error().Message;
  ASSERT_EQ(M->Rows.size(), 3u);
  EXPECT_FALSE(M->Truncated);
  const VariantManifestRow &A = M->Rows[0];
  EXPECT_EQ(A.Module, "module_000000.cubin");
  EXPECT_TRUE(A.Ok);
  EXPECT_EQ(A.Entries, (std::vector<std::string>{"k0", "k1"}));
  EXPECT_EQ(A.Text, "x y add.ftz.f32");
  EXPECT_EQ(A.SameAs, VariantManifestRow::None);
  EXPECT_EQ(A.Origin, "compiled");
  EXPECT_EQ(M->Rows[1].PackIndex, 3u);
  EXPECT_EQ(M->Rows[1].SameAs, 0u);
  EXPECT_EQ(M->Rows[1].Origin, "cache");
  EXPECT_FALSE(M->Rows[2].Ok);
  EXPECT_EQ(M->Rows[2].Module, "");
}

TEST(VariantManifestReader, AFailureSaysItsStage) {
  Expected<VariantManifest> M = parseVariantManifest(
      manifest("0\t-\tinject_0\tfailed:timeout\t0\tk\tp:1:1\t-\t-\t-\n"
               "1\t-\tinject_0\tfailed:memory\t0\tk\tp:2:1\t-\t-\t-\n"
               "2\t-\tinject_0\tfailed\t0\tk\tp:3:1\t-\t-\t-\n"));
  ASSERT_TRUE(M) << M.error().Message;
  EXPECT_EQ(M->Rows[0].FailedStage, "timeout");
  EXPECT_EQ(M->Rows[1].FailedStage, "memory");
  EXPECT_FALSE(M->Rows[1].Ok);
  // An older manifest's plain "failed" still reads, with no stage.
  EXPECT_EQ(M->Rows[2].FailedStage, "");
  Expected<VariantManifest> Bad = parseVariantManifest(
      manifest("0\t-\tinject_0\tfailed:lunch\t0\tk\tp:1:1\t-\t-\t-\n"));
  ASSERT_FALSE(Bad);
  EXPECT_EQ(Bad.error().Line, 2u);
}

TEST(VariantManifestReader, ACutLastLineIsLeftOutAndSaid) {
  Expected<VariantManifest> M = parseVariantManifest(
      manifest("0\tmodule_000000.cubin\tinject_0\tok\t0\tk\t-\t-\t-\tcompiled\n"
               "1\tmodule_0000"));
  ASSERT_TRUE(M);
  EXPECT_EQ(M->Rows.size(), 1u);
  EXPECT_TRUE(M->Truncated);
}

TEST(VariantManifestReader, ErrorsNameLineAndField) {
  struct Case {
    const char *Row;
    unsigned Column;
    const char *Says;
  } Cases[] = {
      {"x\tmodule_000000.cubin\ti\tok\t0\tk\t-\t-\t-\tcompiled\n", 1,
       "program"},
      {"0\t../../etc/passwd\ti\tok\t0\tk\t-\t-\t-\tcompiled\n", 3, "module"},
      {"0\tmodule_000000.cubin\ti\tmaybe\t0\tk\t-\t-\t-\tcompiled\n", 25,
       "status"},
      {"0\tmodule_000000.cubin\ti\tok\t-1\tk\t-\t-\t-\tcompiled\n", 28,
       "pack_index"},
      {"0\tmodule_000000.cubin\ti\tok\t0\tk,,j\t-\t-\t-\tcompiled\n", 30,
       "entries"},
      {"3\tmodule_000000.cubin\ti\tok\t0\tk\t-\t-\t3\tcompiled\n", 36,
       "same_as"},
      {"0\tmodule_000000.cubin\ti\tok\t0\tk\t-\t-\t-\t-\n", 38, "origin"},
      {"0\tmodule_000000.cubin\ti\tok\n", 1, "10 tab-separated fields"},
  };
  for (const Case &C : Cases) {
    Expected<VariantManifest> M = parseVariantManifest(manifest(C.Row));
    ASSERT_FALSE(M) << C.Row;
    EXPECT_EQ(M.error().Line, 2u) << C.Row;
    EXPECT_EQ(M.error().Column, C.Column) << C.Row;
    EXPECT_NE(M.error().Message.find(C.Says), std::string::npos)
        << M.error().Message;
  }
  EXPECT_FALSE(parseVariantManifest("program\tmodule\n"));
}

} // namespace
