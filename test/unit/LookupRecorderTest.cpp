//===- LookupRecorderTest.cpp - What a header search looked at ------------===//
#include "ptxinject/Frontend/Prelude/LookupRecorder.h"

#include "llvm/Support/MemoryBuffer.h"

#include <gtest/gtest.h>

using ptxinject::frontend::LookupRecorder;

namespace {

/// A recorder over an in-memory tree: /inc/a.h, working folder /src.
llvm::IntrusiveRefCntPtr<LookupRecorder> recorderOverTree() {
  auto Memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  Memory->addFile("/inc/a.h", 0, llvm::MemoryBuffer::getMemBuffer("int a;\n"));
  Memory->addFile("/cache/blocks/b.h", 0,
                  llvm::MemoryBuffer::getMemBuffer("\n"));
  Memory->addFile("/src/k.cu", 0, llvm::MemoryBuffer::getMemBuffer("\n"));
  Memory->setCurrentWorkingDirectory("/src");
  return llvm::makeIntrusiveRefCnt<LookupRecorder>(Memory);
}

TEST(LookupRecorder, NotesPathsNotFoundAbsoluteAndOnce) {
  auto R = recorderOverTree();
  EXPECT_FALSE(R->status("/first/a.h"));
  EXPECT_FALSE(R->openFileForRead("/first/a.h"));
  EXPECT_FALSE(R->exists("sub/./probe.h"));
  EXPECT_TRUE(R->status("/inc/a.h"));
  EXPECT_TRUE(R->openFileForRead("/inc/a.h"));
  std::vector<std::string> Expected = {"/first/a.h", "/src/sub/probe.h"};
  EXPECT_EQ(R->absentPaths(""), Expected);
}

TEST(LookupRecorder, LeavesOutTheExcludedFolderOnly) {
  auto R = recorderOverTree();
  EXPECT_FALSE(R->status("/cache/blocks/near.h"));
  EXPECT_FALSE(R->status("/cache2/near.h"));
  std::vector<std::string> Expected = {"/cache2/near.h"};
  EXPECT_EQ(R->absentPaths("/cache"), Expected);
}

TEST(LookupRecorder, KeepsTheFirstStatusOfEachFile) {
  auto R = recorderOverTree();
  auto F = R->openFileForRead("/inc/a.h");
  ASSERT_TRUE(F);
  auto S = (*F)->status();
  ASSERT_TRUE(S);
  const llvm::vfs::Status *Seen = R->firstSeen(S->getUniqueID());
  ASSERT_NE(Seen, nullptr);
  EXPECT_EQ(Seen->getSize(), 7u);
  // A folder is no file a PCH is built from.
  auto Dir = R->status("/inc");
  ASSERT_TRUE(Dir);
  EXPECT_EQ(R->firstSeen(Dir->getUniqueID()), nullptr);
}

} // namespace
