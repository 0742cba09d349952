//===- CommandLine.cpp - CLI11 glue shared by the ptxinject commands ------===//
#include "CommandLine.h"
#include "ToolSupport.h"

#include "ptxinject/support/ByteSize.h"
#include "ptxinject/support/ExitCode.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

using namespace ptxinject::tool;

std::optional<int>
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
      return ExitUsage;
    }
    AfterSeparator->assign(Argv + I + 1, Argv + Argc);
  }
  try {
    App.parse(static_cast<int>(Own.size()), Own.data());
  } catch (const CLI::CallForHelp &) {
    std::fputs(App.help().c_str(), stdout);
    return ExitOk;
  } catch (const CLI::ParseError &E) {
    reportUsageError(Command, std::string(E.what()) + "; see 'ptxinject " +
                                  Command + " --help'");
    return ExitUsage;
  }
  return std::nullopt;
}

CLI::Option *
ptxinject::tool::addByteSizeOption(CLI::App &App, const std::string &Name,
                                   std::optional<std::uint64_t> &Out,
                                   const std::string &Description) {
  return App.add_option_function<std::string>(
      Name,
      [&Out, Name](const std::string &Text) {
        Out = parseByteSize(Text);
        if (!Out)
          throw CLI::ValidationError(Name, "'" + Text +
                                               "' is not a size such as 5G, "
                                               "500M or 4096 (0: no bound)");
      },
      Description);
}

CLI::Option *ptxinject::tool::addSecondsOption(CLI::App &App,
                                               const std::string &Name,
                                               double &Out,
                                               const std::string &Description) {
  return App.add_option_function<std::string>(
      Name,
      [&Out, Name](const std::string &Text) {
        char *End = nullptr;
        double Value = std::strtod(Text.c_str(), &End);
        if (Text.empty() || *End || !std::isfinite(Value) || Value <= 0)
          throw CLI::ValidationError(
              Name, "'" + Text + "' is not a number of seconds above 0");
        Out = Value;
      },
      Description);
}
