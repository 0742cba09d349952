//===- ReplayMain.cpp - Runs a fuzz harness over saved inputs -------------===//
//
// Linked instead of libFuzzer in the normal and sanitizer builds: runs
// LLVMFuzzerTestOneInput on every file under the folders (or files) given,
// so the seed corpus and every input that once crashed stay checked by the
// test suite without a fuzzing toolchain.
//
//===----------------------------------------------------------------------===//
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size);

namespace fs = std::filesystem;

int main(int Argc, char **Argv) {
  std::vector<fs::path> Files;
  for (int I = 1; I < Argc; ++I) {
    fs::path P(Argv[I]);
    std::error_code EC;
    if (fs::is_directory(P, EC)) {
      for (const fs::directory_entry &E : fs::recursive_directory_iterator(P))
        if (E.is_regular_file() && E.path().filename().string()[0] != '.')
          Files.push_back(E.path());
    } else if (fs::is_regular_file(P, EC)) {
      Files.push_back(P);
    } else {
      // A harness with no regression input yet has no folder for them.
      std::fprintf(stderr,
                   "replay: note: skipping '%s' (no such file or folder)\n",
                   Argv[I]);
    }
  }
  if (Files.empty()) {
    std::fprintf(stderr,
                 "replay: error: no inputs; pass corpus folders or files\n");
    return 2;
  }
  for (const fs::path &F : Files) {
    std::ifstream In(F, std::ios::binary);
    std::vector<char> Bytes((std::istreambuf_iterator<char>(In)),
                            std::istreambuf_iterator<char>());
    // A copy of exactly Size bytes, as libFuzzer passes: reads past the
    // end are caught by AddressSanitizer.
    std::vector<uint8_t> Data(Bytes.begin(), Bytes.end());
    std::fprintf(stderr, "replay: %s\n", F.string().c_str());
    LLVMFuzzerTestOneInput(Data.empty() ? nullptr : Data.data(), Data.size());
  }
  std::printf("replay: %zu inputs ran\n", Files.size());
  return 0;
}
