//===- RuntimeBench.cpp - Parse and render speed of the runtime -----------===//
//
// Measures, in one run, parse throughput and render time of the runtime on
// (1) a real nvcc kernel with 128 sites, compiled at bench time, (2) a
// synthetic PTX of several MB, (3) 500 distinct injects, (4) a GEMM-sized
// kernel (187 KB, 576 sites of 2 injects, tensor-core code between sites),
// and hostile inputs (one site with 100,000 operands, 200,000 injects),
// reported with the ratio of their parse time to that of half of them.
// Render time is reported as a ratio to a plain memcpy of the same output
// size measured in the same run, so the figure does not depend on the
// machine's speed.
//
// usage: ptxinject-runtime-bench [--nvcc PATH] [--ptx FILE]... [--only TEXT]
//                                [--reps N] [--save DIR]
//   --only TEXT  run only the inputs whose title contains TEXT
//   --reps N     no timing: parse and render each input N times, for
//                instruction counts under callgrind
//   --save DIR   also write each generated input to DIR/<n>.ptx
//
//===----------------------------------------------------------------------===//
#include "ptxinject/module/Module.h"

#include "BenchSupport.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <unistd.h>
#include <vector>

using namespace ptxinject;

namespace {

using bench::Clock;
using bench::secondsSince;

/// Seconds per call of Fn: the fastest of 200 batches of ~0.25 ms each.
template <class F> double secondsPerCall(F &&Fn) {
  return bench::secondsPerCall(Fn, 0.00025, 200);
}

volatile char Sink;

/// Set by --reps: parse and render this many times, untimed.
size_t FixedReps = 0;

/// A stub of a few instructions per inject, as a search loop would pass.
std::vector<std::string> benchStubs(const Module &M) {
  std::vector<std::string> StubText;
  for (size_t I = 0; I < M.numInjects(); ++I) {
    const Inject &Inj = M.inject(I);
    std::string S;
    for (const InjectOperand &Op : Inj.Operands)
      if (Op.Kind != OperandKind::In)
        S += "\tmov.b32 %" + Op.Register + ", %" + Inj.Operands[0].Register +
             ";\n";
    S += "\t// variant stub\n";
    StubText.push_back(S);
  }
  return StubText;
}

void repeatModule(const std::string &Title, const std::string &Ptx) {
  Expected<Module> Parsed = Module::parse(Ptx);
  if (!Parsed) {
    std::printf("%s: parse failed: %s\n", Title.c_str(),
                Parsed.error().Message.c_str());
    return;
  }
  const Module M = Parsed.take();
  for (size_t I = 0; I < FixedReps; ++I) {
    Expected<Module> P = Module::parse(Ptx);
    Sink = static_cast<char>(P->numInjects());
  }
  std::vector<std::string> StubText = benchStubs(M);
  std::vector<std::string_view> Stubs(StubText.begin(), StubText.end());
  std::string Out;
  for (size_t I = 0; I < FixedReps; ++I) {
    bench::exitOnError(M.render(Stubs, Out), "ptxinject-runtime-bench");
    Sink = Out[Out.size() / 2];
  }
  std::printf("%s: %zu parses and renders, output %zu bytes\n", Title.c_str(),
              FixedReps, Out.size());
}

void benchModule(const std::string &Title, const std::string &Ptx) {
  if (FixedReps)
    return repeatModule(Title, Ptx);
  Expected<Module> Parsed = Module::parse(Ptx);
  if (!Parsed) {
    std::printf("%s: parse failed: %u:%u: %s\n", Title.c_str(),
                Parsed.error().Line, Parsed.error().Column,
                Parsed.error().Message.c_str());
    return;
  }
  const Module M = Parsed.take();

  double Parse = secondsPerCall([&] {
    Expected<Module> P = Module::parse(Ptx);
    Sink = static_cast<char>(P->numInjects());
  });

  std::vector<std::string> StubText = benchStubs(M);
  std::vector<std::string_view> Stubs(StubText.begin(), StubText.end());
  std::string Out;
  // Checked once here; the timed renders of the same stubs cannot differ.
  bench::exitOnError(M.render(Stubs, Out), "ptxinject-runtime-bench");
  double Render = secondsPerCall([&] {
    (void)M.render(Stubs, Out);
    Sink = Out[Out.size() / 2];
  });

  std::string Source(Out.size(), 'x');
  std::string Copy(Out.size(), 'y');
  double Memcpy = secondsPerCall([&] {
    std::memcpy(Copy.data(), Source.data(), Source.size());
    Sink = Copy[Copy.size() / 2];
  });

  double MB = Ptx.size() / 1e6;
  std::printf("%s\n", Title.c_str());
  std::printf("  input %.3f MB, %zu injects, %zu sites, output %.3f MB\n", MB,
              M.numInjects(), M.numSites(), Out.size() / 1e6);
  std::printf("  parse   %10.2f us   %8.0f MB/s\n", Parse * 1e6, MB / Parse);
  std::printf("  render  %10.2f us   (%.2f x memcpy of the output)\n",
              Render * 1e6, Render / Memcpy);
  std::printf("  memcpy  %10.2f us   %8.0f MB/s\n", Memcpy * 1e6,
              Out.size() / 1e6 / Memcpy);
}

/// Hostile input: one site with NumOperands operand lines, or NumInjects
/// injects of one site each. Parse must stay linear in both.
std::string oneWideSitePtx(size_t NumOperands) {
  std::string P = ".version 8.0\n.target sm_80\n.address_size 64\n"
                  ".visible .entry k()\n{\n\t// PTX_INJECT_START wide\n";
  for (size_t K = 0; K < NumOperands; ++K)
    P += "\t// _x" + std::to_string(K) + " i f32 F32 v" + std::to_string(K) +
         "\n";
  return P + "\t// PTX_INJECT_END\n\tret;\n}\n";
}

std::string manyInjectsPtx(size_t NumInjects) {
  std::string P = ".version 8.0\n.target sm_80\n.address_size 64\n"
                  ".visible .entry k()\n{\n";
  for (size_t K = 0; K < NumInjects; ++K)
    P += "\t// PTX_INJECT_START f" + std::to_string(K) +
         "\n\t// _x0 m f32 F32 y\n\t// PTX_INJECT_END\n";
  return P + "\tret;\n}\n";
}

/// Parse time of Make(N/2), Make(N), Make(2N) and Make(4N) in one run, each
/// against the one before it: a ratio near 2 is linear, one near 4 quadratic.
/// Inputs this large take milliseconds to seconds per parse, so the best of a
/// few parses is the figure; the smaller inputs run first, so none of them
/// reuses memory a larger one left mapped.
void benchAdversarial(const std::string &Title, std::string (*Make)(size_t),
                      size_t N) {
  auto Time = [&](const std::string &Ptx) {
    double Best = 1e30;
    for (int R = 0; R < 5; ++R) {
      Clock::time_point T0 = Clock::now();
      Expected<Module> M = Module::parse(Ptx);
      double S = secondsSince(T0);
      if (!M) {
        std::printf("%s: parse failed: %s\n", Title.c_str(),
                    M.error().Message.c_str());
        return -1.0;
      }
      Best = std::min(Best, S);
      if (S > 2.0)
        break; // one parse this slow is figure enough
    }
    return Best;
  };
  // A doubling series: the work per line is flat (callgrind), but once the
  // module's tables outgrow the caches each line costs more, so a single
  // doubling can look quadratic in wall time; the series shows it levels off.
  std::printf("%s\n", Title.c_str());
  double Prev = 0;
  for (size_t Size : {N / 2, N, 2 * N, 4 * N}) {
    std::string Ptx = Make(Size);
    double T = Time(Ptx);
    if (T < 0)
      return;
    std::printf("  %8zu: input %7.3f MB; parse %8.2f ms (%5.1f ns per line)",
                Size, Ptx.size() / 1e6, T * 1e3, T * 1e9 / double(Size));
    if (Prev > 0)
      std::printf("; %.2f x the half (2 is linear, 4 quadratic)", T / Prev);
    std::printf("\n");
    Prev = T;
  }
}

/// A kernel with 4 injects in a loop unrolled 32 times: 128 sites whose
/// asm follows the marker contract, with real work between the sites.
std::string benchKernelSource() {
  std::string Src = "extern \"C\" __global__ void bench(float *out, int n) {\n"
                    "  float a = out[0], b = out[1], c = out[2], d = out[3];\n"
                    "#pragma unroll\n"
                    "  for (int i = 0; i < 32; ++i) {\n"
                    "    float v = out[4 + i];\n";
  const char *Names[] = {"alpha", "beta", "gamma", "delta"};
  const char *Vars[] = {"a", "b", "c", "d"};
  for (int K = 0; K < 4; ++K) {
    Src += std::string("    asm(\"{\\n\\t.reg .f32 %%_x0;\\n\\t.reg .f32 "
                       "%%_x1;\\n\\tmov.f32 %%_x0, %0;\\n\\tmov.f32 %%_x1, "
                       "%1;\\n\\t\"\n"
                       "        \"// PTX_INJECT_START ") +
           Names[K] + "\\n\\t// _x0 m f32 F32 " + Vars[K] +
           "\\n\\t// _x1 i f32 F32 v\\n\\t// PTX_INJECT_END\\n\\t\"\n"
           "        \"mov.f32 %0, %%_x0;\\n\\t}\" : \"+f\"(" +
           Vars[K] + ") : \"f\"(v));\n";
    Src += std::string("    ") + Vars[K] + " = " + Vars[K] + " * 0.5f + v;\n";
  }
  Src += "  }\n  out[0] = a + b + c + d;\n}\n";
  return Src;
}

bool compileWithNvcc(const std::string &Nvcc, std::string &Ptx) {
  char Dir[] = "/tmp/ptxinject-bench-XXXXXX";
  if (!mkdtemp(Dir))
    return false;
  std::string Cu = std::string(Dir) + "/bench.cu";
  std::string Out = std::string(Dir) + "/bench.ptx";
  std::ofstream(Cu) << benchKernelSource();
  std::string Cmd = Nvcc + " -ptx -arch=sm_80 " + Cu + " -o " + Out + " 2>&1";
  bool Ok = std::system(Cmd.c_str()) == 0;
  if (Ok)
    Ptx = bench::readFileOrExit(Out, "ptxinject-runtime-bench");
  std::remove(Cu.c_str());
  std::remove(Out.c_str());
  rmdir(Dir);
  return Ok;
}

/// PTX-like text of about Bytes bytes: instruction lines as nvcc writes
/// them, with a stable-dialect site every Every lines, over Injects names.
std::string syntheticPtx(size_t Bytes, size_t Injects, size_t Every) {
  std::string P = ".version 8.0\n.target sm_80\n.address_size 64\n\n"
                  ".visible .entry synthetic(\n\t.param .u64 p\n)\n{\n"
                  "\t.reg .f32 \t%f<100000>;\n\t.reg .b64 \t%rd<100>;\n";
  size_t Line = 0, Site = 0;
  char Buf[256];
  while (P.size() < Bytes) {
    if (++Line % Every == 0) {
      size_t I = Site++ % Injects;
      std::snprintf(Buf, sizeof(Buf),
                    "\t// begin inline asm\n\t{\n\t.reg .f32 %%_x0;\n\t.reg "
                    ".f32 %%_x1;\n\tmov.f32 %%_x0, %%f%zu;\n\tmov.f32 "
                    "%%_x1, %%f%zu;\n",
                    Line % 1000, Line % 997);
      P += Buf;
      std::snprintf(Buf, sizeof(Buf),
                    "\t// PTX_INJECT_START site_%zu\n\t// _x0 m f32 F32 "
                    "acc\n\t// _x1 i f32 F32 v\n\t// PTX_INJECT_END\n",
                    I);
      P += Buf;
      std::snprintf(Buf, sizeof(Buf),
                    "\tmov.f32 %%f%zu, %%_x0;\n\t}\n\t// end inline asm\n",
                    Line % 1000);
      P += Buf;
      continue;
    }
    std::snprintf(Buf, sizeof(Buf),
                  "\tfma.rn.f32 \t%%f%zu, %%f%zu, %%f%zu, %%f%zu;\n",
                  Line % 100000, (Line * 7) % 100000, (Line * 13) % 100000,
                  (Line * 31) % 100000);
    P += Buf;
  }
  P += "\tret;\n}\n";
  return P;
}

/// A kernel shaped like a tensor-core GEMM as nvcc writes it: shared-memory
/// loads and mma.sync between sites, Sites sites alternating over two
/// injects (a 4-operand epilogue and a 2-operand prologue), Bytes in all.
std::string gemmLikePtx(size_t Bytes, size_t Sites) {
  std::string P = "//\n// Generated by NVIDIA NVVM Compiler\n//\n\n"
                  ".version 8.8\n.target sm_80\n.address_size 64\n\n"
                  ".visible .entry gemm_tn(\n\t.param .u64 gemm_tn_param_0,"
                  "\n\t.param .u64 gemm_tn_param_1,\n\t.param .u64 "
                  "gemm_tn_param_2\n)\n{\n\t.reg .pred \t%p<64>;\n\t.reg "
                  ".b32 \t%r<4096>;\n\t.reg .f32 \t%f<4096>;\n\t.reg .b64 "
                  "\t%rd<256>;\n\t.shared .align 16 .b8 smem[32768];\n\n";
  char Buf[512];
  size_t Line = 0;
  auto Filler = [&] {
    size_t R = (Line * 4) % 4000, F = (Line * 4) % 4000;
    switch (Line++ % 3) {
    case 0:
      std::snprintf(Buf, sizeof(Buf),
                    "\tld.shared.v4.u32 \t{%%r%zu, %%r%zu, %%r%zu, %%r%zu}, "
                    "[%%rd%zu+%zu];\n",
                    R, R + 1, R + 2, R + 3, Line % 256, (Line * 16) % 32768);
      break;
    case 1:
      std::snprintf(Buf, sizeof(Buf),
                    "\tmma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
                    "{%%f%zu, %%f%zu, %%f%zu, %%f%zu}, {%%r%zu, %%r%zu, "
                    "%%r%zu, %%r%zu}, {%%r%zu, %%r%zu}, {%%f%zu, %%f%zu, "
                    "%%f%zu, %%f%zu};\n",
                    F, F + 1, F + 2, F + 3, R, R + 1, R + 2, R + 3, R + 4,
                    R + 5, F, F + 1, F + 2, F + 3);
      break;
    default:
      std::snprintf(Buf, sizeof(Buf),
                    "\tadd.s32 \t%%r%zu, %%r%zu, %zu;\n\tsetp.lt.s32 "
                    "\t%%p%zu, %%r%zu, %%r%zu;\n",
                    R, R + 1, Line % 128, Line % 64, R, R + 2);
      break;
    }
    P += Buf;
  };
  for (size_t S = 0; S < Sites; ++S) {
    while (P.size() < (S + 1) * Bytes / (Sites + 1))
      Filler();
    size_t F = (S * 4) % 4000;
    if (S % 2 == 0)
      std::snprintf(
          Buf, sizeof(Buf),
          "\t// begin inline asm\n\t{\n\t.reg .f32 %%_x0;\n\t.reg .f32 "
          "%%_x1;\n\t.reg .f32 %%_x2;\n\t.reg .f32 %%_x3;\n\tmov.f32 "
          "%%_x0, %%f%zu;\n\tmov.f32 %%_x2, %%f%zu;\n\tmov.f32 %%_x3, "
          "%%f%zu;\n\t// PTX_INJECT_START epilogue\n\t// _x0 m f32 F32 "
          "acc\n\t// _x1 o f32 F32 out\n\t// _x2 i f32 F32 alpha\n\t// _x3 "
          "i f32 F32 beta\n\t// PTX_INJECT_END\n\tmov.f32 %%f%zu, "
          "%%_x0;\n\tmov.f32 %%f%zu, %%_x1;\n\t}\n\t// end inline asm\n",
          F, F + 1, F + 2, F, F + 3);
    else
      std::snprintf(
          Buf, sizeof(Buf),
          "\t// begin inline asm\n\t{\n\t.reg .f32 %%_x0;\n\t.reg .f32 "
          "%%_x1;\n\tmov.f32 %%_x1, %%f%zu;\n\t// PTX_INJECT_START "
          "prologue\n\t// _x0 o f32 F32 a\n\t// _x1 i f32 F32 "
          "x\n\t// PTX_INJECT_END\n\tmov.f32 %%f%zu, %%_x0;\n\t}\n\t// "
          "end inline asm\n",
          F, F + 1);
    P += Buf;
  }
  while (P.size() + 8 < Bytes)
    Filler();
  P += "\tret;\n}\n";
  return P;
}

} // namespace

