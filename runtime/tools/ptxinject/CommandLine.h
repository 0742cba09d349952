//===- CommandLine.h - CLI11 glue shared by the ptxinject ----- -*- C++ -*-===//
//
// Every command parses its options with CLI11, so they follow one set of
// rules (--opt value and --opt=value, -o value, generated --help) and report
// mistakes as "ptxinject COMMAND: error: ...". Arguments after a lone '--'
// are compiler flags, kept apart before CLI11 sees the rest.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_TOOLS_COMMANDLINE_H
#define PTXINJECT_TOOLS_COMMANDLINE_H

#include <CLI/CLI.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ptxinject {
namespace tool {

/// Parses Argv (Argv[0] is the command name) with App. Arguments after the
/// first lone '--' go to AfterSeparator when it is given, and are an error
/// otherwise. Prints --help to stdout and usage errors to stderr. Returns
/// the exit code when the command is done (0 after --help, 2 after a
/// usage error), none when it goes on.
std::optional<int>
parseCommandLine(CLI::App &App, const char *Command, int Argc, char **Argv,
                 std::vector<std::string> *AfterSeparator = nullptr);

/// An option whose value is a size such as 5G or 500M (ByteSize.h); any
/// other value is a usage error naming the option.
CLI::Option *addByteSizeOption(CLI::App &App, const std::string &Name,
                               std::optional<std::uint64_t> &Out,
                               const std::string &Description);

/// An option whose value is a number of seconds, more than 0 (fractions
/// allowed).
CLI::Option *addSecondsOption(CLI::App &App, const std::string &Name,
                              double &Out, const std::string &Description);

} // namespace tool
} // namespace ptxinject

#endif
