//===- CommandLine.cpp - CLI11 glue shared by the ptxinject commands ------===//
#include "CommandLine.h"
#include "ToolSupport.h"

#include <cstdio>

using namespace ptxinject::tool;

ParseResult
ptxinject::tool::parseCommandLine(CLI::App &App, const char *Command, int Argc,
                                  char **Argv,
                                  std::vector<std::string> *AfterSeparator) {
  std::vector<const char *> Own;
  Own.push_back(Argv[0]);
  int I = 1;
  for (; I < Argc; ++I) {
    if (std::string(Argv[I]) == "--")
      break;
    Own.push_back(Argv[I]);
  }
  if (I < Argc) {
    if (!AfterSeparator) {
      reportUsageError(Command, "'--' is not accepted here: this command "
                                "takes no compiler flags");
      return ParseResult::Failed;
    }
    AfterSeparator->assign(Argv + I + 1, Argv + Argc);
  }
  try {
    App.parse(static_cast<int>(Own.size()), Own.data());
  } catch (const CLI::CallForHelp &) {
    std::fputs(App.help().c_str(), stdout);
    return ParseResult::Help;
  } catch (const CLI::ParseError &E) {
    reportUsageError(Command, std::string(E.what()) + "; see 'ptxinject " +
                                  Command + " --help'");
    return ParseResult::Failed;
  }
  return ParseResult::Ok;
}
