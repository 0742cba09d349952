#!/usr/bin/env python3
"""readme_tour.py README STEP... [--path DIR]...: run the shell blocks of the
README's tour steps (the ```sh blocks under "**STEP. ...**") exactly as
written, one bash script per step in the current folder, each command echoed.
DIR goes in front of PATH (the toolkit's bin/ for ptxas). Exits with the first
failing step's status; a step without a shell block is an error, so the test
cannot pass on a README that lost its commands."""
import argparse
import os
import re
import subprocess
import sys

parser = argparse.ArgumentParser()
parser.add_argument("readme")
parser.add_argument("steps", nargs="+", type=int)
parser.add_argument("--path", action="append", default=[])
args = parser.parse_args()

with open(args.readme, encoding="utf-8") as f:
    lines = f.read().split("\n")


def blocks_of(step):
    """The sh blocks between "**STEP. " and the next numbered step or heading."""
    start = next((i for i, line in enumerate(lines) if line.startswith("**%d. " % step)), None)
    if start is None:
        sys.exit("readme_tour.py: no step %d in %s" % (step, args.readme))
    blocks, block = [], None
    for line in lines[start + 1:]:
        if block is None and (re.match(r"\*\*\d+\. ", line) or line.startswith("#")):
            break
        if block is None and line.strip() == "```sh":
            block = []
        elif block is not None and line.strip() == "```":
            blocks.append("\n".join(block))
            block = None
        elif block is not None:
            block.append(line)
    if not blocks:
        sys.exit("readme_tour.py: step %d of %s has no sh block" % (step, args.readme))
    return blocks


env = dict(os.environ)
env["PATH"] = os.pathsep.join(args.path + [env.get("PATH", "")])
for step in args.steps:
    for block in blocks_of(step):
        print("== step %d" % step, flush=True)
        status = subprocess.call(["bash", "-euo", "pipefail", "-xc", block], env=env)
        if status:
            sys.exit(status)
