#!/usr/bin/env python3
"""Print the template of every `asm volatile(...)` statement in a C++ file.

The template is the run of adjacent string literals right after `asm
volatile(`, joined as the compiler joins them, printed with its escapes as
written, one template per line. Comparing this output for a rewritten file and
for a preprocessed one (`c++ -E`) shows whether two routes emit the same asm
text without compiling either. Reads a file argument or stdin.
"""
import re
import sys

LITERAL = re.compile(r'\s*"((?:[^"\\\n]|\\.)*)"')


def templates(text):
    for start in re.finditer(r"\basm\s+volatile\s*\(", text):
        pos, parts = start.end(), []
        while True:
            m = LITERAL.match(text, pos)
            if not m:
                break
            parts.append(m.group(1))
            pos = m.end()
        yield "".join(parts)


def main():
    text = open(sys.argv[1]).read() if len(sys.argv) > 1 else sys.stdin.read()
    for t in templates(text):
        print(t)


if __name__ == "__main__":
    main()
