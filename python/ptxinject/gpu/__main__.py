"""ptxinject-run: runs the output folder of ``ptxinject variants`` on a data
file and writes each program's outputs and times (docs/gpu.md).

    ptxinject-run OUT --ptx kernel.ptx --launch launch.json --data data.npz \\
        -o results.npz [--csv times.csv] [--check]

launch.json: {"block": [256], "grid": [null, 4], "args": [ARG, ...],
              "sites": {"inject_0": ["kernel", 0], ...}}   (sites optional)
  ARG: {"input": NAME} (an array of the data file), {"output": NAME,
  "dtype": "float32", "shape": [N]}, {"scalar": VALUE, "dtype": "int32"},
  or {"site_timer": true}. A null in grid stands for the entry's sites.
Exit status: 0 every program ran (and matched, with --check), 1 some did
not, 2 a usage or input error.
"""

from __future__ import annotations

import argparse
import csv
import json
import sys

import numpy as np


def _fail(message: str) -> int:
    print(f"ptxinject-run: error: {message}", file=sys.stderr)
    return 2


def _launch_from_json(spec: dict, data, where: str):
    from .launch import Launch, Output, SiteTimer

    args = []
    for i, a in enumerate(spec.get("args", [])):
        if not isinstance(a, dict) or len(set(a) - {"dtype", "shape"}) != 1:
            raise ValueError(f"{where}: args[{i}]: one of input, output, scalar, site_timer")
        if "input" in a:
            if a["input"] not in data:
                raise ValueError(f"{where}: args[{i}]: the data file has no array "
                                 f"{a['input']!r} (it has {', '.join(sorted(data)) or 'none'})")
            args.append(np.ascontiguousarray(data[a["input"]]))
        elif "output" in a:
            args.append(Output(a["output"], np.dtype(a.get("dtype", "float32")),
                               tuple(a.get("shape", ()))))
        elif "scalar" in a:
            args.append(np.dtype(a.get("dtype", "int32")).type(a["scalar"]))
        elif "site_timer" in a:
            args.append(SiteTimer())
        else:
            raise ValueError(f"{where}: args[{i}]: unknown kind {sorted(a)}")
    grid = tuple(spec.get("grid", [None]))
    return Launch(args, block=tuple(spec.get("block", [256])), grid=grid,
                  shared=int(spec.get("shared", 0)))


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="ptxinject-run", description=__doc__.splitlines()[0])
    p.add_argument("folder", help="the output folder of ptxinject variants (its manifest.tsv)")
    p.add_argument("--ptx", help="the module given to ptxinject variants (for the default "
                   "layout, and the registers of --check)")
    p.add_argument("--launch", required=True, help="the launch description (JSON)")
    p.add_argument("--data", required=True, help="the kernel's input arrays (.npz)")
    p.add_argument("-o", "--output", required=True, help="outputs and times per program (.npz)")
    p.add_argument("--csv", help="also one line per program: status, time, site")
    p.add_argument("--check", action="store_true",
                   help="compare outputs with the CPU interpreter (needs --ptx; data arrays "
                   "named as the inject's input registers)")
    a = p.parse_args(argv)

    import ptxinject
    from . import run
    from .check import check
    from .driver import GpuUnavailable

    try:
        with open(a.launch) as f:
            spec = json.load(f)
        data = dict(np.load(a.data))
        launch = _launch_from_json(spec, data, a.launch)
        launch.check()
        module = None
        if a.ptx:
            with open(a.ptx, "rb") as f:
                module = ptxinject.Module.parse(f.read())
        sites = spec.get("sites")
        if module is None and sites is None:
            return _fail("give --ptx, or \"sites\" in the launch description")
        if a.check and module is None:
            return _fail("--check needs --ptx")
        manifest = ptxinject.read_manifest(a.folder)
    except (OSError, ValueError, TypeError, json.JSONDecodeError, ptxinject.Error) as e:
        return _fail(str(e))
    try:
        ran = run(a.folder, launch, module=module,
                  layout={k: tuple(v) for k, v in sites.items()} if sites else None)
    except GpuUnavailable as e:
        return _fail(str(e))

    count = ran.report["programs"]
    names = [o.name for _, o in launch.outputs()]
    arrays = {}
    for _, o in launch.outputs():
        shape = (count,) + o.per_site()
        kind = np.dtype(o.dtype)
        fill = np.nan if kind.kind == "f" else 0
        arrays[o.name] = np.full(shape, fill, dtype=kind)
    time_ms = np.full(count, np.nan)
    ok = np.zeros(count, dtype=bool)
    for program, r in ran.runs.items():
        ok[program] = True
        time_ms[program] = r.time_ms
        for name in names:
            arrays[name][program] = r.outputs[name]
    mismatched = {}
    if a.check:
        rows = {row.program: row for row in manifest.rows}
        texts = [rows[i].text if i in rows else "" for i in range(count)]
        injects = {rows[i].inject for i in ran.runs}
        for inject in sorted(injects):
            registers = ptxinject.variants.stack_registers(module, inject)
            report = check(ran, texts, registers, data, output=names[0] if names else None,
                           only=[p for p in ran.runs if rows[p].inject == inject])
            for m in report.mismatches:
                mismatched[m.program] = str(m)
                print(f"ptxinject-run: mismatch: {m}", file=sys.stderr)
    failed = {f.program: f for f in ran.failures}
    for f in ran.failures:
        print(f"ptxinject-run: program {f.program} ({f.stage}): {f.message}", file=sys.stderr)
    np.savez(a.output, time_ms=time_ms, ok=ok, **arrays)
    if a.csv:
        with open(a.csv, "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(["program", "status", "time_ms", "site_time_ns", "module", "entry", "site",
                        "message"])
            for program in range(count):
                r = ran.runs.get(program)
                if r is not None:
                    status = "mismatch" if program in mismatched else "ok"
                    w.writerow([program, status, f"{r.time_ms:.6f}",
                                "" if r.site_time_ns is None else r.site_time_ns, r.module,
                                r.entry, r.site, mismatched.get(program, "")])
                else:
                    fail = failed.get(program)
                    w.writerow([program, fail.stage if fail else "missing", "", "", "", "", "",
                                fail.message if fail else ""])
    loads = ran.report["load_ms"]
    print(f"ran {len(ran.runs)} of {count} programs in {ran.report['modules']} modules "
          f"({ran.report['launches']} launches, {ran.report['wall_s']:.3f} s, "
          f"{ran.report['programs_per_s']:.0f} programs/s; module load "
          f"{(sum(loads) / len(loads)) if loads else 0:.3f} ms on average)"
          + (f"; {len(mismatched)} mismatched" if a.check else ""))
    return 0 if not ran.failures and not mismatched else 1


if __name__ == "__main__":
    sys.exit(main())
