//===- ToolSupport.cpp - Shared helpers of the ptxinject commands ---------===//
#include "ToolSupport.h"

#include "ptxinject/support/File.h"

#include <cstdio>
#include <string>

using namespace ptxinject;

bool tool::readWholeFileOrReport(const std::string &Path, std::string &Out) {
  Expected<std::string> Text = readFile(Path);
  if (!Text) {
    reportError(Path, Text.error().Message);
    return false;
  }
  Out = Text.take();
  return true;
}

bool tool::writeFileAtomicallyOrReport(const std::string &Path,
                                       std::string_view Content) {
  Error E = writeFileAtomically(Path, Content);
  if (E)
    reportError(Path, E.Message);
  return !E;
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
