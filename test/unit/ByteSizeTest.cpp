//===- ByteSizeTest.cpp - Cache bounds written as 500M or 5G --------------===//
#include "ptxinject/support/ByteSize.h"

#include <gtest/gtest.h>

using ptxinject::parseByteSize;

TEST(ByteSize, WholeBytesAndPowersOf1024) {
  EXPECT_EQ(parseByteSize("0"), 0u);
  EXPECT_EQ(parseByteSize("4096"), 4096u);
  EXPECT_EQ(parseByteSize("64k"), 64u << 10);
  EXPECT_EQ(parseByteSize("500M"), 500ull << 20);
  EXPECT_EQ(parseByteSize("5G"), 5ull << 30);
  EXPECT_EQ(parseByteSize("2GiB"), 2ull << 30);
  EXPECT_EQ(parseByteSize("3TB"), 3ull << 40);
}

TEST(ByteSize, RefusesWhatIsNotOneNumberAndOneSuffix) {
  for (const char *Bad :
       {"", "G", "-1", "1.5G", "5 G", "5GG", "5X", "5Gb", " 5G", "5G ", "0x10"})
    EXPECT_FALSE(parseByteSize(Bad)) << "'" << Bad << "'";
}

TEST(ByteSize, RefusesWhatDoesNotFitIn64Bits) {
  EXPECT_EQ(parseByteSize("18446744073709551615"), ~0ull);
  EXPECT_FALSE(parseByteSize("18446744073709551616"));
  EXPECT_EQ(parseByteSize("16777215T"), 16777215ull << 40);
  EXPECT_FALSE(parseByteSize("16777216T"));
}
