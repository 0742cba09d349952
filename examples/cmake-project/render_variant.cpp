// Renders one stub into the example kernel's PTX and assembles it to a cubin,
// with the installed libraries only (PtxInject::cubin).
//   render_variant kernel.ptx [nvptxcompiler|ptxas|nvjitlink]
#include <ptxinject/backends/CubinBackend.h>
#include <ptxinject/module/Module.h>

#include <cstdio>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

int main(int argc, char **argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s kernel.ptx [backend]\n", argv[0]);
    return 2;
  }
  std::ifstream In(argv[1], std::ios::binary);
  if (!In) {
    std::fprintf(stderr, "%s: cannot read\n", argv[1]);
    return 1;
  }
  std::stringstream Text;
  Text << In.rdbuf();
  std::string Ptx = Text.str();

  ptxinject::Expected<ptxinject::Module> M = ptxinject::Module::parse(Ptx);
  if (!M) {
    std::fprintf(stderr, "%s\n", M.error().format(argv[1]).c_str());
    return 1;
  }
  std::optional<size_t> Found = M->injectIndex("transform");
  if (!Found) {
    std::fprintf(stderr, "%s: no inject 'transform'\n", argv[1]);
    return 1;
  }
  size_t Index = *Found;
  const ptxinject::InjectOperand *X = M->inject(Index).findOperand("x");
  const ptxinject::InjectOperand *Y = M->inject(Index).findOperand("y");
  if (!X || !Y) {
    std::fprintf(stderr, "%s: inject 'transform' lacks operand x or y\n",
                 argv[1]);
    return 1;
  }
  std::string Stub = "neg.f32 %" + X->Register + ", %" + X->Register + ";\n" +
                     "mov.f32 %" + Y->Register + ", %" + X->Register + ";";
  std::vector<std::string_view> Stubs(M->numInjects());
  Stubs[Index] = Stub;
  std::string Rendered;
  if (ptxinject::Error E = M->render(Stubs, Rendered)) {
    std::fprintf(stderr, "%s\n", E.format(argv[1]).c_str());
    return 1;
  }

  ptxinject::CubinBackendKind Kind = ptxinject::defaultCubinBackend();
  if (argc > 2 && !ptxinject::parseCubinBackendName(argv[2], Kind)) {
    std::fprintf(stderr, "unknown backend '%s'\n", argv[2]);
    return 2;
  }
  auto Backend = ptxinject::createCubinBackend(Kind, {});
  if (!Backend) {
    std::fprintf(stderr, "%s\n", Backend.error().Message.c_str());
    return 1;
  }
  std::vector<char> Cubin;
  std::string Log;
  if ((*Backend)->compile(Rendered, Cubin, Log) !=
      ptxinject::CompileStatus::Ok) {
    std::fprintf(stderr, "%s\n", Log.c_str());
    return 1;
  }
  std::printf("inject transform: x=%%%s y=%%%s\n", X->Register.c_str(),
              Y->Register.c_str());
  std::printf("backend %s: cubin %s\n", ptxinject::cubinBackendName(Kind),
              Cubin.size() > 4 && Cubin[1] == 'E' && Cubin[2] == 'L' &&
                      Cubin[3] == 'F'
                  ? "is an ELF image"
                  : "is not an ELF image");
  return 0;
}
