#!/usr/bin/env python3
"""Find lit tests that FileCheck a rewrite of their own source.

ptxinject-rewrite copies a test's comments, CHECK lines included, into its
output. A RUN line that gives that output to `FileCheck %s` without first
passing it through %strip-comments checks the test against itself: it passes
whatever the rewriter does. This script reads the RUN lines of every test
under the folders it is given (Inputs/ folders skipped, as lit skips them) and
names each such FileCheck, exiting 1 when there is one.

It follows the test's own source (%s) and its copies (`cp %s X`) into the
rewriter, the rewriter's output (stdout, `-o FILE`, `> FILE`, `--out-dir DIR`)
into FileCheck (a pipe, `< FILE`, `cat FILE |`), and stops at %strip-comments.

Usage: check_self_filecheck.py PATH...   (test files or folders)
"""
import os
import re
import shlex
import sys

SUFFIXES = (".cu", ".ptx", ".test", ".c", ".stack", ".ast")
REWRITER = "%ptxinject-rewrite"
STRIP = "%strip-comments"

_DIRECTIVE = re.compile(r"(RUN|DEFINE|REDEFINE):(.*)$")


def directives(text):
    """(line number, kind, text) of each RUN/DEFINE line, continuations joined."""
    out, pending = [], None
    for number, line in enumerate(text.splitlines(), 1):
        m = _DIRECTIVE.search(line)
        if not m:
            continue
        body = m.group(2).strip()
        if pending is not None and pending[1] == m.group(1):
            pending = (pending[0], pending[1], pending[2] + " " + body)
        else:
            pending = (number, m.group(1), body)
        if pending[2].endswith("\\"):
            pending = (pending[0], pending[1], pending[2][:-1].rstrip())
            continue
        out.append(pending)
        pending = None
    if pending is not None:
        out.append(pending)
    return out


def words(command):
    try:
        lexer = shlex.shlex(command, posix=True, punctuation_chars="|&;<>")
        lexer.whitespace_split = True
        return list(lexer)
    except ValueError:
        return command.split()


def pipelines(tokens):
    """Splits a RUN line's words at ;, && and || into pipelines of stages."""
    result, stages, stage = [], [], []
    tokens = tokens + [";"]
    skip = False
    for i, token in enumerate(tokens):
        if skip:  # the feature after %if
            skip = False
            continue
        if token == "%if":
            skip = True
            continue
        if token in (";", "&&", "||", "&"):
            stages.append(stage)
            result.append([s for s in stages if s])
            stages, stage = [], []
        elif token == "|":
            stages.append(stage)
            stage = []
        elif token in ("%{", "%}", "%else", "--crash"):
            continue
        elif token == "not" and not stage:
            stage.append("not")
        else:
            stage.append(token)
    return [p for p in result if p]


def redirect(stage, op):
    for i, token in enumerate(stage[:-1]):
        if token == op:
            return stage[i + 1]
    return None


def option(stage, names):
    for i, token in enumerate(stage):
        for name in names:
            if token == name and i + 1 < len(stage):
                return stage[i + 1]
            if token.startswith(name + "="):
                return token[len(name) + 1:]
    return None


def check_file(path):
    """Messages, one per FileCheck of a self-rewrite without %strip-comments."""
    with open(path, errors="replace") as f:
        text = f.read()
    defines, problems = {}, []
    own = {"%s"}
    rewritten = set()
    for number, kind, body in directives(text):
        if kind in ("DEFINE", "REDEFINE"):
            name, _, value = body.partition("=")
            defines[name.strip()] = value.strip()
            continue
        for name, value in defines.items():
            body = body.replace(name, value)
        for stages in pipelines(words(body)):
            tainted = False
            for stage in stages:
                # A run expected to fail (`not`) prints a diagnostic, never a
                # rewrite: the rewriter writes nothing when it fails.
                fails = stage[0] == "not"
                if fails:
                    stage = stage[1:] or [""]
                program = stage[0]
                inputs = set(stage[1:])
                if program == "cp" and len(stage) >= 3 and own & set(stage[1:-1]):
                    own.add(stage[-1])
                    continue
                if program == STRIP:
                    tainted = False
                    continue
                feeds = redirect(stage, "<")
                if feeds in rewritten or (program == "cat" and rewritten & inputs):
                    tainted = True
                if program == REWRITER and own & inputs and not fails:
                    out_dir = option(stage, ["--out-dir"])
                    out = option(stage, ["-o"]) or redirect(stage, ">")
                    if out_dir:
                        rewritten.update(os.path.join(out_dir, os.path.basename(i))
                                         for i in own & inputs)
                    elif out and out != "-":
                        rewritten.add(out)
                    else:
                        tainted = True
                    continue
                if "FileCheck" in program and "%s" in stage[1:] and tainted:
                    problems.append(
                        "%s:%d: FileCheck %%s reads a rewrite of this test's own "
                        "source, which still holds its CHECK lines: pass it through "
                        "%s first" % (path, number, STRIP))
    return problems


def tests(paths):
    for top in paths:
        if os.path.isfile(top):
            yield top
            continue
        for root, dirs, files in os.walk(top):
            dirs[:] = sorted(d for d in dirs if d != "Inputs")
            for name in sorted(files):
                if name.endswith(SUFFIXES):
                    yield os.path.join(root, name)


def main(argv):
    if len(argv) < 2:
        sys.stderr.write("usage: %s PATH...\n" % argv[0])
        return 2
    problems = [p for path in tests(argv[1:]) for p in check_file(path)]
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
