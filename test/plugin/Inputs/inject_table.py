"""Prints the inject table of `ptxinject inspect --json` without source
positions, which legitimately differ between compilers, so two tables can be
compared with diff."""
import json
import sys

with open(sys.argv[1]) as f:
    table = json.load(f)
table.pop("locations", None)
print(json.dumps(table, indent=1, sort_keys=True))
