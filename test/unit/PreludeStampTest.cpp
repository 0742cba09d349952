//===- PreludeStampTest.cpp - The cached PCH's stamp file -----------------===//
#include "ptxinject/Frontend/Prelude/PreludeStamp.h"

#include <gtest/gtest.h>

using namespace ptxinject::frontend;

namespace {

PreludeStamp sample() {
  PreludeStamp S;
  S.PchName = "prelude-0123-abcd.pch";
  S.Pch = FileStamp{32000000, 1764000000123456789, 2049, 77};
  S.Files = {{"/usr/include/a b.h", FileStamp{10, -5, 1, 2}},
             {"/opt/cute/tensor.hpp", FileStamp{0, 0, 0, 0}}};
  S.Absent = {"/src/t.h", "/src/first/t.h"};
  return S;
}

TEST(PreludeStamp, ReadsWhatItWrites) {
  PreludeStamp S = sample();
  std::string Text = formatPreludeStamp(S);
  EXPECT_EQ(Text, "ptxinject-prelude 3\n"
                  "prelude-0123-abcd.pch\n"
                  "pch 32000000 1764000000123456789 2049 77\n"
                  "file 10 -5 1 2 /usr/include/a b.h\n"
                  "file 0 0 0 0 /opt/cute/tensor.hpp\n"
                  "absent /src/t.h\n"
                  "absent /src/first/t.h\n");
  std::optional<PreludeStamp> Back = parsePreludeStamp(Text);
  ASSERT_TRUE(Back);
  EXPECT_EQ(*Back, S);
  // The body alone is what the PCH's name hashes.
  EXPECT_EQ(Text.substr(Text.find("file ")), formatStampBody(S));

  PreludeStamp NoPch;
  NoPch.PchName = PreludeStamp::NoPch.str();
  NoPch.Files = S.Files;
  Back = parsePreludeStamp(formatPreludeStamp(NoPch));
  ASSERT_TRUE(Back);
  EXPECT_EQ(*Back, NoPch);
}

TEST(PreludeStamp, RefusesWhatItDidNotWrite) {
  std::string Good = formatPreludeStamp(sample());
  auto Replace = [&](const std::string &From, const std::string &To) {
    std::string T = Good;
    T.replace(T.find(From), From.size(), To);
    return T;
  };
  // Another version, a path as the PCH's name, a missing or malformed
  // stamp of the PCH, a file line without its path or with a word for a
  // number, an empty absent path, an unknown line.
  for (const std::string &Bad :
       {Replace("prelude 3", "prelude 2"),
        Replace("prelude-0123-abcd.pch", "../elsewhere.pch"),
        Replace("prelude-0123-abcd.pch", "C:\\x.pch"),
        Replace("pch 32000000 1764000000123456789 2049 77", "pch -"),
        Replace("pch 32000000", "pch x"), Replace(" /opt/cute/tensor.hpp", ""),
        Replace("file 10", "file ten"), Replace("absent /src/t.h", "absent "),
        Good + "stale yes\n", std::string("ptxinject-prelude 3\n")})
    EXPECT_FALSE(parsePreludeStamp(Bad)) << Bad;
  PreludeStamp NoPch;
  NoPch.PchName = "-";
  std::string T = formatPreludeStamp(NoPch);
  T.replace(T.find("pch -"), 5, "pch 1 2 3 4");
  EXPECT_FALSE(parsePreludeStamp(T)) << T;
}

} // namespace
