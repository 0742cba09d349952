//===- ToolSupport.cpp - Shared helpers of the ptxinject commands ---------===//
#include "ToolSupport.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>
#include <unistd.h>

using namespace ptxinject;

namespace {
std::string systemError() { return std::strerror(errno); }
} // namespace

bool tool::readWholeFile(const std::string &Path, std::string &Out,
                         std::string &ErrorMessage) {
  Out.clear();
  bool IsStdin = Path == "-";
  std::FILE *F = IsStdin ? stdin : std::fopen(Path.c_str(), "rb");
  if (!F) {
    ErrorMessage = "cannot open for reading: " + systemError();
    return false;
  }
  char Chunk[1 << 16];
  size_t N;
  while ((N = std::fread(Chunk, 1, sizeof(Chunk), F)) > 0)
    Out.append(Chunk, N);
  bool Failed = std::ferror(F);
  if (Failed)
    ErrorMessage = "cannot read: " + systemError();
  if (!IsStdin)
    std::fclose(F);
  return !Failed;
}

bool tool::readWholeFileOrReport(const std::string &Path, std::string &Out) {
  std::string Message;
  if (readWholeFile(Path, Out, Message))
    return true;
  reportError(Path, Message);
  return false;
}

bool tool::writeFileAtomically(const std::string &Path,
                               std::string_view Content,
                               std::string &ErrorMessage) {
  if (Path == "-") {
    if (std::fwrite(Content.data(), 1, Content.size(), stdout) !=
            Content.size() ||
        std::fflush(stdout) != 0) {
      ErrorMessage = "cannot write standard output: " + systemError();
      return false;
    }
    return true;
  }
  // The temporary file lives next to the target so the rename stays on one
  // file system and is atomic.
  std::string Temp = Path + ".tmp." + std::to_string(::getpid());
  std::FILE *F = std::fopen(Temp.c_str(), "wb");
  if (!F) {
    ErrorMessage = "cannot open for writing: " + systemError();
    return false;
  }
  bool Ok = std::fwrite(Content.data(), 1, Content.size(), F) ==
            Content.size();
  Ok = (std::fclose(F) == 0) && Ok;
  if (!Ok) {
    ErrorMessage = "cannot write: " + systemError();
    std::remove(Temp.c_str());
    return false;
  }
  if (std::rename(Temp.c_str(), Path.c_str()) != 0) {
    ErrorMessage = "cannot replace the file: " + systemError();
    std::remove(Temp.c_str());
    return false;
  }
  return true;
}

bool tool::writeFileAtomicallyOrReport(const std::string &Path,
                                       std::string_view Content) {
  std::string Message;
  if (writeFileAtomically(Path, Content, Message))
    return true;
  reportError(Path, Message);
  return false;
}

void tool::reportError(std::string_view File, unsigned Line, unsigned Column,
                       std::string_view Message) {
  if (Line == 0) {
    reportError(File, Message);
    return;
  }
  std::fprintf(stderr, "%.*s:%u:%u: error: %.*s\n", (int)File.size(),
               File.data(), Line, Column ? Column : 1, (int)Message.size(),
               Message.data());
}

void tool::reportError(std::string_view File, std::string_view Message) {
  std::fprintf(stderr, "%.*s: error: %.*s\n", (int)File.size(), File.data(),
               (int)Message.size(), Message.data());
}

void tool::reportError(std::string_view File, const Error &E) {
  reportError(File, E.Line, E.Column, E.Message);
}

void tool::reportUsageError(std::string_view Command,
                            std::string_view Message) {
  std::fprintf(stderr, "ptxinject %.*s: error: %.*s\n", (int)Command.size(),
               Command.data(), (int)Message.size(), Message.data());
}

bool tool::addTypesFromFileOrReport(const std::string &Path,
                                    TypeTable &Table) {
  std::string Text;
  if (!readWholeFileOrReport(Path, Text))
    return false;
  std::string Message;
  if (Table.addFromJson(Text, Message))
    return true;
  // The table reports "LINE:COL: message"; put the file in front of it.
  size_t Sep = Message.find(": ");
  if (Sep == std::string::npos)
    reportError(Path, Message);
  else
    std::fprintf(stderr, "%s:%s: error: %s\n", Path.c_str(),
                 Message.substr(0, Sep).c_str(),
                 Message.substr(Sep + 2).c_str());
  return false;
}

std::optional<Module> tool::loadModuleOrReport(const std::string &Input,
                                               const std::string &TypesPath,
                                               bool PruneGlobals) {
  TypeTable Types = TypeTable::builtin();
  if (!TypesPath.empty() && !addTypesFromFileOrReport(TypesPath, Types))
    return std::nullopt;
  std::string Ptx;
  if (!readWholeFileOrReport(Input, Ptx))
    return std::nullopt;
  ParseOptions Options;
  Options.Types = &Types;
  Options.PruneUnusedGlobals = PruneGlobals;
  Expected<Module> M = Module::parse(Ptx, Options);
  if (!M) {
    reportError(Input, M.error());
    return std::nullopt;
  }
  return std::move(*M);
}
