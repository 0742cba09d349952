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

bool tool::loadDescriptionOrReport(const std::string &Path,
                                   stackptx::InstructionSet &Set) {
  Expected<stackptx::InstructionSet> Read =
      stackptx::InstructionSet::fromFile(Path);
  if (Read) {
    Set = Read.take();
    return true;
  }
  // The message names the file.
  std::fprintf(stderr, "%s\n", Read.error().Message.c_str());
  return false;
}

std::optional<Module> tool::loadModuleOrReport(const std::string &Input,
                                               const std::string &TypesPath,
                                               bool PruneGlobals) {
  TypeTable Types = TypeTable::builtin();
  if (!TypesPath.empty()) {
    Expected<TypeTable> Read = TypeTable::fromFile(TypesPath);
    if (!Read) {
      std::fprintf(stderr, "%s\n", Read.error().format(TypesPath).c_str());
      return std::nullopt;
    }
    Types = Read.take();
  }
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
