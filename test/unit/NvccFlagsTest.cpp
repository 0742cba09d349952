//===- NvccFlagsTest.cpp - nvcc command lines in Clang's spelling ---------===//
#include "ptxinject/Frontend/Invocation/NvccFlags.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace ptxinject::frontend;

namespace {

using Args = std::vector<std::string>;

bool has(const Args &A, const std::string &S) {
  return std::find(A.begin(), A.end(), S) != A.end();
}

TEST(NvccFlags, CMakeCudaCommandLine) {
  // What CMake 3.2x writes for a CUDA target with CUDA_ARCHITECTURES 90.
  TranslatedFlags T = translateNvccFlags(
      {"/usr/local/cuda/bin/nvcc", "-forward-unknown-to-host-compiler",
       "-DNDEBUG", "-I/src/include", "-isystem=/opt/cute/include", "-O3",
       "-std=c++17", "--generate-code=arch=compute_90,code=[compute_90,sm_90]",
       "--expt-relaxed-constexpr", "-Xcompiler=-fPIC", "-x", "cu", "-c",
       "/src/k.cu", "-o", "k.o"});
  EXPECT_EQ(T.Args,
            (Args{"/usr/local/cuda/bin/nvcc", "-DNDEBUG", "-I/src/include",
                  "-isystem", "/opt/cute/include", "-O3", "-std=c++17",
                  "-D__CUDACC_RELAXED_CONSTEXPR__=1", "-x", "cuda", "-c",
                  "/src/k.cu", "-o", "k.o", "--cuda-gpu-arch=sm_90"}));
  EXPECT_EQ(T.Archs, Args{"sm_90"});
}

TEST(NvccFlags, EverySpellingOfTheArch) {
  EXPECT_EQ(translateNvccFlags({"nvcc", "-arch=sm_86"}).Archs, Args{"sm_86"});
  EXPECT_EQ(translateNvccFlags({"nvcc", "-arch", "compute_75"}).Archs,
            Args{"sm_75"});
  EXPECT_EQ(translateNvccFlags({"nvcc", "--gpu-architecture=sm_90a"}).Archs,
            Args{"sm_90a"});
  EXPECT_EQ(translateNvccFlags({"nvcc", "-gencode",
                                "arch=compute_80,code=sm_80", "-gencode",
                                "arch=compute_90,code=\"[sm_90,compute_90]\""})
                .Archs,
            (Args{"sm_80", "sm_90"}));
  // The first is the one the device compile uses.
  Args A = translateNvccFlags({"nvcc", "-gencode=arch=compute_80,code=sm_80",
                               "-gencode=arch=compute_90,code=sm_90"})
               .Args;
  EXPECT_TRUE(has(A, "--cuda-gpu-arch=sm_80"));
  EXPECT_FALSE(has(A, "--cuda-gpu-arch=sm_90"));
  // arch=compute_NN alone (PTX only) still names the arch.
  EXPECT_EQ(
      translateNvccFlags({"nvcc", "-gencode=arch=compute_89,code=compute_89"})
          .Archs,
      Args{"sm_89"});
  EXPECT_EQ(gpuArchFromNvcc("native"), "");
  EXPECT_EQ(gpuArchFromNvcc("all-major"), "");
}

TEST(NvccFlags, HostOnlyFlagsAndTheirValuesAreDropped) {
  Args A =
      translateNvccFlags({"nvcc", "-Xcompiler", "-fPIC", "-ccbin",
                          "/usr/bin/g++-12", "--diag-suppress=177", "-lineinfo",
                          "--use_fast_math", "--expt-extended-lambda",
                          "--generate-dependencies-with-compile",
                          "--dependency-output", "k.d", "-DKEEP"})
          .Args;
  EXPECT_EQ(A, (Args{"nvcc", "-D__CUDACC_EXTENDED_LAMBDA__=1", "-DKEEP"}));
}

TEST(NvccFlags, FlagsNvccDefinesAMacroForKeepTheirMacro) {
  // nvcc defines these for its flags, and code tests them (#ifdef
  // __CUDACC_EXTENDED_LAMBDA__); the flags themselves mean nothing to Clang.
  Args A = translateNvccFlags({"nvcc", "-rdc=true", "-G", "--extended-lambda",
                               "--expt-extended-lambda", "-ewp",
                               "--expt-relaxed-constexpr"})
               .Args;
  EXPECT_EQ(A,
            (Args{"nvcc", "-fgpu-rdc", "-D__CUDACC_RDC__=1",
                  "-D__CUDACC_DEBUG__=1", "-D__CUDACC_EXTENDED_LAMBDA__=1",
                  "-D__CUDACC_EWP__=1", "-D__CUDACC_RELAXED_CONSTEXPR__=1"}));
  EXPECT_EQ(translateNvccFlags({"nvcc", "-dc"}).Args,
            (Args{"nvcc", "-c", "-fgpu-rdc", "-D__CUDACC_RDC__=1"}));
}

TEST(NvccFlags, NvccLongFormsOfClangFlags) {
  Args A = translateNvccFlags({"nvcc", "--std", "c++20", "--include-path",
                               "/inc", "--define-macro=X=1", "-rdc=true"})
               .Args;
  EXPECT_EQ(A, (Args{"nvcc", "-std=c++20", "-I/inc", "-DX=1", "-fgpu-rdc",
                     "-D__CUDACC_RDC__=1"}));
}

TEST(NvccFlags, ClangCommandLinePassesUnchanged) {
  Args Clang{"clang++", "-x",       "cuda", "--cuda-gpu-arch=sm_90",
             "-I/inc",  "-isystem", "/sys", "-std=c++17",
             "-Werror", "-c",       "k.cu"};
  TranslatedFlags T = translateNvccFlags(Clang);
  EXPECT_EQ(T.Args, Clang);
  EXPECT_TRUE(T.Archs.empty());
}

TEST(NvccFlags, DoubleDashEndsTheOptions) {
  // Clang tooling's guessed command for a file missing from the database.
  TranslatedFlags T = translateNvccFlags(
      {"nvcc", "-arch=sm_90", "-x", "cu", "-c", "--", "/src/c.cu"});
  EXPECT_EQ(T.Args, (Args{"nvcc", "-x", "cuda", "-c", "--cuda-gpu-arch=sm_90",
                          "--", "/src/c.cu"}));
  // After "--" nothing is read as a flag, not even an nvcc one.
  T = translateNvccFlags({"nvcc", "--", "-arch=sm_90", "-Xcompiler"});
  EXPECT_EQ(T.Args, (Args{"nvcc", "--", "-arch=sm_90", "-Xcompiler"}));
  EXPECT_TRUE(T.Archs.empty());
}

TEST(NvccFlags, JoinsNvccOptionsWithTheirSeparateValue) {
  EXPECT_EQ(joinNvccOptionValues({"--include-path",
                                  "inc",
                                  "-Iinc2",
                                  "--gpu-architecture",
                                  "sm_90",
                                  "-gencode",
                                  "arch=compute_90,code=sm_90",
                                  "-std",
                                  "c++17",
                                  "--define-macro",
                                  "X=1",
                                  "-Xcompiler",
                                  "-fPIC",
                                  "-ccbin",
                                  "g++",
                                  "-x",
                                  "cu",
                                  "-D",
                                  "Y",
                                  "k.cu"}),
            (Args{"--include-path=inc", "-Iinc2", "--gpu-architecture=sm_90",
                  "-gencode=arch=compute_90,code=sm_90", "-std=c++17",
                  "--define-macro=X=1", "-Xcompiler=-fPIC", "-ccbin=g++", "-x",
                  "cu", "-D", "Y", "k.cu"}));
  // Already joined, flags without a value, a value missing at the end, and
  // everything after "--" stay as they are.
  EXPECT_EQ(
      joinNvccOptionValues(
          {"-arch=sm_80", "-lineinfo", "--", "-code", "sm_90", "-arch"}),
      (Args{"-arch=sm_80", "-lineinfo", "--", "-code", "sm_90", "-arch"}));
  EXPECT_EQ(joinNvccOptionValues({"k.cu", "-code"}), (Args{"k.cu", "-code"}));
  // An option whose value is missing never takes the "--" that ends the
  // options as its value (found by the command_lines fuzzer).
  EXPECT_EQ(joinNvccOptionValues({"-maxrregcount", "--", "k.cu"}),
            (Args{"-maxrregcount", "--", "k.cu"}));
  EXPECT_EQ(translateNvccFlags({"nvcc", "-arch", "--", "k.cu"}).Args,
            (Args{"nvcc", "-arch", "--", "k.cu"}));
  EXPECT_EQ(translateNvccFlags({"nvcc", "-Xcompiler", "--", "k.cu"}).Args,
            (Args{"nvcc", "--", "k.cu"}));
  // The joined form translates as the separate one does.
  EXPECT_EQ(translateNvccFlags(
                {"nvcc", "--include-path=inc", "--gpu-architecture=sm_90"})
                .Args,
            (Args{"nvcc", "-Iinc", "--cuda-gpu-arch=sm_90"}));
}

} // namespace