int main(int Argc, char **Argv) {
  std::string Nvcc = "/usr/local/cuda/bin/nvcc";
  std::vector<std::string> Files;
  std::string Only, SaveDir;
  for (int I = 1; I < Argc; ++I) {
    std::string Arg = Argv[I];
    if (Arg == "--nvcc" && I + 1 < Argc)
      Nvcc = Argv[++I];
    else if (Arg == "--ptx" && I + 1 < Argc)
      Files.push_back(Argv[++I]);
    else if (Arg == "--only" && I + 1 < Argc)
      Only = Argv[++I];
    else if (Arg == "--reps" && I + 1 < Argc)
      FixedReps = std::strtoull(Argv[++I], nullptr, 10);
    else if (Arg == "--save" && I + 1 < Argc)
      SaveDir = Argv[++I];
    else {
      std::fprintf(stderr,
                   "usage: %s [--nvcc PATH] [--ptx FILE]... [--only TEXT] "
                   "[--reps N] [--save DIR]\n",
                   Argv[0]);
      return 2;
    }
  }
  auto Wanted = [&](const std::string &Title) {
    return Title.find(Only) != std::string::npos;
  };

  const std::string RealTitle = "nvcc kernel, 4 injects x 32 unrolled sites";
  std::string Real;
  if (Wanted(RealTitle)) {
    if (compileWithNvcc(Nvcc, Real))
      benchModule(RealTitle, Real);
    else
      std::printf("nvcc kernel: skipped (%s could not compile it)\n",
                  Nvcc.c_str());
  }
  struct Generated {
    std::string Title;
    std::string (*Make)();
  };
  const Generated Inputs[] = {
      {"synthetic 4 MB PTX, 512 injects, a site every 64 lines",
       [] { return syntheticPtx(4 << 20, 512, 64); }},
      {"synthetic 180 KB PTX, 500 distinct injects",
       [] { return syntheticPtx(180 << 10, 500, 3); }},
      {"GEMM-like 187 KB PTX, 2 injects x 288 sites",
       [] { return gemmLikePtx(187 << 10, 576); }},
  };
  int Number = 0;
  for (const Generated &G : Inputs) {
    ++Number;
    if (!Wanted(G.Title))
      continue;
    std::string Ptx = G.Make();
    if (!SaveDir.empty())
      std::ofstream(SaveDir + "/" + std::to_string(Number) + ".ptx") << Ptx;
    benchModule(G.Title, Ptx);
  }
  const std::string WideTitle = "adversarial: one site with 100,000 operands";
  if (Wanted(WideTitle))
    benchAdversarial(WideTitle, oneWideSitePtx, 100000);
  const std::string ManyTitle = "adversarial: 200,000 injects of one site each";
  if (Wanted(ManyTitle))
    benchAdversarial(ManyTitle, manyInjectsPtx, 200000);
  for (const std::string &F : Files)
    benchModule(F, bench::readFileOrExit(F, "ptxinject-runtime-bench"));
  return 0;
}
