// The file layer: whole reads, all-or-nothing writes, and what each says
// when the file system refuses.
#include "ptxinject/support/File.h"

#include <gtest/gtest.h>

#include <csignal>
#include <dirent.h>
#include <string>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

using namespace ptxinject;

namespace {

class FileTest : public ::testing::Test {
protected:
  void SetUp() override {
    char Template[] = "/tmp/supportfiletest.XXXXXX";
    ASSERT_NE(::mkdtemp(Template), nullptr);
    Dir = Template;
  }
  void TearDown() override {
    for (const std::string &Name : names())
      ::unlink((Dir + "/" + Name).c_str());
    ::chmod(Dir.c_str(), 0700);
    ::rmdir(Dir.c_str());
  }
  // The entries of Dir, temporaries included.
  std::vector<std::string> names() const {
    std::vector<std::string> Names;
    if (DIR *D = ::opendir(Dir.c_str())) {
      while (dirent *E = ::readdir(D)) {
        std::string Name = E->d_name;
        if (Name != "." && Name != "..")
          Names.push_back(Name);
      }
      ::closedir(D);
    }
    return Names;
  }
  std::string Dir;
};

TEST_F(FileTest, WriteThenReadGivesTheSameBytes) {
  std::string Bytes("a\0b\n", 4);
  Bytes += std::string(200000, 'x'); // more than one read chunk
  std::string Path = Dir + "/f.bin";
  ASSERT_FALSE(writeFileAtomically(Path, Bytes));
  Expected<std::string> Back = readFile(Path);
  ASSERT_TRUE(Back);
  EXPECT_EQ(*Back, Bytes);
  EXPECT_EQ(names(), std::vector<std::string>{"f.bin"});
}

TEST_F(FileTest, WriteReplacesTheWholeFile) {
  std::string Path = Dir + "/f.txt";
  ASSERT_FALSE(writeFileAtomically(Path, "a longer first text"));
  ASSERT_FALSE(writeFileAtomically(Path, "short"));
  EXPECT_EQ(*readFile(Path), "short");
}

TEST_F(FileTest, EmptyFileReadsAsEmpty) {
  std::string Path = Dir + "/empty";
  ASSERT_FALSE(writeFileAtomically(Path, ""));
  Expected<std::string> Back = readFile(Path);
  ASSERT_TRUE(Back);
  EXPECT_EQ(*Back, "");
}

TEST_F(FileTest, MissingFileIsAFileError) {
  Expected<std::string> Back = readFile(Dir + "/absent");
  ASSERT_FALSE(Back);
  EXPECT_EQ(Back.error().Code, ErrorCode::FileError);
  EXPECT_EQ(Back.error().Message,
            "cannot open for reading: No such file or directory");
  EXPECT_EQ(Back.error().Line, 0u);
}

TEST_F(FileTest, ReadingAFolderFails) {
  Expected<std::string> Back = readFile(Dir);
  ASSERT_FALSE(Back);
  EXPECT_EQ(Back.error().Code, ErrorCode::FileError);
  EXPECT_EQ(Back.error().Message, "cannot read: Is a directory");
}

TEST_F(FileTest, WriteIntoAMissingFolderFailsAndLeavesNothing) {
  Error E = writeFileAtomically(Dir + "/absent/f", "x");
  ASSERT_TRUE(E);
  EXPECT_EQ(E.Code, ErrorCode::FileError);
  EXPECT_EQ(E.Message, "cannot open for writing: No such file or directory");
  EXPECT_TRUE(names().empty());
}

TEST_F(FileTest, FailedRenameKeepsTheOldFileAndRemovesTheTemporary) {
  // A folder in the way: the temporary is written, the rename refused.
  std::string Path = Dir + "/target";
  ASSERT_EQ(::mkdir(Path.c_str(), 0700), 0);
  Error E = writeFileAtomically(Path, "new");
  ASSERT_TRUE(E);
  EXPECT_EQ(E.Message, "cannot replace the file: Is a directory");
  EXPECT_EQ(names(), std::vector<std::string>{"target"});
  ::rmdir(Path.c_str());
}

TEST_F(FileTest, FailedWriteKeepsTheOldFileAndRemovesTheTemporary) {
  // A file size limit plays the full disk: write() fails with EFBIG once
  // SIGXFSZ is ignored.
  std::string Path = Dir + "/f";
  ASSERT_FALSE(writeFileAtomically(Path, "old"));
  rlimit Old;
  ASSERT_EQ(::getrlimit(RLIMIT_FSIZE, &Old), 0);
  rlimit Small = Old;
  Small.rlim_cur = 4;
  auto *OldHandler = std::signal(SIGXFSZ, SIG_IGN);
  ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &Small), 0);
  Error E = writeFileAtomically(Path, "more than four bytes");
  ::setrlimit(RLIMIT_FSIZE, &Old);
  std::signal(SIGXFSZ, OldHandler);
  ASSERT_TRUE(E);
  EXPECT_EQ(E.Code, ErrorCode::FileError);
  EXPECT_EQ(E.Message, "cannot write: File too large");
  EXPECT_EQ(*readFile(Path), "old");
  EXPECT_EQ(names(), std::vector<std::string>{"f"});
}

TEST_F(FileTest, ReadOnlyFolderRefusesTheWrite) {
  if (::geteuid() == 0)
    GTEST_SKIP() << "root writes into read-only folders";
  ASSERT_EQ(::chmod(Dir.c_str(), 0500), 0);
  Error E = writeFileAtomically(Dir + "/f", "x");
  ASSERT_TRUE(E);
  EXPECT_EQ(E.Message, "cannot open for writing: Permission denied");
  ::chmod(Dir.c_str(), 0700);
  EXPECT_TRUE(names().empty());
}

TEST_F(FileTest, WriteInTheCurrentFolder) {
  // A path without a '/' puts the temporary in the current folder.
  char Old[4096];
  ASSERT_NE(::getcwd(Old, sizeof(Old)), nullptr);
  ASSERT_EQ(::chdir(Dir.c_str()), 0);
  Error E = writeFileAtomically("plain", "text");
  ASSERT_EQ(::chdir(Old), 0);
  ASSERT_FALSE(E);
  EXPECT_EQ(names(), std::vector<std::string>{"plain"});
}

TEST_F(FileTest, ExecutableIsAnExecutableRegularFile) {
  std::string Script = Dir + "/tool", Plain = Dir + "/data";
  ASSERT_FALSE(writeFileAtomically(Script, "#!/bin/sh\n"));
  ASSERT_FALSE(writeFileAtomically(Plain, "x"));
  ASSERT_EQ(::chmod(Script.c_str(), 0700), 0);
  ASSERT_EQ(::chmod(Plain.c_str(), 0600), 0);
  EXPECT_TRUE(isExecutable(Script));
  EXPECT_FALSE(isExecutable(Plain));
  EXPECT_FALSE(isExecutable(Dir)); // searchable, yet no program
  EXPECT_FALSE(isExecutable(Dir + "/absent"));
  EXPECT_FALSE(isExecutable(""));
}

} // namespace
