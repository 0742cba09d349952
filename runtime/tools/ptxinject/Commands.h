//===- Commands.h - Subcommands of the ptxinject tool -----------*- C++ -*-===//
//
// Each subcommand lives in its own file and takes the arguments after its
// name. It returns the process exit code (ExitCode.h: 2 for a bad command
// line or an input it cannot read or parse, 1 when a check finds changes or
// a compile fails) and reports errors on stderr as
// "FILE:LINE:COL: error: message", one line each.
//
//===----------------------------------------------------------------------===//
#ifndef PTXINJECT_TOOLS_COMMANDS_H
#define PTXINJECT_TOOLS_COMMANDS_H

namespace ptxinject {
namespace tool {

int runInspect(int Argc, char **Argv);
int runRender(int Argc, char **Argv);
int runStack(int Argc, char **Argv);
int runVariants(int Argc, char **Argv);
int runCache(int Argc, char **Argv);
int runSearch(int Argc, char **Argv);
int runRun(int Argc, char **Argv);
int runDoctor(int Argc, char **Argv);

} // namespace tool
} // namespace ptxinject

#endif
